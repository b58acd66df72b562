import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand.Goal {
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

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("First day, YYYY-MM-DD, today, yesterday, -N or a weekday.", valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parse)
        var from: DayArgument

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Last day, YYYY-MM-DD, today, tomorrow, +N, a weekday (the coming one) or next WEEKDAY.",
                valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parseForward)
        var to: DayArgument

        @Option(
            name: .customLong("habit"), help: ArgumentHelp("A habit to link (repeat for more).", valueName: "habit")
        )
        var habits: [String] = []

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            switch Quantity.read(target) {
            case .value: break
            case .tooLarge: throw ValidationError("--target: " + Quantity.tooLargeMessage(target))
            case .notAnAmount: throw ValidationError("--target wants a number, not '\(target)'")
            }
        }

        func run() throws {
            let settings = try Settings(options: global)
            guard let amount = Quantity.parse(target) else { return }
            let store = try Session.current.store(settings)
            let goal = try HabitCommands.suggesting(store) {
                try store.addGoal(
                    title: title, target: amount, unit: unit, from: settings.day(from), to: settings.day(to),
                    habits: habits)
            }
            Output.line("added goal \(goal.id): \(goal.title)")
        }
    }
}
