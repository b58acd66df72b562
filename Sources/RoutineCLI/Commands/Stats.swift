import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine stats [HABIT]`: streaks, momentum and week figures, derived from entries.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show how habits are going: streaks, momentum, this week (derived from entries).")

        @Argument(help: ArgumentHelp("Only this habit.", valueName: "habit"), completion: .habitName)
        var habit: String?

        @OptionGroup var dayOption: DayOption
        var day: DayArgument? { dayOption.day }

        @Flag(help: "Draw a calendar heat map of the habit's recent weeks.")
        var heatmap = false

        @Option(help: "Weeks in the heat map.")
        var weeks: Int = 12

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @Flag(help: "Include archived habits.")
        var all = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if heatmap, habit == nil {
                throw ValidationError("--heatmap draws one habit: name it, e.g. stats Meditate --heatmap")
            }
            if !(1...520).contains(weeks) { throw ValidationError("--weeks wants a number from 1 to 520") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let dayKey = try settings.day(day)
            guard let store = try Session.current.existingStore(settings) else {
                if let habit { throw CLIError("no habit named '\(habit)' (no entries yet)") }
                Output.line(format == .json ? "[]" : "No habits yet. Run a routine or 'log' one.")
                return
            }
            if let habit {
                guard let info = try store.habit(named: habit) else {
                    throw HabitCommands.unknownHabit(habit, store: store)
                }
                if heatmap {
                    let input = try HabitFigures.heatmapInput(
                        store: store, habit: info, day: dayKey, weeks: weeks, time: settings.time)
                    Output.block(
                        HeatmapText.render(
                            habit: HabitFigures.habit(info), entries: input.entries, day: dayKey, weeks: weeks,
                            colour: settings.style.enabled, days: input.days))
                    return
                }
            }
            let stats = try HabitFigures.stats(
                store: store, day: dayKey, time: settings.time, only: habit.map { [$0] }, includeArchived: all)
            switch format {
            case .json: Output.line(statsJSON(stats))
            case .text:
                Output.block(stats.isEmpty ? "No habits yet. Run a routine or 'log' one." : StatsTable.render(stats))
            }
        }

    }
}
