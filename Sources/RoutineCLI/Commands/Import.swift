import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

extension RoutineCommand {
    /// `routine import PATH...`: validates and stores routine files, each all or nothing.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import routine files into the store (each file only if it has no error).")

        @Argument(help: ArgumentHelp("Files or folders to import.", valueName: "path"), completion: .routineFiles)
        var paths: [String]

        @Flag(help: "Import a file even when it equals an older version (it becomes the newest).")
        var force = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if paths.isEmpty { throw ValidationError("name at least one file or folder to import") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            // A test file named outright (`routines/*.yaml` in a shell holds them) is
            // `routine test`'s: passed over in one line, not reported as a broken routine.
            let named = CheckRun.expand(paths)
            let tests = named.filter { CheckRun.isTestFile(($0 as NSString).lastPathComponent) }
            let files = named.filter { !tests.contains($0) }
            for path in tests { Output.line("skipped \(path): a routine test file ('routine test' runs it)") }
            if files.isEmpty { throw CLIError("no routine files (*.yaml, *.yml) in \(paths.joined(separator: " "))") }
            let existed = FileManager.default.fileExists(atPath: settings.storePath)
            let store = try Session.current.store(settings)
            var failed = 0
            for path in files {
                do {
                    let loaded = try RoutineSource.file(path, store: store)
                    let result = try RoutineSource.importFile(
                        loaded, into: store, force: force)
                    Output.line(Self.describe(result))
                    for change in result.scheduleChanges { Output.line(change.line) }
                } catch {
                    failed += 1
                    printError("routine: " + (CLIError.describe(error) ?? "\(error)"))
                }
            }
            if failed > 0 {
                if failed == files.count, !existed {
                    // Nothing was imported: leave no new, empty store behind.
                    Session.current.closeStores()
                    AppServices.discardNew(settings.storePath)
                }
                throw CLIError("\(failed) of \(files.count) file\(files.count == 1 ? "" : "s") not imported")
            }
        }

        /// The line `import` prints for one file (the studio's Import button says the same).
        static func describe(_ result: ImportResult) -> String {
            switch result.outcome {
            case .created: "imported \(result.slug) (version \(result.versionNumber))"
            case .newVersion: "imported \(result.slug) as version \(result.versionNumber)"
            case .unchanged: "\(result.slug) unchanged (version \(result.versionNumber))"
            }
        }
    }
}
