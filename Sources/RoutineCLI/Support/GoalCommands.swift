import ArgumentParser
import RoutineCore
import RoutineStore

/// Goal ids as the commands take them.
enum GoalCommands {
    static func goalID(_ text: String) throws -> GoalID {
        guard let id = Int64(text), id > 0 else { throw CLIError("'\(text)' is not a goal id (see 'goal list')") }
        return GoalID(rawValue: id)
    }

    static func goal(_ text: String, store: AppDatabase) throws -> GoalInfo {
        let id = try goalID(text)
        guard let goal = try store.goal(id: id) else { throw CLIError("no goal with id \(id) (see 'goal list')") }
        return goal
    }
}
