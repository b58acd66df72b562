import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine goal …`: targets over linked habits; progress derived from entries.
    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal",
            abstract: "Manage goals (targets over linked habits); progress is derived from entries.",
            subcommands: [Add.self, GoalList.self, GoalShow.self, Link.self, Unlink.self, GoalDelete.self])
    }
}
