import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Goal {
    struct GoalList: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List goals with their progress.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings), case let goals = try store.goals(),
                !goals.isEmpty
            else {
                Output.line("No goals yet. Add one with 'goal add'.")
                return
            }
            let day = settings.time.today
            let rows = try goals.map { info in
                let spec = try GoalService.spec(info, store: store)
                return (goal: spec, progress: try GoalService.progress(spec, info: info, store: store))
            }
            let lines = GoalView.list(rows, day: day).split(separator: "\n", omittingEmptySubsequences: false)
            for (info, line) in zip(goals, lines) { Output.line("\(info.id)  \(line)") }
            for line in lines.dropFirst(goals.count) where !line.isEmpty { Output.line(String(line)) }
        }
    }
}
