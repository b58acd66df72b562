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

    /// `rows` lines for two habits, one day each, from 2000-01-01 on.
    static func csv(rows: Int, badLast: Bool = false) -> String {
        var text = "habit,dayKey,value,note,timestamp,timeZone\n"
        text.reserveCapacity(rows * 48)
        for row in 0..<rows {
            let day = DayKey(ordinal: 10_957 + row / 2)
            let value = badLast && row == rows - 1 ? "-1" : String(row % 50)
            text += "Habit \(row % 2),\(day),\(value),,\(day)T07:00:00Z,UTC\n"
        }
        return text
    }

    @Test func largeImportKeepsTheIndexesAndEveryRow() throws {
        let store = try AppDatabase.inMemory()
        let before = try Self.indexes(store)
        #expect(before.count == 4)  // habit+day, day, run, uid
        let rows = 50_001
        #expect(try store.importEntries(csv: Self.csv(rows: rows), defaultTimeZone: "UTC", now: Date()) == rows)
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
        // A second import, smaller than what is stored, takes the row-by-row path.
        #expect(try store.importEntries(csv: Self.csv(rows: 10), defaultTimeZone: "UTC", now: Date()) == 10)
        #expect(try Self.indexes(store) == before)
    }

    @Test func failedLargeImportLeavesTheIndexesAndNoRows() throws {
        let store = try AppDatabase.inMemory()
        let before = try Self.indexes(store)
        let rows = 50_001
        #expect(throws: StoreError.self) {
            try store.importEntries(csv: Self.csv(rows: rows, badLast: true), defaultTimeZone: "UTC", now: Date())
        }
        #expect(try Self.indexes(store) == before)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") } == 0)
    }
}
