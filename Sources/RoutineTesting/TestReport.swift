import RoutineCore
import RoutineFile

/// What `routine test` found: per test file, its diagnostics (a bad test file, as
/// `check` reports a bad routine file) and its cases with their failures. A value: its
/// text and JSON are drawn by RoutineCLI (`TestReport+Output`).
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
}
