import ArgumentParser
import RoutineApp

extension RoutineCommand.Habit {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Move every entry of one habit to another with the same measure; the first is then gone.")

        @Argument(help: ArgumentHelp("The habit to merge away.", valueName: "habit"))
        var from: String

        @Argument(help: ArgumentHelp("The habit that keeps the entries.", valueName: "habit"))
        var into: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            let moved = try HabitCommands.suggesting(store) { try store.mergeHabit(from, into: into) }
            Output.line("merged '\(from)' into '\(into)': \(moved) entr\(moved == 1 ? "y" : "ies") moved")
        }
    }
}
