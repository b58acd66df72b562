import RoutineCore
import RoutineFile

/// What `routine test` found: per test file, its diagnostics (a bad test file, as
/// `check` reports a bad routine file) and its cases with their failures.
public struct TestReport: Sendable {
    public struct FileResult: Sendable {
        public var path: String
        /// The routine tested: its file's path, or its stored name; nil when unresolved.
        public var routine: String?
        public var diagnostics: [Diagnostic] = []
        public var cases: [CaseResult] = []

        init(path: String) { self.path = path }

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public struct CaseResult: Sendable {
        public var name: String
        public var location: SourceLocation
        public var failures: [CaseFailure]
        public var run: CaseRun

        public var passed: Bool { failures.isEmpty }
    }

    public var files: [FileResult] = []

    public var passed: Int { files.reduce(0) { $0 + $1.cases.filter(\.passed).count } }
    public var failed: Int { files.reduce(0) { $0 + $1.cases.filter { !$0.passed }.count } }
    /// Test files that could not run (an error in the file, or in finding its routine).
    public var badFiles: Int { files.filter(\.hasErrors).count }

    /// 1 when any case failed, any test file has an error, or no test file was found.
    public var exitStatus: Int32 { failed > 0 || badFiles > 0 || files.isEmpty ? 1 : 0 }

    /// Diagnostics in `check`'s form, then each failure as
    /// `FILE:LINE:COL: error: expected …, the run … (case 'NAME')`, then `N passed, M failed`.
    public func text() -> String {
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
    public func json() -> String { jsonValue.text + "\n" }

    /// The document of `json()` as the one JSON value.
    public var jsonValue: JSONValue {
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
