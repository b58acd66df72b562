import ArgumentParser
import RoutineApp

extension RoutineCommand.Habit {
    struct Unarchive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive", abstract: "Show an archived habit again.")

        @Argument(help: ArgumentHelp("The habit's name.", valueName: "habit"))
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let habit = try HabitCommands.suggesting(store) {
                try store.archiveHabit(name, archived: false)
            }
            Output.line("unarchived habit '\(habit.name)'")
        }
    }
}
