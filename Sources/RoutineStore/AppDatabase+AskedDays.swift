import GRDB
import RoutineCore

extension AppDatabase {
    /// Each habit's first DayKey with a live entry (SPEC §13.6: no day before it, or
    /// before the habit's creation, is due).
    public func firstEntryDays() throws -> [HabitKey: DayKey] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT h.name_key, MIN(e.day_key) FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                    WHERE e.deleted_at IS NULL GROUP BY h.id
                    """)
            var days: [HabitKey: DayKey] = [:]
            for row in rows {
                let text: String = try row.decode(atIndex: 1)
                guard let first = DayKey(text) else {
                    throw StoreError.corrupt(path: path, detail: "an entry has a damaged day '\(text)'")
                }
                days[try row.decode(atIndex: 0) as HabitKey] = first
            }
            return days
        }
    }
}
