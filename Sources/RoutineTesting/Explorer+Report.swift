import RoutineCore

extension Explorer.Report {
    /// The findings as `check` prints diagnostics, then one line saying how much was
    /// explored (and, when the bound stopped it, that "never" may be wrong).
    public func text(path: String) -> String {
        var lines = findings.map { $0.formatted(path: path) }
        if !complete {
            lines.append(
                "note: stopped at the bound of \(bound) answers after \(walks) walks; "
                    + "what is reported as never happening may happen on a walk not explored, "
                    + "and no condition is reported as constant")
        }
        let count = findings.count
        lines.append(
            "explored \(walks) walk\(walks == 1 ? "" : "s") (7 weekdays × 2 histories): "
                + "\(count) warning\(count == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"path","walks","complete","warnings":[{"code","line","column","message"}]}`.
    public func json(path: String) -> String { jsonValue(path: path).text + "\n" }

    /// The document of `json(path:)` as the one JSON value.
    public func jsonValue(path: String) -> JSONValue {
        let warnings = findings.map { finding -> JSONValue in
            [
                "severity": "warning", "code": .string(finding.code.rawValue), "line": .integer(finding.location.line),
                "column": .integer(finding.location.column), "message": .string(finding.message),
            ]
        }
        return [
            "path": .string(path), "walks": .integer(walks), "complete": .bool(complete), "bound": .integer(bound),
            "warnings": .array(warnings),
        ]
    }
}
