/// Copies a libpq result into `PostgresRows`: names, types, and each field as text or,
/// for `bytea`, as bytes decoded from PostgreSQL's `\x…` hex form.
struct ResultReader {
    let library: LibPQ
    let result: OpaquePointer

    static let byteaOID: UInt32 = 17

    func rows() -> PostgresRows {
        let rowCount = Int(library.ntuples(result))
        let columnCount = Int(library.nfields(result))
        let columns = (0..<columnCount).map { column in
            library.fname(result, Int32(column)).map { String(cString: $0) } ?? "?column?"
        }
        let types = (0..<columnCount).map { library.ftype(result, Int32($0)) }
        var cells: [PostgresRows.Cell] = []
        cells.reserveCapacity(rowCount * columnCount)
        for row in 0..<Int32(rowCount) {
            for column in 0..<Int32(columnCount) {
                cells.append(cell(row, column, isBytea: types[Int(column)] == Self.byteaOID))
            }
        }
        let affected = library.cmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
        return PostgresRows(columns: columns, types: types, cells: cells, affected: affected)
    }

    private func cell(_ row: Int32, _ column: Int32, isBytea: Bool) -> PostgresRows.Cell {
        guard library.getisnull(result, row, column) == 0, let value = library.getvalue(result, row, column) else {
            return .null
        }
        let length = Int(library.getlength(result, row, column))
        let bytes = UnsafeRawBufferPointer(start: value, count: length)
        if isBytea, let decoded = Self.decodeHex(bytes) { return .bytes(decoded) }
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    /// `\x0a0b…` to its bytes; nil when the text is not that form (then the caller keeps it
    /// as text, and a `bytes` read of it fails with a clear line instead of wrong data).
    static func decodeHex(_ text: UnsafeRawBufferPointer) -> [UInt8]? {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x"), text.count % 2 == 0
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: (text.count - 2) / 2)
        var index = 2
        for position in bytes.indices {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
            bytes[position] = high << 4 | low
            index += 2
        }
        return bytes
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
