import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct EntryTests {
    @Test func logAppendsEveryCall() throws {
        let store = try AppDatabase.inMemory()
        let first = try store.entries.logEntry(
            habit: "Walk", value: 2, unit: "km", dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "Europe/Paris",
            note: "sunny")
        try store.log("walk", 3)
        let entries = try store.entries.list()
        #expect(entries.count == 2)
        #expect(first.habit == "Walk")
        #expect(first.timeZone == "Europe/Paris")
        #expect(first.note == "sunny")
        #expect(first.timestamp == Fixtures.instant)
        #expect(first.runID == nil)
        #expect(entries.map(\.value) == [2, 3])
    }

    @Test func filtersByHabitAndDates() throws {
        let store = try AppDatabase.inMemory()
        for offset in 0..<10 {
            try store.log("Stretch", day: Fixtures.day.adding(days: -offset))
            try store.log("Read", day: Fixtures.day.adding(days: -offset))
        }
        let some = try store.entries.list(
            habit: "stretch", from: Fixtures.day.adding(days: -3), to: Fixtures.day.adding(days: -1))
        #expect(some.map(\.dayKey) == [-3, -2, -1].map { Fixtures.day.adding(days: $0) })
        #expect(some.allSatisfy { $0.habit == "Stretch" })
        #expect(throws: StoreError.unknownHabit("Nope")) { try store.entries.list(habit: "Nope") }
    }

    @Test func deleteIsSoftAndOnlyOnce() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.log("Stretch")
        let deleted = try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant)
        #expect(deleted.deletedAt == Fixtures.instant)
        #expect(try store.entries.list().isEmpty)
        #expect(try store.entries.list(includeDeleted: true).map(\.id) == [entry.id])
        #expect(try store.entries.liveHabitKeys(on: Fixtures.day).isEmpty)
        #expect(throws: StoreError.entryAlreadyDeleted(entry.id)) {
            try store.entries.deleteEntry(id: entry.id, at: Fixtures.instant)
        }
        #expect(throws: StoreError.unknownEntry(EntryID(rawValue: 999))) {
            try store.entries.deleteEntry(id: EntryID(rawValue: 999), at: Fixtures.instant)
        }
    }

    @Test func editValidatesAgainstTheHabitKind() throws {
        let store = try AppDatabase.inMemory()
        let run = try store.log("Run", 5, unit: "km")
        #expect(try store.entries.editEntry(id: run.id, value: 7.5).value == 7.5)
        #expect(throws: StoreError.valueRequired(habit: "Run")) { try store.entries.editEntry(id: run.id, value: nil) }
        #expect(throws: StoreError.self) { try store.entries.editEntry(id: run.id, value: -1) }
        let stretch = try store.log("Stretch")
        #expect(throws: StoreError.valueForBinaryHabit(habit: "Stretch")) {
            try store.entries.editEntry(id: stretch.id, value: 1)
        }
        try store.entries.deleteEntry(id: stretch.id, at: Fixtures.instant)
        #expect(throws: StoreError.entryDeleted(stretch.id)) { try store.entries.editEntry(id: stretch.id, value: nil) }
        #expect(throws: StoreError.unknownEntry(EntryID(rawValue: 12345))) {
            try store.entries.editEntry(id: EntryID(rawValue: 12345), value: 1)
        }
        #expect(try store.entries.entry(id: run.id)?.value == 7.5)
    }

    @Test func liveHabitKeysOnADay() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Drink Water")
        try store.log("Stretch", day: Fixtures.day.adding(days: -1))
        let meditate = try store.log("Meditate", 5)
        try store.entries.deleteEntry(id: meditate.id, at: Fixtures.instant)
        #expect(try store.entries.liveHabitKeys(on: Fixtures.day) == ["drink water"])
    }

    @Test func metricEntriesAreLiveFilteredAndOrdered() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km", day: Fixtures.day.adding(days: -2))
        try store.log("Run", 3, unit: "km", day: Fixtures.day)
        try store.log("Run", 9, unit: "km", day: Fixtures.day.adding(days: 1))
        try store.log("Stretch", day: Fixtures.day.adding(days: -1))
        let gone = try store.log("Stretch", day: Fixtures.day)
        try store.entries.deleteEntry(id: gone.id, at: Fixtures.instant)
        let all = try store.entries.metricEntries(to: Fixtures.day)
        #expect(all.map(\.habitKey) == ["run", "run", "stretch"])
        #expect(all.map(\.value) == [5, 3, nil])
        let runs = try store.entries.metricEntries(
            habitKeys: ["run"], from: Fixtures.day.adding(days: -1), to: Fixtures.day)
        #expect(runs == [MetricEntry(habitKey: "run", dayKey: Fixtures.day, value: 3)])
    }

    @Test func blankNotesAreNoNote() throws {
        let store = try AppDatabase.inMemory()
        let entry = try store.entries.logEntry(
            habit: "Stretch", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: "   ")
        #expect(entry.note == nil)
    }

    @Test func timestampsRoundTripToTheMillisecond() throws {
        for seconds in [0.0, 1_795_334_400.123, -86_400.5, 253_402_300_799.0] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = Instant.format(date)
            let parsed = try #require(Instant.parse(text))
            #expect(abs(parsed.timeIntervalSince1970 - seconds) < 0.0005)
        }
        #expect(Instant.format(Fixtures.instant) == "2026-11-22T06:40:00.000Z")
        #expect(Instant.parse("2026-11-22T07:40:00+01:00") == Fixtures.instant)
        for bad in ["2026-11-22", "2026-13-01T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T06:40:00", "x"] {
            #expect(Instant.parse(bad) == nil)
        }
    }
}
