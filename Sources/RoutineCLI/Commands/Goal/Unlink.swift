import ArgumentParser
import RoutineCore
import RoutineStore

extension RoutineCommand.Goal {
    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlink", abstract: "Unlink a habit from a goal.")

        @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
        var id: String

        @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
        var habit: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            let goal = try HabitCommands.suggesting(store) {
                try store.unlink(goal: try GoalCommands.goalID(id), habit: habit)
            }
            let rest = goal.habits.isEmpty ? "no habits" : goal.habits.joined(separator: ", ")
            Output.line("goal \(goal.id) now counts \(rest)")
        }
    }
}
