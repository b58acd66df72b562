import ArgumentParser
import RoutineApp

extension RoutineCommand.Habit {
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Give a habit a new name (entries, goals and routines follow it).")

        @Argument(help: ArgumentHelp("The habit's name.", valueName: "habit"))
        var old: String

        @Argument(help: ArgumentHelp("Its new name.", valueName: "new-name"))
        var new: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            let habit = try HabitCommands.suggesting(store) { try store.renameHabit(old, to: new) }
            Output.line("renamed habit '\(old)' to '\(habit.name)'")
        }
    }
}
