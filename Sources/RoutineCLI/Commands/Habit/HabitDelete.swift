import ArgumentParser
import RoutineApp

extension RoutineCommand.Habit {
    struct HabitDelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a habit that has no entry at all and is in no routine (else: archive it).")

        @Argument(help: ArgumentHelp("The habit's name.", valueName: "habit"))
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            try HabitCommands.suggesting(store) { try store.deleteHabit(name) }
            Output.line("deleted habit '\(name)'")
        }
    }
}
