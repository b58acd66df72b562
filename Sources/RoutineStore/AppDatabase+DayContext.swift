import Foundation
import GRDB
import RoutineCore

extension AppDatabase {
    /// The history snapshot a run reads (SPEC §10.4): for each named habit, its live
    /// entries up to `day` tallied per DayKey and its current schedule, and every pause. One query for the
    /// entries, whatever the store's age. Entries of `excludingRun` are left out (the
    /// walker knows its own), so a context rebuilt on resume does not count them twice.
    ///
    /// Entries are read only for the habits named in `historyOf` (the routine's
    /// conditions) and those of `habits` with an `every:` schedule (nil: all of `habits`):
    /// a run of a routine without them reads no history at all, whatever the store's age.
    public func dayContext(
        habits names: [String], day: DayKey, excludingRun runID: String? = nil, historyOf: [String]? = nil
    ) throws -> DayContext {
        let wanted = Set(names.map(HabitResolver.storeKey))
        let everyHabit = try habits()
        let stored = everyHabit.filter { wanted.contains($0.key) }
        var schedules: [String: Schedule] = [:]
        for habit in stored {
            if let schedule = habit.schedule { schedules[habit.key] = schedule }
        }
        var historyKeys = wanted
        if let historyOf {
            historyKeys = Set(historyOf.map(HabitResolver.storeKey))
            for habit in stored {
                if case .every = habit.schedule { historyKeys.insert(habit.key) }
            }
        }
        let allHabits = historyOf == nil ? stored : everyHabit.filter { historyKeys.contains($0.key) }
        let keyOfID = Dictionary(allHabits.map { ($0.id, $0.key) }, uniquingKeysWith: { first, _ in first })
        var history: [String: [DayTally]] = [:]
        if !keyOfID.isEmpty {
            // Raw rows in index order (habit, day), folded here: SQLite's GROUP BY over a
            // 10-year history costs several times the scan.
            try read { db in
                var sql = """
                    SELECT e.habit_id, e.day_key, e.value FROM habit_entry e
                    WHERE e.habit_id IN (\(Array(repeating: "?", count: keyOfID.count).joined(separator: ",")))
                      AND e.deleted_at IS NULL AND e.day_key <= ?
                    """
                var arguments = StatementArguments(keyOfID.keys.sorted())
                _ = arguments.append(contentsOf: [day.description])
                if let runID {
                    sql += " AND (e.run_id IS NULL OR e.run_id != ?)"
                    _ = arguments.append(contentsOf: [runID])
                }
                sql += " ORDER BY e.habit_id, e.day_key"
                let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
                var currentID: Int64 = -1
                var tallies: [DayTally] = []
                func flush() {
                    if let key = keyOfID[currentID], !tallies.isEmpty { history[key, default: []] += tallies }
                    tallies = []
                }
                while let row = try rows.next() {
                    let habitID: Int64 = try row.decode(atIndex: 0)
                    if habitID != currentID {
                        flush()
                        currentID = habitID
                    }
                    // Decoded (not subscripted): a value of the wrong type written by hand
                    // is an error, not a trap.
                    guard let text: String = try row.decode(atIndex: 1), let entryDay = DayKey(text) else { continue }
                    let value: Double? = try row.decode(atIndex: 2)
                    let sample = value.flatMap { $0.isFinite ? $0 : nil } ?? 0
                    if let last = tallies.last, last.day == entryDay {
                        tallies[tallies.count - 1].count += 1
                        tallies[tallies.count - 1].sum += sample
                    } else {
                        tallies.append(DayTally(day: entryDay, count: 1, sum: sample))
                    }
                }
                flush()
            }
        }
        return DayContext(day: day, history: history, pauses: try pauseSpans(), schedules: schedules)
    }
}
