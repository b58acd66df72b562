import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine unpause ID`: removes a pause; figures change as when an entry is deleted.
    struct Unpause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unpause", abstract: "Remove a pause (see 'pauses' for ids).")

        @Argument(help: ArgumentHelp("The pause's id.", valueName: "pause-id"))
        var id: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            guard let number = Int64(id), number > 0 else {
                throw CLIError("'\(id)' is not a pause id (see 'pauses')")
            }
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings) else {
                throw CLIError("no pause with id \(number) (see 'pauses')")
            }
            let pause = try store.deletePause(id: number)
            Output.line("removed pause \(pause.id): \(Pauses.what(pause)) from \(pause.from) to \(pause.to)")
        }
    }
}
