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
        let stored = try habits().filter { wanted.contains($0.key) }
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
        let keys = Array(historyKeys).sorted()
        var history: [String: [DayTally]] = [:]
        if !keys.isEmpty {
            try read { db in
                var sql = """
                    SELECT h.name_key, e.day_key, count(*), total(e.value)
                    FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                    WHERE e.deleted_at IS NULL AND e.day_key <= ?
                      AND h.name_key IN (\(Array(repeating: "?", count: keys.count).joined(separator: ",")))
                    """
                var arguments: StatementArguments = [day.description]
                _ = arguments.append(contentsOf: StatementArguments(keys))
                if let runID {
                    sql += " AND (e.run_id IS NULL OR e.run_id != ?)"
                    _ = arguments.append(contentsOf: [runID])
                }
                sql += " GROUP BY h.name_key, e.day_key ORDER BY h.name_key, e.day_key"
                for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                    guard let entryDay = DayKey(try row.decode(atIndex: 1) as String) else { continue }
                    let sum: Double = try row.decode(atIndex: 3)
                    history[try row.decode(atIndex: 0), default: []].append(
                        DayTally(day: entryDay, count: try row.decode(atIndex: 2), sum: sum.isFinite ? sum : 0))
                }
            }
        }
        return DayContext(day: day, history: history, pauses: try pauseSpans(), schedules: schedules)
    }
}
