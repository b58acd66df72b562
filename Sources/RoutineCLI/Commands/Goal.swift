import ArgumentParser
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine goal …`: targets over linked habits; progress derived from entries.
    struct Goal: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal",
            abstract: "Manage goals (targets over linked habits); progress is derived from entries.",
            subcommands: [Add.self, GoalList.self, GoalShow.self, Link.self, Unlink.self, GoalDelete.self])

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract:
                    "Add a goal, e.g. goal add 'Run 120 km' --target 120 --unit km --from 2026-11-01 --to 2026-12-31 --habit Run"
            )

            @Argument(help: "The goal's title.")
            var title: String

            @Option(help: "The target: a count of entries, or a sum in --unit.")
            var target: String

            @Option(help: "The unit of a sum over measured habits (none: a count of entries).")
            var unit: String?

            @Option(help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "day"), transform: DayArgument.parse)
            var from: DayKey

            @Option(help: ArgumentHelp("Last day, YYYY-MM-DD.", valueName: "day"), transform: DayArgument.parse)
            var to: DayKey

            @Option(
                name: .customLong("habit"), help: ArgumentHelp("A habit to link (repeat for more).", valueName: "habit")
            )
            var habits: [String] = []

            @OptionGroup var global: GlobalOptions

            func validate() throws {
                guard Quantity.parse(target) != nil else {
                    throw ValidationError("--target wants a number, not '\(target)'")
                }
            }

            func run() throws {
                let settings = try Settings(options: global)
                guard let amount = Quantity.parse(target) else { return }
                let goal = try Session.shared.store(settings).addGoal(
                    title: title, target: amount, unit: unit, from: from, to: to, habits: habits,
                    at: settings.time.now())
                Output.line("added goal \(goal.id): \(goal.title)")
            }
        }

        struct GoalList: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List goals with their progress.")

            @OptionGroup var global: GlobalOptions

            func run() throws {
                let settings = try Settings(options: global)
                guard let store = try Session.shared.existingStore(settings), case let goals = try store.goals(),
                    !goals.isEmpty
                else {
                    Output.line("No goals yet. Add one with 'goal add'.")
                    return
                }
                let day = settings.time.today
                let rows = try goals.map { info in
                    let spec = try GoalCommands.spec(info, store: store)
                    return (goal: spec, progress: try GoalCommands.progress(spec, info: info, store: store))
                }
                let lines = GoalView.list(rows, day: day).split(separator: "\n", omittingEmptySubsequences: false)
                for (info, line) in zip(goals, lines) { Output.line("\(info.id)  \(line)") }
                for line in lines.dropFirst(goals.count) where !line.isEmpty { Output.line(String(line)) }
            }
        }

        struct GoalShow: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a goal's progress.")

            @Argument(help: ArgumentHelp("The goal's id (see 'goal list').", valueName: "goal-id"))
            var id: String

            @OptionGroup var global: GlobalOptions

            func run() throws {
                let settings = try Settings(options: global)
                let store = try Session.shared.store(settings)
                let info = try GoalCommands.goal(id, store: store)
                let spec = try GoalCommands.spec(info, store: store)
                let progress = try GoalCommands.progress(spec, info: info, store: store)
                Output.block(GoalView.show(goal: spec, progress: progress, day: settings.time.today))
            }
        }

        struct Link: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "link", abstract: "Link a habit to a goal.")

            @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
            var id: String

            @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
            var habit: String

            @OptionGroup var global: GlobalOptions

            func run() throws {
                let store = try Session.shared.store(try Settings(options: global))
                let goal = try store.link(goal: try GoalCommands.goalID(id), habit: habit)
                Output.line("goal \(goal.id) now counts \(goal.habits.joined(separator: ", "))")
            }
        }

        struct Unlink: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "unlink", abstract: "Unlink a habit from a goal.")

            @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
            var id: String

            @Argument(help: ArgumentHelp("The habit.", valueName: "habit"))
            var habit: String

            @OptionGroup var global: GlobalOptions

            func run() throws {
                let store = try Session.shared.store(try Settings(options: global))
                let goal = try store.unlink(goal: try GoalCommands.goalID(id), habit: habit)
                let rest = goal.habits.isEmpty ? "no habits" : goal.habits.joined(separator: ", ")
                Output.line("goal \(goal.id) now counts \(rest)")
            }
        }

        struct GoalDelete: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "delete", abstract: "Delete a goal (entries stay).")

            @Argument(help: ArgumentHelp("The goal's id.", valueName: "goal-id"))
            var id: String

            @OptionGroup var global: GlobalOptions

            func run() throws {
                let store = try Session.shared.store(try Settings(options: global))
                let goalID = try GoalCommands.goalID(id)
                try store.deleteGoal(id: goalID)
                Output.line("deleted goal \(goalID)")
            }
        }
    }
}

/// Goals as the metrics see them, built from the store's records.
enum GoalCommands {
    static func goalID(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw CLIError("'\(text)' is not a goal id (see 'goal list')") }
        return id
    }

    static func goal(_ text: String, store: AppDatabase) throws -> GoalInfo {
        let id = try goalID(text)
        guard let goal = try store.goal(id: id) else { throw CLIError("no goal with id \(id) (see 'goal list')") }
        return goal
    }

    static func spec(_ info: GoalInfo, store: AppDatabase) throws -> GoalSpec {
        let habits = try store.habits()
        let linked = info.habitKeys.compactMap { key in habits.first { $0.key == key }.map(Metrics.habit) }
        return GoalSpec(
            title: info.title, target: info.target, unit: info.unit, from: info.from, to: info.to, linkedHabits: linked)
    }

    static func progress(_ spec: GoalSpec, info: GoalInfo, store: AppDatabase) throws -> GoalProgress {
        let entries = try store.metricEntries(habitKeys: Set(info.habitKeys), from: info.from, to: info.to)
        return goalProgress(goal: spec, entries: entries)
    }
}
