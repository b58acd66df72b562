import ArgumentParser
import RoutineApp

extension RoutineCommand {
    /// `routine archive NAME`: hides a routine; nothing of it is lost.
    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Hide a routine from list and completion; run refuses it. Versions, runs and entries are kept.")

        @Argument(help: ArgumentHelp("The routine's name.", valueName: "routine"), completion: .routineName)
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try RoutineSource.setArchived(name, true, global: global)
            Output.line("archived routine '\(name)' ('routine unarchive \(name)' brings it back)")
        }
    }
}
