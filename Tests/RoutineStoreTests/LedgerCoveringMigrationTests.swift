import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Migration v14-ledger-covering (issues 26 and 32): the ledger's lifetime reads go
/// through three partial indexes that hold everything they read, and read what the
/// tables hold.
@Suite struct LedgerCoveringMigrationTests {
    /// A store with live and deleted entries of two habits, live, retracted and pulled
    /// steps (habit and question), made by this build and taken back to v13.
    private static func oldStore(_ path: String) throws {
        let v13 = StoreMigrations.index(of: "v14-ledger-covering")
        try OldStore.make(path, migrations: v13) { store in
            _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            for day in 0..<30 {
                for habit in ["Meditate", "Stretch"] where day % (habit == "Stretch" ? 3 : 1) == 0 {
                    let entry = try store.entries.logEntry(
                        habit: habit, value: habit == "Meditate" ? Double(day % 7) : nil, unit: nil,
                        dayKey: Fixtures.day.adding(days: -day), at: Fixtures.instant, timeZone: "UTC", note: nil)
                    if day % 5 == 0 { _ = try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant) }
                }
            }
            try store.write { db in
                let routine = try Int64.fetchOne(db, sql: "SELECT id FROM routine")
                for day in 0..<12 {
                    let dayKey = Fixtures.day.adding(days: -day).description
                    for (position, step) in [
                        ("habit", "Meditate", day % 3 == 0 ? "skipped" : "done"), ("question", "Feeling?", "answered"),
                        ("habit", "Stretch", "not-due"),
                    ].enumerated() {
                        try db.execute(
                            sql: """
                                INSERT INTO run_step (uid, run_id, routine_id, position, node_id, kind, text, outcome,
                                  option_text, reason, day_key, recorded_at, time_zone, retracted_at)
                                VALUES (randomblob(16), NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-11-22T06:40:00Z', 'UTC', ?)
                                """,
                            arguments: [
                                routine, position, "n\(position)", step.0, step.1, step.2,
                                step.0 == "question" ? "Good" : nil, step.2 == "not-due" ? "schedule: mon" : nil,
                                dayKey, day == 4 && position == 0 ? "2026-11-22T07:00:00Z" : nil,
                            ])
                    }
                }
            }
        }
    }

    @Test func theIndexesHoldWhatTheLedgerReadsAndTheSchemaIsAFreshStoresOne() throws {
        let dir = TempDir()
        let path = dir.path + "/old.sqlite"
        try Self.oldStore(path)
        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        let expectedEntries: [String]
        let expectedSteps: [String]
        (expectedEntries, expectedSteps) = try store.read { db in
            #expect(
                try StoreRestoreCheck.schema(db)
                    == StoreRestoreCheck.expectedSchema(migrations: StoreMigrations.all.count))
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
            // The ledger's whole-history reads look no row up.
            for (sql, index) in [
                (
                    "SELECT habit_id, day_key, value FROM habit_entry INDEXED BY habit_entry_ledger WHERE deleted_at IS NULL",
                    "habit_entry_ledger"
                ),
                (
                    "SELECT routine_id, day_key, text, outcome, reason FROM run_step INDEXED BY run_step_ledger "
                        + "WHERE kind = 'habit' AND retracted_at IS NULL AND day_key <= '2026-11-22'",
                    "run_step_ledger"
                ),
                (
                    "SELECT routine_id, day_key FROM run_step INDEXED BY run_step_pulled "
                        + "WHERE run_id IS NULL AND retracted_at IS NULL AND day_key <= '2026-11-22'",
                    "run_step_pulled"
                ),
            ] {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
                #expect(plan.contains { $0.contains("COVERING INDEX \(index)") }, "\(plan)")
            }
            return (
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT h.name_key || ' ' || e.day_key || ' ' || ifnull(e.value, '-')
                        FROM habit_entry e NOT INDEXED JOIN habit h ON h.id = e.habit_id
                        WHERE e.deleted_at IS NULL ORDER BY e.habit_id, e.day_key, e.id
                        """),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT day_key || ' ' || text || ' ' || outcome || ' ' || ifnull(reason, '-') FROM run_step NOT INDEXED
                        WHERE kind = 'habit' AND retracted_at IS NULL ORDER BY day_key, routine_id, id
                        """)
            )
        }
        #expect(expectedEntries.count == 30 - 6 + 10 - 2)
        #expect(expectedSteps.count == 24 - 1)

        let records = try store.ledger.records(to: Fixtures.day)
        var entries: [String] = []
        for (index, samples) in records.entries.enumerated() {
            for sample in samples {
                entries.append(
                    "\(records.habits[index].rawValue) \(DayKey(ordinal: sample.day)) "
                        + (sample.value.map { String(format: "%.1f", $0) } ?? "-"))
            }
        }
        #expect(entries.sorted() == expectedEntries.sorted())
        // Each habit's entries come in day order.
        #expect(records.entries.allSatisfy { $0.map(\.day) == $0.map(\.day).sorted() })
        #expect(
            records.steps.map { "\($0.day) \(records.habits[$0.habit].rawValue) \($0.outcome) \($0.reason ?? "-")" }
                == expectedSteps.map {
                    $0.replacingOccurrences(of: " Meditate ", with: " meditate ").replacingOccurrences(
                        of: " Stretch ", with: " stretch ")
                })
        #expect(records.steps.allSatisfy { $0.routine == "morning-checkin" })
        // Every day with a step pulled (no run of this store), questions and retracted steps' days too.
        #expect(records.elsewhere.count == 12)

        // A window reads the same rows of its days.
        let from = Fixtures.day.adding(days: -6)
        let window = try store.ledger.records(from: from, to: Fixtures.day)
        #expect(window.steps == records.steps.filter { $0.day >= from })
        #expect(window.elsewhere == records.elsewhere.filter { $0.day >= from })
        for (index, samples) in window.entries.enumerated() {
            #expect(samples == records.entries[index].filter { $0.day >= from.ordinal })
        }
        // An entry after the last day is not read.
        let earlier = try store.ledger.records(to: Fixtures.day.adding(days: -10))
        #expect(earlier.entries.joined().allSatisfy { $0.day <= Fixtures.day.ordinal - 10 })
        #expect(
            earlier.entries.joined().count
                == records.entries.joined().filter { $0.day <= Fixtures.day.ordinal - 10 }.count)
    }
}
