import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

extension RoutineCommand {
    /// `routine new NAME`: a starter routine file in `routines/`.
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a starter routine to routines/NAME.yaml, to edit with 'edit NAME'.")

        @Argument(help: ArgumentHelp("The new routine's name (lower-case letters, digits, dashes).", valueName: "name"))
        var name: String

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if !Slug.isValid(name) {
                throw ValidationError(
                    "'\(name)' is not a routine name: use lower-case letters, digits and dashes, e.g. morning-run")
            }
        }

        func run() throws {
            let path = Authoring.path(for: name)
            if FileManager.default.fileExists(atPath: path) {
                throw CLIError("\(path) already exists; open it with 'edit \(name)'")
            }
            // A stored routine of that name would be replaced by the starter on its first
            // import: `edit NAME` changes the stored one instead (issue 19 item 20).
            let settings = try Settings(options: global)
            if let store = try Session.current.existingStore(settings), try store.routine(slug: name) != nil {
                throw CLIError("a routine named '\(name)' is stored already; change it with 'edit \(name)'")
            }
            do {
                try FileManager.default.createDirectory(atPath: Authoring.folder, withIntermediateDirectories: true)
                try StarterRoutine.text(slug: name).write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError("cannot write \(path): \(error.localizedDescription)")
            }
            Output.line("wrote \(path); change it with 'edit \(name)', which checks and imports it")
        }
    }
}
