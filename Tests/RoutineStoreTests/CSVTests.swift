import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct CSVTests {
    private let header = "habit,dayKey,value,note,timestamp,timeZone\n"

    private func importing(_ csv: String, into store: AppDatabase) throws -> Int {
        try store.importEntries(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant)
    }

    private func csvError(_ csv: String, store: AppDatabase) -> (line: Int, column: Int, message: String)? {
        do {
            _ = try importing(csv, into: store)
        } catch StoreError.invalidCSV(let line, let column, let message) {
            return (line, column, message)
        } catch {
            return nil
        }
        return nil
    }

    @Test func roundTripKeepsEveryField() throws {
        let source = try AppDatabase.inMemory()
        _ = try source.logEntry(
            habit: "Run", value: 5.25, unit: "km", dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "Europe/Paris",
            note: "felt \"great\", really\nsecond line")
        try source.log("Stretch")
        try source.log("Pages", 0.1)
        let csv = try source.entriesCSV()
        #expect(csv.hasPrefix("uid,habit,dayKey,value,unit,note,timestamp,timeZone\n"))
        let target = try AppDatabase.inMemory()
        _ = try target.importRoutine(
            Fixtures.single("r", habit: "Run", measure: Measure(unit: "km", type: "distance")), source: "r",
            at: Fixtures.instant)
        #expect(try importing(csv, into: target) == 3)
        func strip(_ entries: [EntryInfo]) -> [String] {
            entries.map {
                "\($0.habit)|\($0.dayKey)|\(String(describing: $0.value))|\($0.note ?? "-")|\($0.timestamp)|\($0.timeZone)"
            }
        }
        #expect(strip(try target.entries()) == strip(try source.entries()))
        #expect(try target.entriesCSV() == csv)
    }

    @Test func onlyHabitAndDayKeyAreRequired() throws {
        let store = try AppDatabase.inMemory()
        #expect(try importing("dayKey,Habit\n2026-11-20,Stretch\n\n2026-11-21,stretch\r\n", into: store) == 2)
        let entries = try store.entries()
        #expect(entries.map(\.timestamp) == [Fixtures.instant, Fixtures.instant])
        #expect(entries.map(\.timeZone) == ["UTC", "UTC"])
        #expect(try store.habits().map(\.name) == ["Stretch"])
    }

    @Test func unitColumnGivesNewHabitsTheirMeasure() throws {
        let store = try AppDatabase.inMemory()
        #expect(try importing("habit,dayKey,value,unit\nRun,2026-11-20,5,kilometres\n", into: store) == 1)
        #expect(try store.habit(named: "run")?.measure == Measure(unit: "km", type: "distance"))
    }

    @Test func badRowNamesLineAndColumnAndWritesNothing() throws {
        let store = try AppDatabase.inMemory()
        var csv = header
        for day in 1...15 { csv += "Stretch,2026-11-\(day < 10 ? "0" : "")\(day),,,,\n" }
        csv += "Stretch,2026-11-31,,,,\n"
        let error = try #require(csvError(csv, store: store))
        #expect(error.line == 17)
        #expect(error.column == 2)
        #expect(error.message.contains("2026-11-31"))
        #expect(try store.entries().isEmpty)
        #expect(try store.habits().isEmpty)
    }

    @Test func headerProblemsAreErrors() throws {
        let store = try AppDatabase.inMemory()
        #expect(csvError("habit,dayKey,colour\n", store: store)?.column == 3)
        #expect(csvError("habit,value\nRun,1\n", store: store)?.message.contains("dayKey") == true)
        #expect(csvError("habit,dayKey,habit\n", store: store)?.column == 3)
        #expect(try importing("", into: store) == 0)
    }

    @Test func hostileRowsAreErrorsNeverCrashes() throws {
        let store = try AppDatabase.inMemory()
        let cases: [(String, Int, Int)] = [
            ("Run,2026-11-20,\"5,,,\n", 2, 3),  // unterminated quote
            ("Ru\"n,2026-11-20,,,,\n", 2, 1),  // quote in an unquoted field
            ("\"Run\"x,2026-11-20,,,,\n", 2, 1),  // text after a closing quote
            ("Run\u{0},2026-11-20,,,,\n", 2, 1),  // NUL byte
            ("Run,2026-11-20,-5,,,\n", 2, 3),  // negative value
            ("Run,2026-11-20,nan,,,\n", 2, 3),
            ("Run,2026-11-20,1e999,,,\n", 2, 3),
            ("Run,2026-11-20,0x10,,,\n", 2, 3),
            ("Run,20261120,,,,\n", 2, 2),  // bad day
            ("Run,2026-11-20,,,yesterday,\n", 2, 5),  // bad timestamp
            ("Run,2026-11-20,,,,Mars/Olympus\n", 2, 6),  // bad zone
            ("Run,2026-11-20\n", 2, 3),  // too few fields
            ("Run,2026-11-20,,,,,\n", 2, 7),  // too many fields
            ("\(String(repeating: "x", count: 70_000)),2026-11-20,,,,\n", 2, 1),  // huge field
            ("Stretch,2026-11-20,,,,\nStretch,2026-11-21,3,,,\n", 3, 3),  // a value for a binary habit
            (",2026-11-20,,,,\n", 2, 1),  // empty habit
            ("Run,2026-11-20,,,,\r", 2, 6),  // stray CR
        ]
        for (body, line, column) in cases {
            let error = csvError(header + body, store: store)
            #expect(error?.line == line, "\(body.prefix(40))")
            #expect(error?.column == column, "\(body.prefix(40))")
        }
        #expect(try store.entries().isEmpty)
        #expect(try store.habits().isEmpty)
    }

    @Test func quotedFieldsMaySpanLinesAndLinesAreCounted() throws {
        let store = try AppDatabase.inMemory()
        let csv = header + "Stretch,2026-11-20,,\"a\nb\nc\",,\nStretch,bad,,,,\n"
        let error = try #require(csvError(csv, store: store))
        #expect(error.line == 5)
        #expect(error.column == 2)
    }

    @Test func valuesReadBackExactly() throws {
        for value in [0, 1, 12.5, 0.1, 1e-7, 123_456_789.123, 3e20] {
            #expect(AppDatabase.parseValue(AppDatabase.formatValue(value)) == value)
        }
        for bad in ["", ".", "-1", "+1", "1e", "inf", "nan", "1,5", " 1"] {
            #expect(AppDatabase.parseValue(bad) == nil, "\(bad)")
        }
    }

    @Test func tenYearsOfAHundredHabitsLoadsInOneTransaction() throws {
        let temp = TempDir()
        let store = try AppDatabase.open(path: temp.file("store.sqlite"))
        var csv = header
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
        let elapsed = try clock.measure { count = try importing(csv, into: store) }
        print("CSV import: 365,000 rows in \(elapsed) (debug build)")
        #expect(count == 365_000)
        #expect(try store.habits().count == 100)
        let exportElapsed = try clock.measure { _ = try store.entriesCSV() }
        print("CSV export: 365,000 rows in \(exportElapsed) (debug build)")
        #expect(try store.metricEntries(habitKeys: ["habit 1"], to: DayKey("2026-12-31")!).count == 3650)
    }
}

