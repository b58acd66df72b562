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
        while true {
            var cursor = Cursor(index: index, line: line)
            // Scanning through a buffer pointer: array subscripts are calls in debug builds.
            let longField = longField
            let outcome = Result {
                try bytes.withUnsafeBufferPointer { buffer in try Self.record(buffer, &cursor, longField: longField) }
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
        _ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Cursor, longField: Int?
    ) throws -> (
        line: Int, fields: [String]
    )? {
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
        var fields: [String] = []
        while true {
            let column = fields.count + 1
            guard column <= maxFields else {
                throw CSVError(line: startLine, column: column, message: "more than \(maxFields) fields")
            }
            let limit = column == longField ? maxLongFieldBytes : maxFieldBytes
            fields.append(try field(bytes, &cursor, column: column, limit: limit))
            guard cursor.index < count else { return (startLine, fields) }
            switch bytes[cursor.index] {
            case comma:
                cursor.index += 1
            case newline:
                cursor.index += 1
                cursor.line += 1
                return (startLine, fields)
            case carriageReturn where cursor.index + 1 < count && bytes[cursor.index + 1] == newline:
                cursor.index += 2
                cursor.line += 1
                return (startLine, fields)
            case carriageReturn:
                throw CSVError(
                    line: cursor.line, column: column, message: "a carriage return outside quotes")
            default:
                throw CSVError(line: cursor.line, column: column, message: "text after a closing quote")
            }
        }
    }

    private static func field(
        _ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Cursor, column: Int, limit: Int
    ) throws -> String {
        let count = bytes.count
        if cursor.index < count, bytes[cursor.index] == quote {
            let quoteLine = cursor.line
            cursor.index += 1
            var buffer: [UInt8] = []
            while true {
                guard cursor.index < count else {
                    throw CSVError(line: quoteLine, column: column, message: "unterminated quoted field")
                }
                let byte = bytes[cursor.index]
                if byte == quote {
                    if cursor.index + 1 < count, bytes[cursor.index + 1] == quote {
                        buffer.append(quote)
                        cursor.index += 2
                        continue
                    }
                    cursor.index += 1
                    break
                }
                if byte == 0 { throw CSVError(line: cursor.line, column: column, message: "a NUL byte") }
                if byte == newline { cursor.line += 1 }
                buffer.append(byte)
                cursor.index += 1
                if buffer.count > limit { throw tooLong(quoteLine, column, limit) }
            }
            return String(decoding: buffer, as: UTF8.self)
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
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor.index]), as: UTF8.self)
    }

    private static func tooLong(_ line: Int, _ column: Int, _ limit: Int) -> CSVError {
        CSVError(line: line, column: column, message: "a field longer than \(limit) bytes")
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
