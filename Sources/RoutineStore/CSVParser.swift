/// A strict RFC 4180 reader over UTF-8 bytes: fields separated by `,`, records by LF or
/// CRLF, fields optionally in double quotes with `""` for a quote inside.
///
/// Hostile input is an error, never a crash or a runaway: an unterminated quote, a quote
/// inside an unquoted field, text after a closing quote, a stray CR, a NUL byte, a field
/// over `maxFieldBytes`, or a record over `maxFields` fields. Errors are
/// `StoreError.invalidCSV` with the 1-based line and field number. Blank lines are skipped.
struct CSVParser {
    static let maxFieldBytes = 65_536
    static let maxFields = 64

    private let bytes: [UInt8]
    private var index = 0
    /// The physical line the reader is on (quoted fields may span lines).
    private var line = 1

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The next record and the line it starts on, or nil at the end of the input.
    mutating func next() throws -> (line: Int, fields: [String])? {
        while index < bytes.count {
            if bytes[index] == Self.newline {
                index += 1
                line += 1
            } else if bytes[index] == Self.carriageReturn, index + 1 < bytes.count, bytes[index + 1] == Self.newline {
                index += 2
                line += 1
            } else {
                break
            }
        }
        guard index < bytes.count else { return nil }
        let startLine = line
        var fields: [String] = []
        while true {
            let column = fields.count + 1
            guard column <= Self.maxFields else {
                throw StoreError.invalidCSV(line: startLine, column: column, message: "more than \(Self.maxFields) fields")
            }
            fields.append(try field(column: column))
            guard index < bytes.count else { return (startLine, fields) }
            switch bytes[index] {
            case Self.comma:
                index += 1
            case Self.newline:
                index += 1
                line += 1
                return (startLine, fields)
            case Self.carriageReturn where index + 1 < bytes.count && bytes[index + 1] == Self.newline:
                index += 2
                line += 1
                return (startLine, fields)
            case Self.carriageReturn:
                throw StoreError.invalidCSV(line: line, column: column, message: "a carriage return outside quotes")
            default:
                throw StoreError.invalidCSV(line: line, column: column, message: "text after a closing quote")
            }
        }
    }

    private mutating func field(column: Int) throws -> String {
        if index < bytes.count, bytes[index] == Self.quote {
            let quoteLine = line
            index += 1
            var buffer: [UInt8] = []
            while true {
                guard index < bytes.count else {
                    throw StoreError.invalidCSV(line: quoteLine, column: column, message: "unterminated quoted field")
                }
                let byte = bytes[index]
                if byte == Self.quote {
                    if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                        buffer.append(Self.quote)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                if byte == 0 { throw StoreError.invalidCSV(line: line, column: column, message: "a NUL byte") }
                if byte == Self.newline { line += 1 }
                buffer.append(byte)
                index += 1
                if buffer.count > Self.maxFieldBytes { throw tooLong(quoteLine, column) }
            }
            return String(decoding: buffer, as: UTF8.self)
        }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.comma || byte == Self.newline || byte == Self.carriageReturn { break }
            if byte == Self.quote {
                throw StoreError.invalidCSV(line: line, column: column, message: "a quote inside an unquoted field")
            }
            if byte == 0 { throw StoreError.invalidCSV(line: line, column: column, message: "a NUL byte") }
            index += 1
        }
        if index - start > Self.maxFieldBytes { throw tooLong(line, column) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func tooLong(_ line: Int, _ column: Int) -> StoreError {
        .invalidCSV(line: line, column: column, message: "a field longer than \(Self.maxFieldBytes) bytes")
    }

    /// One field for writing: quoted when it holds a comma, quote, CR or LF (RFC 4180).
    static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == comma || $0 == quote || $0 == newline || $0 == carriageReturn })
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
