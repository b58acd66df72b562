import ArgumentParser
import Foundation
import RoutineApp

extension RoutineCommand {
    /// `routine backup FILE`: a consistent copy of the whole store.
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Write a consistent copy of the whole store to FILE (safe while other routine processes write).",
            discussion: """
                The copy is a SQLite file holding everything: routines and their versions, habits, entries, runs, \
                goals. An existing FILE is refused unless --force is given (then it is replaced only once the copy \
                is complete). 'routine restore FILE' brings it back.
                """)

        @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "path"), completion: .file())
        var file: String

        @Flag(help: "Replace FILE if it exists.")
        var force = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            guard FileManager.default.fileExists(atPath: settings.storePath) else {
                throw CLIError("there is no store at \(settings.storePath) yet: nothing to back up")
            }
            try Session.current.store(settings).backup(to: file, replacing: force)
            Output.line("backed up \(settings.storePath) to \(file)")
        }
    }
}
