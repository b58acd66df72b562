import ArgumentParser
import RoutineApp

extension RoutineCommand {
    /// `routine unarchive NAME`.
    struct Unarchive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive", abstract: "Bring back an archived routine.")

        @Argument(help: ArgumentHelp("The routine's name.", valueName: "routine"), completion: .routineName)
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try RoutineSource.setArchived(name, false, global: global)
            Output.line("unarchived routine '\(name)'")
        }
    }
}
