import ArgumentParser
import RoutineStore

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
            guard let store = try Session.current.existingStore(settings) else {
                throw CLIError("no habit named '\(habit)' (the store is empty)")
            }
            guard text != nil || clear else {
                guard let info = try store.habit(named: habit) else {
                    throw HabitCommands.unknownHabit(habit, store: store)
                }
                Output.line("\(info.name): \(info.description ?? "(no description)")")
                return
            }
            let info = try HabitCommands.suggesting(store) { try store.describeHabit(habit, as: clear ? nil : text) }
            Output.line("\(info.name): \(info.description ?? "(no description)")")
        }
    }
}
