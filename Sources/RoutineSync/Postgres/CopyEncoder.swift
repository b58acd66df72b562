/// Rows in the text format of `COPY … FROM STDIN`, accumulated in a byte buffer.
///
/// Fields are separated by tabs and rows end with a newline, so a backslash, tab,
/// newline or carriage return inside text is written as `\\`, `\t`, `\n`, `\r`; NULL is
/// `\N`; bytes are bytea's hex input `\x…`, whose backslash COPY needs doubled.
struct CopyEncoder {
    private(set) var buffer: [UInt8] = []

    private static let hexDigits = Array("0123456789abcdef".utf8)

    init(capacity: Int) { buffer.reserveCapacity(capacity) }

    /// Appends one row, or throws (appending nothing) for text holding a NUL character.
    mutating func append(_ row: [PostgresValue]) throws(PostgresError) {
        let start = buffer.count
        for (index, value) in row.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: "\t")) }
            do {
                try append(value)
            } catch {
                buffer.removeSubrange(start...)
                throw error
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Takes the first `count` bytes out of the buffer (what was just sent).
    mutating func removeFirst(_ count: Int) {
        buffer.removeFirst(count)
    }

    private mutating func append(_ value: PostgresValue) throws(PostgresError) {
        switch value {
        case .null: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
        case .int(let number): buffer.append(contentsOf: String(number).utf8)
        case .bool(let flag): buffer.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .text(let text): try appendEscaped(text)
        case .bytes(let bytes):
            buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
            appendHex(bytes)
        }
    }

    /// Two hex digits a byte, written through a pointer into a new array and appended in
    /// one copy: the first sync hex-encodes tens of megabytes.
    private mutating func appendHex(_ bytes: [UInt8]) {
        let hex = [UInt8](unsafeUninitializedCapacity: bytes.count * 2) { output, initialized in
            var position = 0
            for byte in bytes {
                output[position] = Self.hexDigits[Int(byte >> 4)]
                output[position + 1] = Self.hexDigits[Int(byte & 0x0f)]
                position += 2
            }
            initialized = position
        }
        buffer.append(contentsOf: hex)
    }

    private mutating func appendEscaped(_ text: String) throws(PostgresError) {
        for byte in text.utf8 {
            switch byte {
            case 0: throw .badParameter("text holds a NUL character, which PostgreSQL cannot store")
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            default: buffer.append(byte)
            }
        }
    }
}
