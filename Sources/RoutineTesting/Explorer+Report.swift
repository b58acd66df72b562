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
    public func json(path: String) -> String {
        let warnings = findings.map { finding in
            "{\"severity\":\"warning\",\"code\":\(JSONText.string(finding.code.rawValue)),"
                + "\"line\":\(finding.location.line),\"column\":\(finding.location.column),"
                + "\"message\":\(JSONText.string(finding.message))}"
        }
        return "{\"path\":\(JSONText.string(path)),\"walks\":\(walks),\"complete\":\(complete),"
            + "\"bound\":\(bound),\"warnings\":[\(warnings.joined(separator: ","))]}\n"
    }
}
