import RoutineCore
import RoutineStore

/// The figures of habits (SPEC §6, §17.2): fetches the entries the week figures need,
/// takes each habit's states from the ledger (streaks, momentum and due-ness are read
/// from them), and computes. Nothing computed here is ever written back.
public enum HabitFigures {
    /// A stored habit as the metrics see it.
    public static func habit(_ info: HabitInfo) -> MetricHabit {
        MetricHabit(
            key: info.key, name: info.name, isQuantity: info.measure != nil, unit: info.unit, weekly: info.weekly,
            schedule: info.schedule, dayTarget: info.dayTarget)
    }

    /// Stats of every habit (or of the named ones, archived or not) at `day`; archived
    /// habits only with `includeArchived`. `ledger` is built here when not given; it
    /// must reach `day`.
    static func stats(
        store: AppDatabase, day: DayKey, time: TimeContext, only names: [String]? = nil, includeArchived: Bool = false,
        planner: DayPlanner? = nil, ledger: HabitLedger? = nil
    ) throws -> [HabitStats] {
        var infos = try store.habits.all(includeArchived: includeArchived || names != nil)
        if let names {
            let keys = Set(names.map { HabitKey($0) })
            infos = infos.filter { keys.contains($0.key) }
        }
        guard !infos.isEmpty else { return [] }
        let ledger =
            try ledger
            ?? HabitLedger.build(
                planner: planner ?? DayPlanner(store: store), through: day, alsoOn: [day], time: time)
        return computeStats(
            habits: infos.map(habit), entriesByHabit: ledger.entriesByHabit, day: day, states: ledger.days)
    }

    /// One habit's entries and states, for its heat map.
    static func heatmapInput(
        store: AppDatabase, habit info: HabitInfo, day: DayKey, weeks: Int, time: TimeContext
    ) throws -> (entries: [MetricEntry], days: HabitDays?) {
        let shown = (0..<min(7 * max(1, weeks), 7 * Heatmap.maxWeeks)).map { day.adding(days: -$0) }
        let ledger = try HabitLedger.build(planner: DayPlanner(store: store), through: day, alsoOn: shown, time: time)
        return (ledger.entries(of: info.key), ledger.days[info.key])
    }
}
