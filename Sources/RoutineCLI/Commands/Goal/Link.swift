import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Goal {
    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "link", abstract: "Link a habit to a goal.")

        @OptionGroup var arguments: GoalHabitArguments

        func run() throws {
            let store = try Session.current.store(try Settings(options: arguments.global))
            let goal = try HabitCommands.suggesting(store) {
                try store.link(goal: try arguments.goal.goal(in: store).id, habit: arguments.habit)
            }
            Output.line("goal \(goal.id) now counts \(goal.habits.joined(separator: ", "))")
        }
    }
}
