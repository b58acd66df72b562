import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// SPEC §1: nothing derived is ever stored. The schema is read back from a real store
/// file with the `sqlite3` command-line tool, independently of the store's own code.
@Suite struct NothingDerivedTests {
    /// Words that would name a derived figure in a table or column.
    private static let derivedWords = [
        "streak", "momentum", "total", "progress", "completed", "complete", "done_count", "count", "sum",
        "summary", "cache", "score", "percent", "average",
    ]

    private func schema(of path: String) throws -> [(table: String, column: String)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            "-readonly", path,
            "SELECT m.name || '|' || p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "|", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    @Test func noTableOrColumnHoldsADerivedFigure() throws {
        let dir = TempDir()
        let path = dir.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        _ = try store.routines.importRoutine(Fixtures.morning(), source: Fixtures.morningSource, at: Fixtures.instant)
        _ = try store.entries.logEntry(
            habit: "Meditate", value: 10, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: nil)
        let columns = try schema(of: path)
        #expect(columns.count > 20, "the schema was read: \(columns.count) columns")
        #expect(columns.contains { $0.table == "habit_entry" && $0.column == "day_key" })
        let derived = columns.filter { table, column in
            let words = (table + "_" + column).lowercased().split(separator: "_").map(String.init)
            return words.contains { Self.derivedWords.contains($0) }
        }
        #expect(derived.isEmpty, "derived columns: \(derived)")
    }

    @Test func metricsAreUnchangedWhenEveryNonTruthTableIsEmptied() throws {
        // The figures come from entries alone: a store whose runs (the only other
        // per-day records) are deleted gives the same metric input.
        let dir = TempDir()
        let path = dir.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        for day in ["2026-11-20", "2026-11-21", "2026-11-22"] {
            _ = try store.entries.logEntry(
                habit: "Run", value: 5, unit: "km", dayKey: DayKey(day)!, at: Fixtures.instant, timeZone: "UTC",
                note: nil)
        }
        let before = try store.entries.metricEntries(to: Fixtures.day)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, "DELETE FROM run_step_entry; DELETE FROM run;"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let after = try AppDatabase.open(path: path).entries.metricEntries(to: Fixtures.day)
        #expect(before == after)
        #expect(
            scheduleStats(
                habits: [MetricHabit(name: "Run", isQuantity: true, unit: "km")], entries: after, day: Fixtures.day
            )
            .first?.currentStreak == 3)
    }
}
