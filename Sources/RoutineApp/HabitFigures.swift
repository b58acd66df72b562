import RoutineCore
import RoutineStore

/// The figures of habits (SPEC §6, §10.5, §13.6): fetches what the metrics need from the
/// store (habits and live entries, one query each), asks the day planner for the due days
/// of habits in routines, and computes. Nothing computed here is ever written back.
public enum HabitFigures {
    /// A stored habit as the metrics see it.
    public static func habit(_ info: HabitInfo) -> MetricHabit {
        MetricHabit(
            key: info.key, name: info.name, isQuantity: info.measure != nil, unit: info.unit, weekly: info.weekly,
            schedule: info.schedule)
    }

    /// Stats of every habit (or of the named ones, archived or not) at `day`; archived
    /// habits only with `includeArchived`.
    public static func stats(
        store: AppDatabase, day: DayKey, time: TimeContext, only names: [String]? = nil, includeArchived: Bool = false,
        planner: DayPlanner? = nil
    ) throws -> [HabitStats] {
        var infos = try store.habits(includeArchived: includeArchived || names != nil)
        if let names {
            let keys = Set(names.map { HabitKey($0) })
            infos = infos.filter { keys.contains($0.key) }
        }
        guard !infos.isEmpty else { return [] }
        let keys = names == nil ? nil : Set(infos.map(\.key))
        let entries = try store.metricEntries(habitKeys: keys, to: day)
        return computeStats(
            habits: infos.map(habit), entries: entries, day: day, pauses: try store.pauseSpans(),
            dueDays: try (planner ?? DayPlanner(store: store)).dueDays(
                through: day, habits: infos, time: time, firstEntries: firstDays(entries)))
    }

    /// Each habit's first day among `entries`: the live entries up to the day, all of them.
    static func firstDays(_ entries: [MetricEntry]) -> [HabitKey: DayKey] {
        var first: [HabitKey: DayKey] = [:]
        for entry in entries where first[entry.habitKey].map({ entry.dayKey < $0 }) ?? true {
            first[entry.habitKey] = entry.dayKey
        }
        return first
    }

    /// One habit's entries and due days, for its heat map.
    public static func heatmapInput(
        store: AppDatabase, habit info: HabitInfo, day: DayKey, time: TimeContext
    ) throws -> (entries: [MetricEntry], pauses: [PauseSpan], dueDays: DueDays?) {
        let entries = try store.metricEntries(habitKeys: [info.key], to: day)
        let due = try DayPlanner(store: store).dueDays(
            through: day, habits: [info], time: time, firstEntries: firstDays(entries))
        return (entries, try store.pauseSpans(), due[info.key])
    }
}
