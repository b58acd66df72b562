import RoutineCore
import RoutineStore

/// Fetches what the metrics need from the store (habits and live entries, one query
/// each) and computes the figures. Nothing computed here is ever written back.
enum Metrics {
    static func habit(_ info: HabitInfo) -> MetricHabit {
        MetricHabit(
            key: info.key, name: info.name, isQuantity: info.measure != nil, unit: info.unit, weekly: info.weekly,
            schedule: info.schedule)
    }

    /// Stats of every habit (or of the named ones, archived or not) at `day`; archived
    /// habits only with `includeArchived`.
    static func stats(
        store: AppDatabase, day: DayKey, only names: [String]? = nil, includeArchived: Bool = false
    ) throws -> [HabitStats] {
        var habits = try store.habits(includeArchived: includeArchived || names != nil).map(habit)
        if let names {
            let keys = Set(names.map { HabitKey($0) })
            habits = habits.filter { keys.contains($0.key) }
        }
        guard !habits.isEmpty else { return [] }
        let keys = names == nil ? nil : Set(habits.map(\.key))
        let entries = try store.metricEntries(habitKeys: keys, to: day)
        return computeStats(habits: habits, entries: entries, day: day, pauses: try store.pauseSpans())
    }
}
