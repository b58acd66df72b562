import RoutineCore
import RoutineFile
import RoutineTesting

/// `routine test`'s text and JSON, drawn from RoutineTesting's `TestReport`.
extension TestReport {
    /// Diagnostics in `check`'s form, then each failure as
    /// `FILE:LINE:COL: error: expected …, the run … (case 'NAME')`, then `N passed, M failed`.
    func text() -> String {
        var lines: [String] = []
        for file in files {
            lines += file.diagnostics.map { $0.formatted(path: file.path) }
            for testCase in file.cases {
                for failure in testCase.failures {
                    let place = "\(failure.location.line):\(failure.location.column)"
                    let message = Diagnostic.singleLine("\(failure.message) (case '\(testCase.name)')")
                    lines.append("\(Diagnostic.singleLine(file.path)):\(place): error: \(message)")
                }
            }
        }
        if files.isEmpty { lines.append("no test files found (*.test.yaml)") }
        var summary = "\(passed) passed, \(failed) failed"
        if badFiles > 0 { summary += "; \(badFiles) test file\(badFiles == 1 ? "" : "s") with errors" }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON document: every file with its diagnostics (as `check --format json`) and
    /// cases (passed or not, failures at their places, and what the run did), then totals.
    func json() -> String { jsonValue.text + "\n" }

    /// The document of `json()` as the one JSON value.
    var jsonValue: JSONValue {
        [
            "files": .array(
                files.map { file in
                    [
                        "path": .string(file.path), "routine": JSONValue(file.routine),
                        "diagnostics": .array(file.diagnostics.map(CheckReport.json)),
                        "cases": .array(file.cases.map(Self.json)),
                    ]
                }),
            "passed": .integer(passed), "failed": .integer(failed), "errors": .integer(badFiles),
        ]
    }

    private static func json(_ result: CaseResult) -> JSONValue {
        let failures = result.failures.map { failure -> JSONValue in
            [
                "expectation": .string(failure.expectation), "line": .integer(failure.location.line),
                "column": .integer(failure.location.column), "message": .string(failure.message),
            ]
        }
        let run = result.run
        return [
            "name": .string(result.name), "line": .integer(result.location.line),
            "column": .integer(result.location.column), "passed": .bool(result.passed),
            "failures": .array(failures),
            "run": [
                "status": .string(run.status.rawValue), "asked": JSONValue(run.asked.map { $0.habit ?? $0.node }),
                "records": .array(run.entries.map { ["habit": .string($0.habit), "value": JSONValue($0.value)] }),
            ],
        ]
    }
}

/// `routine test --explore`'s text and JSON, drawn from `Explorer.Report`.
extension Explorer.Report {
    /// The findings as `check` prints diagnostics, then one line saying how much was
    /// explored (and, when the bound stopped it, that "never" may be wrong).
    func text(path: String) -> String {
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
    func json(path: String) -> String { jsonValue(path: path).text + "\n" }

    /// The document of `json(path:)` as the one JSON value.
    func jsonValue(path: String) -> JSONValue {
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
