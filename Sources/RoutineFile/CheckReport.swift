import RoutineCore

/// The outcome of `routine check`: every file checked, with its diagnostics. A value:
/// its text and its JSON (SPEC §3) are drawn by the front end that prints it (RoutineCLI,
/// `CheckReport+Output`); the language server publishes diagnostics its own way.
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
}
