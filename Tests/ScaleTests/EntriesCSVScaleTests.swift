import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import Testing

/// Ten years of a hundred habits (365,000 rows) through the CSV reader into one store
/// transaction, and back out through the writer: what `import-entries` and `entries
/// --format csv` do, at a size far beyond a life.
@Suite struct EntriesCSVScaleTests {
    private func importCSV(_ csv: String, into store: AppDatabase) throws -> Int {
        let now = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z
        guard var rows = try EntriesCSVReader(csv: csv, defaultTimeZone: "UTC", now: now) else { return 0 }
        return try store.bulk.importEntries(from: &rows, now: now).imported
    }

    @Test func tenYearsOfAHundredHabitsLoadsInOneTransaction() throws {
        let path = NSTemporaryDirectory() + "routine-csv-\(UUID().uuidString).sqlite"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try AppDatabase.open(path: path)
        var csv = "habit,dayKey,value,note,timestamp,timeZone\n"
        csv.reserveCapacity(365_000 * 60)
        let start = DayKey("2016-11-22")!
        for day in 0..<3650 {
            let key = start.adding(days: day).description
            for habit in 0..<100 {
                if habit % 2 == 0 {
                    csv += "Habit \(habit),\(key),,,\(key)T07:00:00.000Z,UTC\n"
                } else {
                    csv += "Habit \(habit),\(key),\(habit % 7 + 1),,\(key)T07:00:00.000Z,Europe/Paris\n"
                }
            }
        }
        let clock = ContinuousClock()
        var count = 0
        let elapsed = try clock.measure { count = try importCSV(csv, into: store) }
        print("CSV import: 365,000 rows in \(elapsed) (debug build)")
        #expect(count == 365_000)
        #expect(try store.habits.all().count == 100)
        var exported = ""
        let exportElapsed = try clock.measure {
            var writer = EntriesCSVWriter()
            try store.bulk.exportEntryRows { writer.append($0) }
            exported = writer.text
        }
        print("CSV export: 365,000 rows in \(exportElapsed) (debug build)")
        #expect(exported.utf8.count > 365_000 * 60)
        #expect(try store.entries.metricEntries(habitKeys: ["habit 1"], to: DayKey("2026-12-31")!).count == 3650)
    }
}
