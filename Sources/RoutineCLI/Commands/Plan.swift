import ArgumentParser
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine plan [--from D] [--days N]`: a grid of the next days, a mark where each
    /// habit of a routine is due (SPEC §10.5).
    struct Plan: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan", abstract: "Which habits are due on each of the next days (a grid).")

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The first day: YYYY-MM-DD, today, tomorrow, +N, a weekday (the coming one) or next WEEKDAY (default: today).",
                valueName: "day"),
            transform: DayArgument.parseForward)
        var from: DayArgument?

        @Option(help: "How many days (1 to 366).")
        var days: Int = 7

        @OptionGroup var output: FormatOption
        var format: TextOrJSON { output.format }

        @Flag(help: "Include archived habits.")
        var all = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if !(1...366).contains(days) { throw ValidationError("--days wants a number from 1 to 366") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let start = settings.day(from)
            var habits: [(name: String, schedule: Schedule?)] = []
            var lastDone: [HabitKey: DayKey] = [:]
            var pauses: [PauseSpan] = []
            // Keys of the habits some routine may ask on each day (its conditions, as if
            // nothing more were logged after the day before `start`).
            var open: [DayKey: Set<HabitKey>] = [:]
            if let store = try Session.current.existingStore(settings) {
                var seen = Set<HabitKey>()
                var names: [String] = []
                let specs = try store.habitSpecs()
                for summary in try store.routines() {
                    guard let routine = try store.routine(slug: summary.slug)?.routine else { continue }
                    for name in routine.reachableHabitNames() where seen.insert(HabitKey(name)).inserted {
                        names.append(name)
                    }
                    let base = try store.dayContext(for: routine, day: start.adding(days: -1))
                    for offset in 0..<days {
                        var context = base
                        context.day = start.adding(days: offset)
                        let reachable = routine.pruned(for: context, habitSpecs: specs).reachableHabitNames()
                        open[context.day, default: []].formUnion(reachable.map { HabitKey($0) })
                    }
                }
                let stored = Dictionary(
                    try store.habits().map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
                // Archived habits are hidden unless asked for (SPEC §11); shown, they are never due.
                if !all { names.removeAll { stored[HabitKey($0)]?.isArchived == true } }
                habits = names.map { name in
                    let info = stored[HabitKey(name)]
                    return (info?.name ?? name, info?.schedule)
                }
                let context = try store.dayContext(habits: names, day: start.adding(days: -1), historyOf: [])
                for name in names {
                    if let last = context.tallies(HabitKey(name)).last?.day { lastDone[HabitKey(name)] = last }
                }
                pauses = context.pauses
            }
            let plan = DuePlan(
                habits: habits, from: start, count: days, pauses: pauses, lastDone: lastDone,
                isOpen: { name, day in open[day]?.contains(HabitKey(name)) ?? false })
            Output.line(format == .json ? plan.json : plan.text)
        }
    }
}
