import Foundation

/// A strict RFC 4180 reader over UTF-8 bytes: fields separated by `,`, records by LF or
/// CRLF, fields optionally in double quotes with `""` for a quote inside.
///
/// Hostile input is an error, never a crash or a runaway: an unterminated quote, a quote
/// inside an unquoted field, text after a closing quote, a stray CR, a NUL byte, a field
/// over `maxFieldBytes` (`maxLongFieldBytes` in the `longField` column), or a record over
/// `maxFields` fields. Errors are
/// `CSVError` with the 1-based line and field number. Blank lines are skipped.
package struct CSVReader {
    static let maxFieldBytes = 65_536
    /// For the one column whose text the store keeps at any length (an entry's note):
    /// SQLite's own limit on a text value (`SQLITE_MAX_LENGTH`), so that what `entries
    /// --format csv` writes reads back. The file is in memory already; this only stops
    /// a runaway field.
    static let maxLongFieldBytes = 1_000_000_000
    static let maxFields = 64

    /// The 1-based column that may be longer than `maxFieldBytes` (the note), if any.
    var longField: Int?

    /// The text, or (reading a file) the part of it read and not yet consumed.
    private var bytes: [UInt8]
    private var index = 0
    /// The physical line the reader is on (quoted fields may span lines).
    private var line = 1
    /// The file read a chunk at a time, if the text is not all in `bytes`.
    private var file: FileHandle?

    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Reads the file `handle` a chunk at a time (`chunkBytes`), holding one record and
    /// one chunk, not the whole text: the records, lines and errors are those of
    /// `init(_:)` over the file's text. The file must be UTF-8 already (checked by the
    /// caller): fields are decoded without a second check.
    package init(file handle: FileHandle, chunkBytes: Int = 1 << 20) {
        bytes = []
        file = handle
        self.chunkBytes = max(1, chunkBytes)
    }

    /// How much a file reader reads at a time.
    private var chunkBytes = 0

    /// The number of LF bytes in the whole text (a bound on its records). Counted over
    /// a buffer pointer, which the compiler vectorises: iterating `String.UTF8View`
    /// cost about 30 instructions a byte (3 % of a 365,000-row import).
    var lineFeedCount: Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for byte in buffer where byte == Self.newline { count += 1 }
            return count
        }
    }

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The next record and the line it starts on, or nil at the end of the input.
    package mutating func next() throws -> (line: Int, fields: [String])? {
        guard let line = try nextRecord() else { return nil }
        return (line, withFields { fields in (0..<fields.count).map { fields.string($0) } })
    }

    /// Reads the next record and returns the line it starts on, or nil at the end of the
    /// input. Its fields are then read where they lie with `withFields`, until the next
    /// call: no `String` per field (a 365,000-row import made six a row).
    package mutating func nextRecord() throws -> Int? {
        // Taken out for the scan, so that it may write them while it reads `bytes`.
        var spans: [Span] = []
        var unquoted: [UInt8] = []
        swap(&spans, &self.spans)
        swap(&unquoted, &self.unquoted)
        defer {
            swap(&spans, &self.spans)
            swap(&unquoted, &self.unquoted)
        }
        while true {
            var cursor = Cursor(index: index, line: line)
            // Scanning through a buffer pointer: array subscripts are calls in debug builds.
            let longField = longField
            let outcome = Result {
                try bytes.withUnsafeBufferPointer { buffer in
                    try Self.record(buffer, &cursor, &spans, &unquoted, longField: longField)
                }
            }
            // Reading a file: a record that reached the last byte read (the scanner looks
            // one byte ahead, for CRLF and `""`) may go on in the next chunk, so it is read
            // again with more of the file; any other outcome is the same as over the whole text.
            if let file, cursor.index + 1 >= bytes.count, try more(from: file) { continue }
            index = cursor.index
            line = cursor.line
            return try outcome.get()
        }
    }

    /// The fields of the record `nextRecord` read last, as UTF-8 bytes where they lie.
    package func withFields<Value>(_ body: (Fields) throws -> Value) rethrows -> Value {
        try bytes.withUnsafeBufferPointer { text in
            try unquoted.withUnsafeBufferPointer { unquoted in
                try spans.withUnsafeBufferPointer { spans in
                    try body(Fields(text: text, unquoted: unquoted, spans: spans))
                }
            }
        }
    }

    /// A record's fields, valid inside `withFields` only.
    package struct Fields {
        fileprivate let text: UnsafeBufferPointer<UInt8>
        fileprivate let unquoted: UnsafeBufferPointer<UInt8>
        fileprivate let spans: UnsafeBufferPointer<Span>

        package var count: Int { spans.count }

        /// The field's bytes, its quotes removed and `""` read as `"`.
        package subscript(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let span = spans[index]
            let range = span.start..<(span.start + span.count)
            return UnsafeBufferPointer(rebasing: span.unquoted ? unquoted[range] : text[range])
        }

        package func string(_ index: Int) -> String {
            String(decoding: self[index], as: UTF8.self)
        }
    }

    /// Where a field lies: in the text, or (a quoted field with `""` inside) in `unquoted`.
    fileprivate struct Span {
        var start: Int
        var count: Int
        var unquoted: Bool
    }

    /// The fields of the record last read.
    private var spans: [Span] = []
    /// The quoted fields of the record last read that held a `""`, as read.
    private var unquoted: [UInt8] = []

    /// Drops the bytes consumed and appends the next chunk of `file` — at least as many
    /// bytes as are waiting, so that a long record is read again only a few times, not once
    /// a chunk; false at the file's end (then nothing moves: the record just read stands).
    private mutating func more(from file: FileHandle) throws -> Bool {
        guard let chunk = try file.read(upToCount: max(chunkBytes, bytes.count - index)), !chunk.isEmpty else {
            self.file = nil
            return false
        }
        if index > 0 {
            bytes.removeSubrange(0..<index)
            index = 0
        }
        chunk.withUnsafeBytes { bytes.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
        return true
    }

    private struct Cursor {
        var index: Int
        var line: Int
    }

    private static func record(
        _ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Cursor, _ spans: inout [Span], _ unquoted: inout [UInt8],
        longField: Int?
    ) throws -> Int? {
        spans.removeAll(keepingCapacity: true)
        unquoted.removeAll(keepingCapacity: true)
        let count = bytes.count
        while cursor.index < count {
            if bytes[cursor.index] == newline {
                cursor.index += 1
                cursor.line += 1
            } else if bytes[cursor.index] == carriageReturn, cursor.index + 1 < count,
                bytes[cursor.index + 1] == newline
            {
                cursor.index += 2
                cursor.line += 1
            } else {
                break
            }
        }
        guard cursor.index < count else { return nil }
        let startLine = cursor.line
        while true {
            let column = spans.count + 1
            guard column <= maxFields else {
                throw CSVError(line: startLine, column: column, message: "more than \(maxFields) fields")
            }
            let limit = column == longField ? maxLongFieldBytes : maxFieldBytes
            spans.append(try field(bytes, &cursor, &unquoted, column: column, limit: limit))
            guard cursor.index < count else { return startLine }
            switch bytes[cursor.index] {
            case comma:
                cursor.index += 1
            case newline:
                cursor.index += 1
                cursor.line += 1
                return startLine
            case carriageReturn where cursor.index + 1 < count && bytes[cursor.index + 1] == newline:
                cursor.index += 2
                cursor.line += 1
                return startLine
            case carriageReturn:
                throw CSVError(
                    line: cursor.line, column: column, message: "a carriage return outside quotes")
            default:
                throw CSVError(line: cursor.line, column: column, message: "text after a closing quote")
            }
        }
    }

    private static func field(
        _ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Cursor, _ unquoted: inout [UInt8], column: Int,
        limit: Int
    ) throws -> Span {
        let count = bytes.count
        if cursor.index < count, bytes[cursor.index] == quote {
            let quoteLine = cursor.line
            cursor.index += 1
            let start = cursor.index
            // The field's bytes stay where they lie until a `""`: from there on they are
            // copied, unquoted, to `unquoted` (from `copiedFrom` on).
            var copiedFrom: Int?
            var length = 0
            while true {
                guard cursor.index < count else {
                    throw CSVError(line: quoteLine, column: column, message: "unterminated quoted field")
                }
                let byte = bytes[cursor.index]
                if byte == quote {
                    if cursor.index + 1 < count, bytes[cursor.index + 1] == quote {
                        if copiedFrom == nil {
                            copiedFrom = unquoted.count
                            unquoted.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<cursor.index]))
                        }
                        unquoted.append(quote)
                        length += 1
                        cursor.index += 2
                        continue
                    }
                    cursor.index += 1
                    break
                }
                if byte == 0 { throw CSVError(line: cursor.line, column: column, message: "a NUL byte") }
                if byte == newline { cursor.line += 1 }
                if copiedFrom != nil { unquoted.append(byte) }
                length += 1
                cursor.index += 1
                // Checked after each byte but a `""`'s quote, as the field is read.
                if length > limit { throw tooLong(quoteLine, column, limit) }
            }
            if let copiedFrom { return Span(start: copiedFrom, count: length, unquoted: true) }
            return Span(start: start, count: length, unquoted: false)
        }
        let start = cursor.index
        while cursor.index < count {
            let byte = bytes[cursor.index]
            if byte == comma || byte == newline || byte == carriageReturn { break }
            if byte == quote {
                throw CSVError(
                    line: cursor.line, column: column, message: "a quote inside an unquoted field")
            }
            if byte == 0 { throw CSVError(line: cursor.line, column: column, message: "a NUL byte") }
            cursor.index += 1
        }
        if cursor.index - start > limit { throw tooLong(cursor.line, column, limit) }
        return Span(start: start, count: cursor.index - start, unquoted: false)
    }

    private static func tooLong(_ line: Int, _ column: Int, _ limit: Int) -> CSVError {
        CSVError(line: line, column: column, message: "a field longer than \(limit) bytes")
    }

    /// `UUID(uuidString:)` of a uid cell, with the form the exports write
    /// (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hex digits of either case) read by hand
    /// from its bytes: Foundation reads every uid through `sscanf` (a twentieth of an
    /// import). Any other text goes to Foundation, which decides what a uid is.
    static func uid(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        if bytes.count == 36 {
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let complete = withUnsafeMutableBytes(of: &uuid) { raw -> Bool in
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        guard bytes[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else {
                        return false
                    }
                    raw[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            if complete { return UUID(uuid: uuid) }
        }
        return UUID(uuidString: String(decoding: bytes, as: UTF8.self))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A free text for writing (a habit, a unit, a note, a routine, a question, an
    /// answer): neutralised, then quoted as RFC 4180 needs.
    ///
    /// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or a
    /// carriage return before one) as a formula: such a text gets a leading `'`, as
    /// OWASP advises ("CSV Injection"), which a spreadsheet shows as text and hides. A
    /// text that starts with `'` itself gets one more, so `text(fromCell:)` reads every
    /// text back exactly: one leading `'` is always the mark, and dropped.
    static func textCell(_ text: String) -> String {
        guard let first = text.utf8.first, formulaStarts.contains(first) else { return quoted(text) }
        return quoted("'" + text)
    }

    /// A free text as `textCell` wrote it (or a person, or a spreadsheet saving it):
    /// one leading `'` removed.
    static func text(fromCell cell: String) -> String {
        cell.utf8.first == apostrophe ? String(cell.dropFirst()) : cell
    }

    private static let apostrophe = UInt8(ascii: "'")
    /// The first bytes that make a cell a formula (OWASP), and the mark itself.
    private static let formulaStarts: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "\t"),
        UInt8(ascii: "\r"), apostrophe,
    ]

    /// One field for writing: quoted when it holds a comma, quote, CR or LF (RFC 4180).
    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == comma || $0 == quote || $0 == newline || $0 == carriageReturn })
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
