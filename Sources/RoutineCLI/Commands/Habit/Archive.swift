import ArgumentParser
import LineEditor
import RoutineApp

extension RoutineCommand.Habit {
    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Hide a habit from today, stats and habits (unless --all); its entries are kept.")

        @Argument(help: ArgumentHelp("The habit's name.", valueName: "habit"))
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let store = try Session.current.store(settings)
            let habit = try HabitCommands.suggesting(store) {
                try store.archiveHabit(name)
            }
            // Quoted as a shell reads it, so the hint pastes (`"Foam rolling"`).
            let prefix = Session.current.isREPL ? "" : "routine "
            Output.line(
                "archived habit '\(habit.name)' ('\(prefix)habit unarchive \(LineWords.quoted(habit.name))' brings it back)"
            )
        }
    }
}
