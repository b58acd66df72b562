/// Rows in the binary format of `COPY … FROM STDIN (FORMAT binary)`: a signature, then
/// each row as a field count and each field as a length and its bytes, then -1. Bytes go
/// as they are (the text format sends bytea as hex, twice the size, which the server must
/// decode): the first sync of a ten-year store pushes ~40 MB of ciphertext.
///
/// Each value is written in its column type's binary form, so the target's columns must
/// be `text` for `.text`, `bigint` for `.int`, `boolean` for `.bool`, `bytea` for
/// `.bytes`.
struct BinaryCopyEncoder: CopyRowEncoder {
    private(set) var buffer: [UInt8] = []

    init(capacity: Int) {
        buffer.reserveCapacity(capacity)
        buffer.append(contentsOf: Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00])
        appendInt32(0)  // flags
        appendInt32(0)  // header extension length
    }

    mutating func append(_ row: [PostgresValue]) throws(PostgresError) {
        appendInt16(Int16(row.count))
        for value in row {
            switch value {
            case .null: appendInt32(-1)
            case .int(let number):
                appendInt32(8)
                withUnsafeBytes(of: number.bigEndian) { buffer.append(contentsOf: $0) }
            case .bool(let flag):
                appendInt32(1)
                buffer.append(flag ? 1 : 0)
            case .text(let text):
                let bytes = Array(text.utf8)
                guard !bytes.contains(0) else { throw .badParameter("text holds a NUL character") }
                appendInt32(Int32(bytes.count))
                buffer.append(contentsOf: bytes)
            case .bytes(let bytes):
                appendInt32(Int32(bytes.count))
                buffer.append(contentsOf: bytes)
            }
        }
    }

    /// The end of the data.
    mutating func finish() {
        appendInt16(-1)
    }

    mutating func removeFirst(_ count: Int) {
        buffer.removeFirst(count)
    }

    private mutating func appendInt32(_ value: Int32) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }

    private mutating func appendInt16(_ value: Int16) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }
}

/// What `copyIn` writes rows with: the text format or the binary one.
protocol CopyRowEncoder {
    var buffer: [UInt8] { get }
    init(capacity: Int)
    mutating func append(_ row: [PostgresValue]) throws(PostgresError)
    mutating func finish()
    mutating func removeFirst(_ count: Int)
}

extension CopyEncoder: CopyRowEncoder {
    mutating func finish() {}
}
