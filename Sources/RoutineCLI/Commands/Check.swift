import ArgumentParser
import RoutineFile
import RoutineTesting

extension RoutineCommand {
    /// `routine check PATH...`: validates routine files without touching any store.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract:
                "Check routine files (folders: every *.yaml/*.yml inside, recursively) without touching any store.")

        @Argument(help: ArgumentHelp("Files or folders to check.", valueName: "path"), completion: .routineFiles)
        var paths: [String]

        @Flag(help: "Fail (exit 1) on warnings too.")
        var strict = false

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if paths.isEmpty { throw ValidationError("name at least one file or folder to check") }
        }

        func run() throws {
            // A one-shot process need not free the last file's trees before it exits: the
            // keeper is deliberately never released there (see `TreeKeeper`).
            var keeper: TreeKeeper?
            if !Session.current.isREPL {
                let kept = TreeKeeper()
                _ = Unmanaged.passRetained(kept)
                keeper = kept
            }
            // A test file named outright gets the diagnostics `routine test` and the
            // language server give for its shape (its cases are `routine test`'s to run).
            let report = CheckRun.check(paths: paths, keeping: keeper, testFile: TestFileShape.diagnostics(of:))
            switch format {
            case .text: Output.block(report.text())
            case .json: Output.block(report.json())
            }
            let status = report.exitStatus(strict: strict)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
