import ArgumentParser
import RoutineCore
import RoutineFile
import RoutineTesting

extension RoutineCommand {
    /// `routine test [PATH...]` and `routine test --explore FILE` (SPEC §15.1): parses,
    /// calls RoutineTesting, prints. Never writes to a store; a test file naming a stored
    /// routine reads it.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run routine test files (*.test.yaml; folders searched), or explore a routine's every walk.",
            discussion: "See docs/routine-test.md for the test-file format.")

        @Argument(help: ArgumentHelp("Test files or folders (default: the current folder).", valueName: "path"))
        var paths: [String] = []

        @Option(
            help: ArgumentHelp(
                "Walk this routine file on every weekday through every answer, and warn about what never happens.",
                valueName: "file"))
        var explore: String?

        @Option(help: "With --explore: stop after this many answers in all.")
        var bound: Int = 200_000

        @Flag(help: "With --explore: fail (exit 1) when there are warnings.")
        var strict = false

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if explore != nil, !paths.isEmpty {
                throw ValidationError("--explore takes one routine file and no test paths")
            }
            if bound < 1 { throw ValidationError("--bound must be 1 or more") }
        }

        func run() throws {
            if let explore { return try runExplore(explore) }
            let settings = try Settings(options: global)
            let report = RoutineTestRun.run(paths: paths.isEmpty ? ["."] : paths) { name in
                guard let store = try Session.current.existingStore(settings) else {
                    throw RoutineLookupError("the store \(settings.storePath) holds no routines")
                }
                guard let stored = try store.routine(slug: name) else {
                    throw RoutineLookupError(RoutineSource.unknownRoutine(name, store: store).message)
                }
                return stored.routine
            } storeMeasures: {
                // Read, never written; no store (or an unreadable one): the files' own.
                (try? Session.current.existingStore(settings)?.habitSpecs()) ?? [:]
            }
            switch format {
            case .text: Output.block(report.text())
            case .json: Output.block(report.json())
            }
            if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
        }

        private func runExplore(_ path: String) throws {
            let read = RoutineFileReader.readWithDraft(path: path)
            guard let routine = read.result.routine else {
                for diagnostic in read.result.diagnostics { Output.note(diagnostic.formatted(path: path)) }
                let count = read.result.errorCount
                throw CLIError("\(path) has \(count) error\(count == 1 ? "" : "s"); nothing was explored")
            }
            let report = Explorer.explore(routine, draft: read.draft, bound: bound)
            switch format {
            case .text: Output.block(report.text(path: path))
            case .json: Output.block(report.json(path: path))
            }
            if strict, !report.findings.isEmpty { throw ExitCode(1) }
        }
    }
}
