import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Migration v15-entry-indexes (issues 28 and 32): `habit_entry` keeps one index on habit
/// and day (`habit_entry_ledger`, now over every row) instead of two, and every read of
/// entries still finds its rows through an index, deleted ones included where it asks.
@Suite struct EntryIndexesMigrationTests {
    /// Live and deleted entries of three habits over 40 days, made by this build and taken
    /// back to v14.
    private static func oldStore(_ path: String) throws {
        try OldStore.make(path, migrations: StoreMigrations.index(of: "v15-entry-indexes")) { store in
            _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            for day in 0..<40 {
                for habit in ["Meditate", "Stretch", "Read"] where day % (habit == "Read" ? 4 : 1) == 0 {
                    let entry = try store.entries.logEntry(
                        habit: habit, value: habit == "Meditate" ? Double(day % 7) : nil, unit: nil,
                        dayKey: Fixtures.day.adding(days: -day), at: Fixtures.instant, timeZone: "UTC",
                        note: day == 3 ? "a note" : nil)
                    if day % 6 == 0 { _ = try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant) }
                }
            }
        }
    }

    /// Every entry row, deleted ones too, with its uid's bytes: what the migration must keep.
    private static func rows(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT id || ' ' || habit_id || ' ' || day_key || ' ' || timestamp || ' ' || time_zone || ' '
                  || ifnull(value, '-') || ' ' || ifnull(note, '-') || ' ' || ifnull(run_id, '-') || ' '
                  || ifnull(deleted_at, '-') || ' ' || hex(uid)
                FROM habit_entry NOT INDEXED ORDER BY id
                """)
    }

    private static func plan(_ db: Database, _ sql: String) throws -> String {
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
    }

    @Test func oneIndexServesEveryReadAndNothingIsRewritten() throws {
        let dir = TempDir()
        let path = dir.path + "/old.sqlite"
        try Self.oldStore(path)
        let before = try DatabaseQueue(path: path)
        let (rows, oldIndexes) = try before.read { db in
            (
                try Self.rows(db),
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'habit_entry' ORDER BY name"
                )
            )
        }
        try before.close()
        #expect(oldIndexes.contains("habit_entry_habit_day"))
        #expect(rows.count == 40 + 40 + 10)

        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        try store.read { (db: Database) throws in
            #expect(try Self.rows(db) == rows)
            #expect(
                try StoreRestoreCheck.schema(db)
                    == StoreRestoreCheck.expectedSchema(migrations: StoreMigrations.all.count))
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            #expect(
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'habit_entry' AND sql IS NOT NULL ORDER BY name"
                ) == ["habit_entry_day", "habit_entry_ledger", "habit_entry_run", "habit_entry_uid"])
            // Reads that name a habit, deleted entries included (a merge, a habit's count),
            // and the ledger's whole history: each a search of the one habit-day index, never
            // a scan of the table; a day without a habit: the day index, as before.
            for (sql, expected) in [
                (
                    "SELECT count(*) FROM habit_entry WHERE habit_id = 1",
                    "COVERING INDEX habit_entry_ledger (habit_id=?)"
                ),
                (
                    "SELECT * FROM habit_entry WHERE habit_id = 1 AND day_key = '2026-11-20'",
                    "INDEX habit_entry_ledger (habit_id=? AND day_key=?)"
                ),
                (
                    "SELECT habit_id, day_key, value FROM habit_entry INDEXED BY habit_entry_ledger WHERE deleted_at IS NULL",
                    "COVERING INDEX habit_entry_ledger"
                ),
                (
                    "SELECT * FROM habit_entry WHERE day_key >= '2026-11-01' AND deleted_at IS NULL",
                    "INDEX habit_entry_day (day_key>?)"
                ),
            ] {
                let plan = try Self.plan(db, sql)
                #expect(plan.contains(expected), "\(sql): \(plan)")
            }
        }

        // What the commands read is what the table holds.
        let all = try store.entries.list(includeDeleted: true)
        #expect(all.count == rows.count)
        #expect(all.map(\.dayKey) == all.map(\.dayKey).sorted())
        let live = try store.entries.list()
        #expect(live.map(\.id) == all.filter { $0.deletedAt == nil }.map(\.id))
        #expect(live.count == 40 + 40 + 10 - 7 - 7 - 4)
        let from = Fixtures.day.adding(days: -9)
        let to = Fixtures.day.adding(days: -2)
        let days = try store.entries.list(from: from, to: to)
        #expect(days.map(\.id) == live.filter { $0.dayKey >= from && $0.dayKey <= to }.map(\.id))
        #expect(
            try store.entries.list(habit: "stretch", includeDeleted: true).map(\.id)
                == all.filter { $0.habit == "Stretch" }.map(\.id))
        var exported: [EntryRow] = []
        try store.bulk.exportEntryRows(from: from) { exported.append($0) }
        #expect(exported.map(\.dayKey) == live.filter { $0.dayKey >= from }.map(\.dayKey))
        // Day 6 was deleted for every habit; on day 4 all three have a live entry.
        #expect(try store.entries.liveHabitKeys(on: Fixtures.day.adding(days: -4)).count == 3)
        #expect(try store.entries.liveHabitKeys(on: Fixtures.day.adding(days: -6)).isEmpty)
        // A deleted entry is still found by habit (its uid's index is unchanged too).
        let deleted = try #require(all.first { $0.deletedAt != nil })
        #expect(try store.entries.entry(id: deleted.id)?.uid == deleted.uid)
    }

    /// A backup made at v14 restores into this build and is migrated with nothing lost.
    @Test func aBackupOfTheEarlierSchemaRestoresAndMigrates() throws {
        let dir = TempDir()
        let old = dir.path + "/old.sqlite"
        try Self.oldStore(old)
        let rows = try DatabaseQueue(path: old).read { try Self.rows($0) }
        let target = dir.path + "/restored.sqlite"
        #expect(try AppDatabase.restore(from: old, to: target) == 1)
        let store = try AppDatabase.open(path: target)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        #expect(try store.read { try Self.rows($0) } == rows)
        #expect(store.integrityCheck())
    }
}
