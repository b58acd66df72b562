import RoutineCore
import RoutineFile

/// `routine check`'s text and JSON (SPEC §3), drawn from RoutineFile's `CheckReport`.
extension CheckReport {
    /// One line per diagnostic, `path:line:col: severity: message [code]`, then the
    /// summary `N files checked: X errors, Y warnings`. Ends with a new line.
    func text() -> String {
        // Appended as bytes into one buffer (the same text as `Diagnostic.formatted(path:)`
        // per line): a check can report tens of thousands of lines, and appending to a
        // byte array is cheaper than appending to a `String`.
        var out: [UInt8] = []
        var total = 0
        for file in files { total += file.diagnostics.count }
        out.reserveCapacity(total * 112 + 64)
        // Each code's ` severity: ` and ` [code]` parts, as bytes, made once.
        let severities = DiagnosticCode.allCases.map { Array(" \($0.severity.rawValue): ".utf8) }
        let codes = DiagnosticCode.allCases.map { Array(" [\($0.rawValue)]\n".utf8) }
        for file in files {
            // Escaped like the message: a file name with a line break must not forge a
            // diagnostic line of its own, nor ESC reach the terminal.
            let path = Array(Diagnostic.singleLine(file.path).utf8)
            for diagnostic in file.diagnostics {
                out.append(contentsOf: path)
                out.append(UInt8(ascii: ":"))
                if let location = diagnostic.location {
                    Self.appendDecimal(location.line, to: &out)
                    out.append(UInt8(ascii: ":"))
                    Self.appendDecimal(location.column, to: &out)
                    out.append(UInt8(ascii: ":"))
                }
                let code = diagnostic.code.ordinal
                out.append(contentsOf: severities[code])
                // The message's own bytes when it already stands on one line (nearly
                // always), else its escaped form: `singleLineMessage`, without a copy.
                let appended = diagnostic.message.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                    guard ByteScan.isPrintable(bytes, allowingTab: true, allowingNewline: false) else { return false }
                    out.append(contentsOf: bytes)
                    return true
                }
                if appended != true { out.append(contentsOf: diagnostic.singleLineMessage.utf8) }
                out.append(contentsOf: codes[code])
            }
        }
        out.append(contentsOf: summary().utf8)
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` in decimal (what `String(value)` writes), without a `String`.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value > 0 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        // Digit by digit from the highest power of ten (appending a slice of a scratch
        // buffer went through the generic slice copy: 250 instructions a number).
        var power = 1
        while power <= value / 10 { power *= 10 }
        while power > 0 {
            out.append(UInt8(ascii: "0") + UInt8(value / power % 10))
            power /= 10
        }
    }

    /// `2 files checked: 1 error, 1 warning` (singular and plural as English wants).
    func summary() -> String {
        "\(Self.count(files.count, "file")) checked: "
            + "\(Self.count(errorCount, "error")), \(Self.count(warningCount, "warning"))"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The JSON document of SPEC §3, keys in its order; every file is listed, clean
    /// ones with an empty `diagnostics` list. A diagnostic without a position (an
    /// unreadable path) has `"line":null,"column":null`. Ends with a new line.
    func json() -> String { jsonValue.text + "\n" }

    /// The document of `json()` as the one JSON value.
    var jsonValue: JSONValue {
        [
            "files": .array(
                files.map { ["path": .string($0.path), "diagnostics": .array($0.diagnostics.map(Self.json))] }),
            "errors": .integer(errorCount), "warnings": .integer(warningCount),
        ]
    }

    /// One diagnostic as SPEC §3's JSON object (`severity`, `code`, `line`, `column`,
    /// `message`); `line` and `column` are null without a position. Every report that
    /// lists diagnostics in JSON writes them through this.
    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        [
            "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code.rawValue),
            "line": JSONValue(diagnostic.location?.line), "column": JSONValue(diagnostic.location?.column),
            "message": .string(diagnostic.message),
        ]
    }
}
