import GRDB
import RoutineCore

extension AppDatabase {
    /// The days on which a run asked each habit and recorded it (live entries a run
    /// wrote), up to `day`: part of SPEC §13.6's due days, read in one query.
    public func runRecordedDays(to day: DayKey) throws -> [HabitKey: Set<DayKey>] {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT DISTINCT h.name_key, e.day_key FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                    WHERE e.run_id IS NOT NULL AND e.deleted_at IS NULL AND e.day_key <= ?
                    """, arguments: [day.description])
            var days: [HabitKey: Set<DayKey>] = [:]
            while let row = try rows.next() {
                let text: String = try row.decode(atIndex: 1)
                guard let entryDay = DayKey(text) else {
                    throw StoreError.corrupt(path: path, detail: "an entry has a damaged day '\(text)'")
                }
                days[try row.decode(atIndex: 0) as HabitKey, default: []].insert(entryDay)
            }
            return days
        }
    }

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
