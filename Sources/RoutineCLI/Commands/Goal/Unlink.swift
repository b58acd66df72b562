import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Goal {
    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlink", abstract: "Unlink a habit from a goal.")

        @OptionGroup var arguments: GoalHabitArguments

        func run() throws {
            let store = try Session.current.store(try Settings(options: arguments.global))
            let goal = try HabitCommands.suggesting(store) {
                try store.unlink(goal: try arguments.goal.goal(in: store).id, habit: arguments.habit)
            }
            let rest = goal.habits.isEmpty ? "no habits" : goal.habits.joined(separator: ", ")
            Output.line("goal \(goal.id) now counts \(rest)")
        }
    }
}