@Suite struct CSVEdgeTests {
    @Test func byteOrderMarkAndOffsetsAreHandled() throws {
        let store = try AppDatabase.inMemory()
        let csv = "\u{FEFF}habit,dayKey,timestamp\nStretch,2026-11-22,2026-11-22T07:40:00+01:00\n"
        #expect(try store.importEntries(csv: csv, defaultTimeZone: "Europe/Paris", now: Date()) == 1)
        let entry = try #require(try store.entries().first)
        #expect(entry.timestamp == Fixtures.instant)
        #expect(entry.timeZone == "Europe/Paris")
        #expect(try store.entriesCSV().contains("2026-11-22T06:40:00.000Z"))
    }

    @Test func exportFiltersLikeEntries() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        try store.log("Read", day: Fixtures.day.adding(days: -5))
        let gone = try store.log("Read")
        try store.deleteEntry(id: gone.id, at: Fixtures.instant)
        let lines = try store.entriesCSV(habit: "read").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix(",Read,2026-11-17,,,,2026-11-22T06:40:00.000Z,UTC"))
        #expect(try store.entriesCSV(from: Fixtures.day).split(separator: "\n").count == 2)
        #expect(throws: StoreError.unknownHabit("Nope")) { try store.entriesCSV(habit: "Nope") }
    }

    @Test func rowsFollowTheLogRulesForExistingHabits() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        let csv = "habit,dayKey,value,unit\nMeditate,2026-11-20,,\nmeditate,2026-11-21,15,minutes\nRun,2026-11-21,,\n"
        do {
            _ = try store.importEntries(csv: csv, defaultTimeZone: "UTC", now: Fixtures.instant)
            Issue.record("a quantity habit without target and no value must fail")
        } catch StoreError.invalidCSV(let line, let column, let message) {
            #expect(line == 4)
            #expect(column == 3)
            #expect(message.contains("Run"))
        }
        #expect(try store.entries().isEmpty)
        let fixed = csv.replacingOccurrences(of: "Run,2026-11-21,,", with: "Run,2026-11-21,5,km")
        #expect(try store.importEntries(csv: fixed, defaultTimeZone: "UTC", now: Fixtures.instant) == 3)
        #expect(try store.entries().map(\.value) == [10, 15, 5])
    }
}
