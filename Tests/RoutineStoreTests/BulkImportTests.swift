import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// A large `importEntries` drops the entry table's indexes and builds them again after
/// the rows are in (speed). The schema, the rows and the all-or-nothing rule must come
/// out exactly as for a row-by-row import.
@Suite struct BulkImportTests {
    static func indexes(_ store: AppDatabase) throws -> [String] {
        try store.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'habit_entry' AND sql IS NOT NULL ORDER BY name"
            )
        }
    }

    /// `count` rows for two habits, one day each, from 2000-01-01 on; with `badLast` the
    /// last one is a value for a binary habit.
    static func rows(_ count: Int, badLast: Bool = false) -> [EntryRow] {
        (0..<count).map { row in
            let day = DayKey(ordinal: 10_957 + row / 2)
            let bad = badLast && row == count - 1
            return EntryRow(
                habit: bad ? "Binary" : "Habit \(row % 2)", dayKey: day, value: Double(row % 50),
                timestamp: Instant.parse("\(day)T07:00:00Z")!, timeZone: "UTC", line: row + 2)
        }
    }

    @Test func largeImportKeepsTheIndexesAndEveryRow() throws {
        let store = try AppDatabase.inMemory()
        let before = try Self.indexes(store)
        #expect(before.count == 4)  // day, run, uid, the ledger's (habit and day, v15)
        let rows = 50_001
        #expect(try store.bulk.importEntries(rows: Self.rows(rows), now: Date()).imported == rows)
        #expect(try Self.indexes(store) == before)
        #expect(store.integrityCheck())
        let (count, lastDay, usesIndex) = try store.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") ?? 0,
                try String.fetchOne(db, sql: "SELECT max(day_key) FROM habit_entry") ?? "",
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM habit_entry WHERE day_key = '2000-01-01'")
                    .map { $0["detail"] as String? ?? "" }.joined().contains("habit_entry_day")
            )
        }
        #expect(count == rows)
        #expect(lastDay == DayKey(ordinal: 10_957 + (rows - 1) / 2).description)
        #expect(usesIndex)
        // A second import, smaller than what is stored, takes the row-by-row path (new
        // rows: the same rows again would be skipped as already stored).
        let again = Self.rows(10).map { row in
            var row = row
            row.note = "again"
            return row
        }
        #expect(try store.bulk.importEntries(rows: again, now: Date()).imported == 10)
        #expect(try Self.indexes(store) == before)
    }

    /// The pooled uids of a bulk load are version-7 UUIDs (time-ordered), lower-case,
    /// all distinct and in increasing order, past the 4,096 a millisecond's counter
    /// holds; a uid read from a file is stored as `uuidString` lower-cased would give.
    @Test func pooledUIDsAreDistinctVersion7UUIDsInOrder() {
        let pool = UIDPool(now: Date(timeIntervalSince1970: 1_764_000_000))
        let uids = (0..<10_000).map { _ in AppDatabase.uidText(bytes: pool.next()) }
        #expect(Set(uids).count == uids.count)
        #expect(uids == uids.sorted())
        #expect(
            uids.allSatisfy {
                UUID(uuidString: $0) != nil && $0 == $0.lowercased() && Array($0)[14] == "7"
                    && "89ab".contains(Array($0)[19])
            })
        // The first 48 bits are the milliseconds; the counter past 4,095 steps them on.
        func prefix(_ milliseconds: Int) -> String {
            let hex = String(repeating: "0", count: 12) + String(milliseconds, radix: 16)
            return "\(hex.suffix(12).prefix(8))-\(hex.suffix(4))-7000-"
        }
        #expect(uids[0].hasPrefix(prefix(1_764_000_000_000)))
        #expect(uids[4096].hasPrefix(prefix(1_764_000_000_001)))
        let uuid = UUID()
        #expect(AppDatabase.uidText(uuid) == uuid.uuidString.lowercased())
    }

    /// A load without uids of its own keeps the uid index as it goes (its uids come in
    /// order) and sets the rest of the schema back: the same indexes and triggers, and
    /// foreign keys checked again for the writes after it.
    @Test func aLargeLoadPutsTheSchemaAndForeignKeysBack() throws {
        let store = try AppDatabase.inMemory()
        let schema = {
            try store.read { db in
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT sql FROM sqlite_master WHERE tbl_name = 'habit_entry' AND sql IS NOT NULL ORDER BY name"
                )
            }
        }
        let before = try schema()
        #expect(before.contains { $0.contains("habit_entry_uid_default") })
        // Every third row has a note (of one to three bytes more each time), the rest none.
        let rows = Self.rows(50_001).enumerated().map { index, row in
            var row = row
            if index % 3 == 0 { row.note = "note \(index) " + String(repeating: "é", count: index % 4) }
            return row
        }
        _ = try store.bulk.importEntries(rows: rows, now: Date())
        #expect(try schema() == before)
        let stored = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT day_key, value, note FROM habit_entry ORDER BY id").map {
                "\($0["day_key"] as String) \($0["value"] as Double? ?? -1) \($0["note"] as String? ?? "-")"
            }
        }
        #expect(stored == rows.map { "\($0.dayKey) \($0.value ?? -1) \($0.note ?? "-")" })
        #expect(try store.write { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") } == 1)
        // Stored as 16 bytes (v13-uid-blobs): their hex sorts as the bytes do.
        let uids = try store.read { db in
            try String.fetchAll(db, sql: "SELECT hex(uid) FROM habit_entry WHERE length(uid) = 16 ORDER BY id")
        }
        #expect(uids == uids.sorted())
        #expect(Set(uids).count == 50_001)
    }

    /// An import from another tool sets the pause table's uid trigger aside while its
    /// skips go in (each has its uid) and puts it back: the schema is the one before, a
    /// pause written later without a uid gets one, and a failed import leaves it too.
    @Test func anImportsSkipsPutThePauseTriggerBack() throws {
        let store = try AppDatabase.inMemory()
        let schema = {
            try store.read { db in
                try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            }
        }
        let before = try schema()
        #expect(before.contains { $0.contains("pause_uid_default") })
        let habit = ImportHabit(spec: HabitSpec(name: "Walk"), unit: nil, archived: false)
        let skips = (0..<3).map { PlannedSkip(habit: 0, dayKey: DayKey(ordinal: 20_000 + $0), uid: UUID()) }
        let outcome = try store.bulk.applyImport(
            habits: [habit], entries: [], skips: skips, source: "Loop", now: Date(), dryRun: false)
        #expect(outcome.newSkips == 3)
        #expect(try schema() == before)
        try store.write { db in
            try db.execute(
                sql:
                    "INSERT INTO pause (from_day, to_day, note, created_at) VALUES ('2026-01-01', '2026-01-01', '', '2026-01-01T00:00:00.000Z')"
            )
        }
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM pause WHERE uid IS NULL") } == 0)
        // A skip whose note breaks a rule fails the import after the trigger was set aside.
        let bad = PlannedSkip(habit: 0, dayKey: DayKey(ordinal: 20_010), uid: UUID(), note: "bell \u{7}")
        #expect(throws: (any Error).self) {
            try store.bulk.applyImport(
                habits: [habit], entries: [], skips: [bad], source: "Loop", now: Date(), dryRun: false)
        }
        #expect(try schema() == before)
        #expect(try store.pauses.all().count == 4)
    }

    @Test func failedLargeImportLeavesTheIndexesAndNoRows() throws {
        let store = try AppDatabase.inMemory()
        let before = try Self.indexes(store)
        try store.log("Binary")
        let rows = 50_001
        #expect(
            throws: StoreError.invalidEntryRow(
                line: rows + 1, column: 4, message: StoreError.valueForBinaryHabit(habit: "Binary").message)
        ) {
            try store.bulk.importEntries(rows: Self.rows(rows, badLast: true), now: Date())
        }
        #expect(try Self.indexes(store) == before)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") } == 1)
        #expect(try store.write { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") } == 1)
    }

    /// Rows read ahead on their own thread come in the source's order, and the
    /// source's error comes where it stood: after the rows before it, none after.
    @Test func prefetchedRowsKeepTheirOrderAndTheSourcesError() throws {
        struct Failing: EntryRowSource {
            struct Unreadable: Error, Equatable {}
            var given = 0
            let failAt: Int
            mutating func next() throws -> EntryRow? {
                given += 1
                guard given != failAt else { throw Unreadable() }
                guard given <= 10_000 else { return nil }
                return EntryRow(
                    habit: "H", dayKey: DayKey(ordinal: given), timestamp: Date(), timeZone: "UTC", line: given)
            }
            func column(of field: EntryRow.Field) -> Int { 3 }
            var rowsAtMost: Int { 10_000 }
        }
        for failAt in [5_000, 20_000] {
            var rows = PrefetchedEntryRows(Failing(failAt: failAt))
            var lines: [Int] = []
            var failed = false
            do {
                while let row = try rows.next() { lines.append(row.line) }
            } catch is Failing.Unreadable {
                failed = true
            }
            rows.stop()
            #expect(failed == (failAt == 5_000))
            #expect(lines == Array(1...min(failAt - 1, 10_000)))
            #expect(rows.column(of: .unit) == 3)
        }
    }
}
