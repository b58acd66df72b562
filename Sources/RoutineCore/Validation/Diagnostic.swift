/// A 1-based line and column (columns count characters) in a source file.
public struct SourceLocation: Codable, Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

public enum Severity: String, Codable, Sendable, Hashable {
    case error
    case warning
}

/// The diagnostic codes of SPEC §3, each with its fixed severity.
public enum DiagnosticCode: String, Codable, Sendable, Hashable, CaseIterable {
    case syntax
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case invalidValue = "invalid-value"
    case duplicateNode = "duplicate-node"
    case undefinedNode = "undefined-node"
    case cycle
    case emptyQuestion = "empty-question"
    case duplicateOption = "duplicate-option"
    case measureConflict = "measure-conflict"
    case unreachableNode = "unreachable-node"
    case singleOption = "single-option"
    case repeatedHabit = "repeated-habit"
    case invalidCondition = "invalid-condition"
    case unknownHabit = "unknown-habit"
    case unknownOption = "unknown-option"
    case unknownMeasureType = "unknown-measure-type"

    private static let all = allCases

    /// The code's place in `allCases`: an index into tables made once per code.
    public var ordinal: Int { Self.all.firstIndex(of: self) ?? 0 }

    public var severity: Severity {
        switch self {
        case .unreachableNode, .singleOption, .repeatedHabit, .unknownHabit, .unknownOption, .unknownMeasureType:
            .warning
        default: .error
        }
    }
}

/// One problem found in a routine file.
public struct Diagnostic: Codable, Sendable, Hashable {
    public var code: DiagnosticCode
    public var message: String
    /// Where in the file; nil only when no position makes sense (an unreadable file).
    public var location: SourceLocation?

    public var severity: Severity { code.severity }

    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation?) {
        self.code = code
        self.message = message
        self.location = location
    }

    /// `path:line:col: severity: message [code]`, the form editors and CI parse.
    ///
    /// Always one line: line breaks and other control characters that a message quotes
    /// from the file (a key such as `"a\nb"`) are shown escaped (`\n`, `\u{1B}`).
    /// The path is escaped the same way: a file name may hold a line break or ESC too.
    public func formatted(path: String) -> String {
        let position = location.map { "\($0.line):\($0.column):" } ?? ""
        return "\(Self.singleLine(path)):\(position) \(severity.rawValue): \(singleLineMessage) [\(code.rawValue)]"
    }

    /// `parts` joined, built in one buffer of the right size: the way to make a message
    /// that tens of thousands of diagnostics carry (appending to a `String` part by part
    /// grows and checks it at every step).
    public static func concatenating(_ parts: [String]) -> String {
        var total = 0
        for part in parts { total += part.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var written = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                    (target + written).initialize(from: source, count: bytes.count)
                    written += bytes.count
                }
            }
            return written
        }
    }

    /// The message as it may stand on one line: line breaks and control characters
    /// (which a quoted YAML key can carry) escaped, so every diagnostic stays one line.
    public var singleLineMessage: String { Self.singleLine(message) }

    /// `text` as it may stand on one line of a terminal or a log: line breaks and
    /// control characters (ESC included) escaped as `\n`, `\r`, `\u{1B}`; tabs and
    /// everything printable kept. Used for messages and for paths (file names may hold
    /// any byte but `/` and NUL).
    public static func singleLine(_ text: String) -> String {
        // Bytes, not scalars: every scalar allowed here is one ASCII byte, and any
        // byte of a non-ASCII scalar is 0x80 or more (the scalar walk was a hot spot).
        let isPlain = { (byte: UInt8) in byte == 0x09 || (byte >= 0x20 && byte < 0x7F) }
        let plain =
            text.utf8.withContiguousStorageIfAvailable {
                ByteScan.isPrintable($0, allowingTab: true, allowingNewline: false)
            }
            ?? text.utf8.allSatisfy(isPlain)
        return plain ? text : oneLine(text)
    }

    private static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out.unicodeScalars.append(scalar)
            default:
                let category = scalar.properties.generalCategory
                if TerminalText.isControl(scalar) || category == .lineSeparator || category == .paragraphSeparator {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
