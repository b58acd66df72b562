import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Goal {
    struct GoalDelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a goal (entries stay).")

        @Argument(help: ArgumentHelp("The goal's id or title (see 'goal list').", valueName: "goal"))
        var goal: GoalReference

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            let goal = try goal.goal(in: store)
            try store.deleteGoal(id: goal.id)
            Output.line("deleted goal \(goal.id): \(goal.title)")
        }
    }
}
