import ArgumentParser
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine pause [HABIT...] --from D --to D [--note TEXT]` (SPEC §10.2).
    struct Pause: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause",
            abstract: "Pause habits (every habit when none is named) for some days: they are not due then.")

        @Argument(
            help: ArgumentHelp("Habits to pause (none: every habit, a holiday).", valueName: "habit"),
            completion: .habitName)
        var habits: [String] = []

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "First paused day: YYYY-MM-DD, today, tomorrow, +N, -N, a weekday (the most recent) or next WEEKDAY (default: today).",
                valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parse)
        var from: DayArgument?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Last paused day: YYYY-MM-DD, today, tomorrow, +N, a weekday (the coming one) or next WEEKDAY.",
                valueName: "day"),
            completion: .list(DayArgument.completions),
            transform: DayArgument.parseForward)
        var to: DayArgument

        @Option(help: "Why (shown by 'pauses').")
        var note: String?

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let settings = try Settings(options: global)
            let start = try settings.day(from)
            let to = try settings.day(to)
            guard start <= to else { throw CLIError("--from \(start) is after --to \(to): nothing to pause") }
            let store = try Session.current.store(settings)
            if let unknown = try habits.first(where: { try store.habit(named: $0) == nil }) {
                throw HabitCommands.unknownHabit(unknown, store: store)
            }
            let pause = try store.addPause(habits: habits, from: start, to: to, note: note)
            Output.line("paused \(Pauses.what(pause)) from \(pause.from) to \(pause.to) (pause \(pause.id))")
        }
    }
}
