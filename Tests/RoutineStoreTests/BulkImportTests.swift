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
        #expect(before.count == 4)  // habit+day, day, run, uid
        let rows = 50_001
        #expect(try store.importEntries(rows: Self.rows(rows), now: Date()).imported == rows)
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
        #expect(try store.importEntries(rows: again, now: Date()).imported == 10)
        #expect(try Self.indexes(store) == before)
    }

    /// The pooled uids of a bulk load are version-4 UUIDs, lower-case, all distinct; a
    /// uid read from a file is stored as `uuidString` lower-cased would give.
    @Test func pooledUIDsAreDistinctVersion4UUIDs() {
        let pool = UIDPool()
        let uids = (0..<10_000).map { _ in pool.next() }
        #expect(Set(uids).count == uids.count)
        #expect(uids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() && Array($0)[14] == "4" })
        let uuid = UUID()
        #expect(AppDatabase.uidText(uuid) == uuid.uuidString.lowercased())
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
            try store.importEntries(rows: Self.rows(rows, badLast: true), now: Date())
        }
        #expect(try Self.indexes(store) == before)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") } == 1)
    }
}
