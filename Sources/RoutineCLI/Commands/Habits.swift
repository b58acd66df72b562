import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine habits`: every habit, its kind and unit, when it is due, and how it is going.
    struct Habits: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "habits",
            abstract:
                "List habits: kind, unit, when each is due (its schedule), how each is going, and its description.")

        @Flag(help: "Include archived habits (marked as such).")
        var all = false

        @Option(help: "Output format.")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            guard let store = try Session.current.existingStore(settings),
                case let habits = try store.habits(includeArchived: all),
                !habits.isEmpty
            else {
                Output.line(format == .json ? "[]" : "No habits yet. Import a routine or 'log' one.")
                return
            }
            if format == .json {
                Output.json(HabitListing.json(habits))
                return
            }
            let stats = try HabitFigures.stats(
                store: store, day: settings.time.today, time: settings.time, includeArchived: all)
            let byKey = Dictionary(stats.map { ($0.habit.key, $0) }, uniquingKeysWith: { first, _ in first })
            let rows = habits.map { habit in
                [
                    habit.name, habit.measure.map { "\($0.unit) (\($0.type))" } ?? "done/not done",
                    HabitTargetText.describe(habit),
                    (habit.isArchived ? "(archived) " : "") + (byKey[habit.key].map(StatsTable.brief) ?? ""),
                    HabitListing.brief(habit.description),
                ]
            }
            Output.line(StatsTable.aligned(rows))
        }
    }
}
