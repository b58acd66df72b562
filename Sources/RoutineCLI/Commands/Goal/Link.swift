import ArgumentParser
import RoutineCore
import RoutineStore

extension RoutineCommand.Goal {
    struct Link: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "link", abstract: "Link a habit to a goal.")

        @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
        var id: String

        @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
        var habit: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            let goal = try HabitCommands.suggesting(store) {
                try store.link(goal: try GoalCommands.goalID(id), habit: habit)
            }
            Output.line("goal \(goal.id) now counts \(goal.habits.joined(separator: ", "))")
        }
    }
}
