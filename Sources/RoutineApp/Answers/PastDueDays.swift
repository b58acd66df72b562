import Foundation
import RoutineCore
import RoutineStore

/// Each habit's due and done days over a span of past days, as `insights` and
/// `review` read them (SPEC §13.6 for days already lived): a habit is done on a day with
/// a live entry, and due on the days an active routine made it certain (the day planner's
/// `dueDays`), on the days a run asked it (done, skipped or declined), and — for a habit
/// that no routine names — on each day its schedule and pauses make it due, from its
/// first entry on.
public enum PastDueDays {
    public static func habits(
        _ store: AppDatabase, from: DayKey, to: DayKey, time: TimeContext
    ) throws
        -> [InsightHabit]
    {
        // One read of the history up to `to`: the span's done days, and before it each
        // habit's first entry and its last entry before the span (for `every:`).
        var done: [HabitKey: Set<DayKey>] = [:]
        var firstEntry: [HabitKey: DayKey] = [:]
        var lastBefore: [HabitKey: DayKey] = [:]
        for entry in try store.metricEntries(to: to) {
            if entry.dayKey >= from { done[entry.habitKey, default: []].insert(entry.dayKey) }
            if firstEntry[entry.habitKey].map({ entry.dayKey < $0 }) ?? true {
                firstEntry[entry.habitKey] = entry.dayKey
            }
            if entry.dayKey < from, lastBefore[entry.habitKey].map({ entry.dayKey > $0 }) ?? true {
                lastBefore[entry.habitKey] = entry.dayKey
            }
        }
        let asked = try store.askedHabitDays(from: from, to: to)
        // The days an active routine makes each of its habits certain: the day model's
        // own due days (SPEC §13.6), one home with stats and `today`.
        let certain = try DayPlanner(store: store).dueDays(
            through: to, habits: try store.habits(includeArchived: false), time: time, firstEntries: firstEntry)
        let inRoutines = try store.routineHabitKeys()
        let pauses = try store.pauseSpans()
        var habits: [InsightHabit] = []
        for habit in try store.habits(includeArchived: false) {
            var due = asked[habit.key] ?? []
            if let days = certain[habit.key] {
                for ordinal in max(from.ordinal, days.first)...max(from.ordinal, days.first, to.ordinal)
                where days.isDue(ordinal) {
                    due.insert(DayKey(ordinal: ordinal))
                }
            }
            let doneDays = done[habit.key] ?? []
            if !inRoutines.contains(habit.key), let start = firstEntry[habit.key], start <= to {
                var last = lastBefore[habit.key]
                for ordinal in max(start.ordinal, from.ordinal)...to.ordinal {
                    let day = DayKey(ordinal: ordinal)
                    let paused = pauses.contains { $0.covers(habit.key, on: day) }
                    if Due.status(schedule: habit.schedule, paused: paused, day: day, lastDoneBefore: last).isDue {
                        due.insert(day)
                    }
                    if doneDays.contains(day) { last = day }
                }
            }
            guard !due.isEmpty || !doneDays.isEmpty else { continue }
            habits.append(InsightHabit(name: habit.name, due: due, done: doneDays))
        }
        return habits
    }
}
