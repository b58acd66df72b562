import ArgumentParser
import RoutineApp

extension RoutineCommand.Habit {
    /// `routine habit describe HABIT [TEXT | --clear]` (SPEC §18.2): a habit's description
    /// (what Loop calls its question), set by hand, removed, or with neither shown.
    struct Describe: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "describe",
            abstract: "Show a habit's description, or set it (importers keep Loop's question here).")

        @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
        var habit: String

        @Argument(help: ArgumentHelp("Its description (quote it).", valueName: "text"))
        var text: String?

        @Flag(help: "Remove the description.")
        var clear = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if clear, text != nil { throw ValidationError("give a description or --clear, not both") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let (store, stored) = try HabitCommands.existingHabit(habit, settings: settings)
            var info = stored
            if text != nil || clear {
                info = try HabitCommands.suggesting(store) {
                    try store.describeHabit(stored.name, as: clear ? nil : text)
                }
            }
            Output.line("\(info.name): \(info.description ?? "(no description)")")
        }
    }
}
