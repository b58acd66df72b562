import ArgumentParser
import RoutineCore
import RoutineStore

extension RoutineCommand.Goal {
    struct GoalDelete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a goal (entries stay).")

        @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
        var id: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let store = try Session.current.store(try Settings(options: global))
            let goalID = try GoalCommands.goalID(id)
            try store.deleteGoal(id: goalID)
            Output.line("deleted goal \(goalID)")
        }
    }
}
