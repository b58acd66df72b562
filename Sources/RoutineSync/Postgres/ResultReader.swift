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
        // Through a table, bytes written in place: a first pull decodes 20 MB of hex.
        var valid = true
        let bytes = [UInt8](unsafeUninitializedCapacity: (text.count - 2) / 2) { buffer, count in
            nibbles.withUnsafeBufferPointer { table in
                var index = 2
                for position in 0..<buffer.count {
                    let high = table[Int(text[index])]
                    let low = table[Int(text[index + 1])]
                    valid = valid && high | low < 16
                    buffer[position] = high << 4 | low & 15
                    index += 2
                }
            }
            count = buffer.count
        }
        return valid ? bytes : nil
    }

    /// Each byte's value as a hex digit, 255 for one that is not.
    private static let nibbles: [UInt8] = (0...255).map { character in
        switch UInt8(character) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(character) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(character) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(character) - UInt8(ascii: "A") + 10
        default: 255
        }
    }
}
