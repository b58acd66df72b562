import RoutineCore

/// The outcome of `routine check`: every file checked, with its diagnostics.
public struct CheckReport: Sendable {
    /// One checked file (or a path that could not be read).
    public struct File: Sendable {
        /// The path as shown: as given, or joined under the folder that was given.
        public var path: String
        /// Sorted by position; an unreadable path has one diagnostic without a position.
        public var diagnostics: [Diagnostic]

        public init(path: String, diagnostics: [Diagnostic]) {
            self.path = path
            self.diagnostics = diagnostics
        }
    }

    /// In the order the paths were given; files of a folder sorted by path.
    public var files: [File]

    public init(files: [File]) { self.files = files }

    public var errorCount: Int { count(of: .error) }

    public var warningCount: Int { count(of: .warning) }

    private func count(of severity: Severity) -> Int {
        var total = 0
        for file in files {
            for diagnostic in file.diagnostics where diagnostic.severity == severity { total += 1 }
        }
        return total
    }

    /// 0 when no file has an error (warnings allowed), 1 when any has; with `strict`,
    /// a warning fails the check too. Severities themselves never change.
    public func exitStatus(strict: Bool) -> Int32 {
        if errorCount > 0 { return 1 }
        if strict && warningCount > 0 { return 1 }
        return 0
    }

    /// One line per diagnostic, `path:line:col: severity: message [code]`, then the
    /// summary `N files checked: X errors, Y warnings`. Ends with a new line.
    public func text() -> String {
        // Appended as bytes into one buffer (the same text as `Diagnostic.formatted(path:)`
        // per line): a check can report tens of thousands of lines, and appending to a
        // byte array is cheaper than appending to a `String`.
        var out: [UInt8] = []
        for file in files {
            // Escaped like the message: a file name with a line break must not forge a
            // diagnostic line of its own, nor ESC reach the terminal.
            let path = Diagnostic.singleLine(file.path)
            for diagnostic in file.diagnostics {
                out.append(contentsOf: path.utf8)
                out.append(UInt8(ascii: ":"))
                if let location = diagnostic.location {
                    out.append(contentsOf: String(location.line).utf8)
                    out.append(UInt8(ascii: ":"))
                    out.append(contentsOf: String(location.column).utf8)
                    out.append(UInt8(ascii: ":"))
                }
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: diagnostic.severity.rawValue.utf8)
                out.append(contentsOf: ": ".utf8)
                out.append(contentsOf: diagnostic.singleLineMessage.utf8)
                out.append(contentsOf: " [".utf8)
                out.append(contentsOf: diagnostic.code.rawValue.utf8)
                out.append(contentsOf: "]\n".utf8)
            }
        }
        out.append(contentsOf: summary().utf8)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `2 files checked: 1 error, 1 warning` (singular and plural as English wants).
    public func summary() -> String {
        "\(Self.count(files.count, "file")) checked: "
            + "\(Self.count(errorCount, "error")), \(Self.count(warningCount, "warning"))"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The JSON document of SPEC §3, keys in its order; every file is listed, clean
    /// ones with an empty `diagnostics` list. A diagnostic without a position (an
    /// unreadable path) has `"line":null,"column":null`. Ends with a new line.
    public func json() -> String {
        var out = "{\"files\":["
        for (fileIndex, file) in files.enumerated() {
            if fileIndex > 0 { out += "," }
            out += "{\"path\":\(JSONText.string(file.path)),\"diagnostics\":["
            for (index, diagnostic) in file.diagnostics.enumerated() {
                if index > 0 { out += "," }
                out += Self.json(diagnostic)
            }
            out += "]}"
        }
        out += "],\"errors\":\(errorCount),\"warnings\":\(warningCount)}\n"
        return out
    }

    /// One diagnostic as SPEC §3's JSON object (`severity`, `code`, `line`, `column`,
    /// `message`); `line` and `column` are null without a position. Every report that
    /// lists diagnostics (`check`, `routine test`) writes them through this.
    public static func json(_ diagnostic: Diagnostic) -> String {
        let line = diagnostic.location.map { String($0.line) } ?? "null"
        let column = diagnostic.location.map { String($0.column) } ?? "null"
        return "{\"severity\":\(JSONText.string(diagnostic.severity.rawValue)),"
            + "\"code\":\(JSONText.string(diagnostic.code.rawValue)),"
            + "\"line\":\(line),\"column\":\(column),"
            + "\"message\":\(JSONText.string(diagnostic.message))}"
    }
}
