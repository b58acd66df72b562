import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// An entry row as a reader would give it: checked, at `line`, stamped at
/// `Fixtures.instant` in UTC.
func entryRow(
    _ habit: String, _ day: String = "2026-11-22", value: Double? = nil, unit: String? = nil, note: String? = nil,
    uid: String? = nil, line: Int = 2
) -> EntryRow {
    EntryRow(
        habit: habit, dayKey: DayKey(day)!, value: value, unit: unit, note: note, timestamp: Fixtures.instant,
        timeZone: Fixtures.utc, uid: uid.flatMap(UUID.init(uuidString:)), line: line)
}

/// What the store does with checked rows (`importEntries(rows:now:)`): the rules that
/// need the database, one transaction, all rows or none. The CSV grammar is tested in
/// `RoutineFileTests` (`EntriesCSVTests`), the two together in `RoutineCLITests`.
@Suite struct EntryRowImportTests {
    private func rowError(_ rows: [EntryRow], store: AppDatabase) -> (line: Int, column: Int, message: String)? {
        do {
            _ = try store.bulk.importEntries(rows: rows, now: Fixtures.instant)
        } catch StoreError.invalidEntryRow(let line, let column, let message) {
            return (line, column, message)
        } catch {
            Issue.record("not a row error: \(error)")
        }
        return nil
    }

    @Test func rowsAreWrittenAsGiven() throws {
        let store = try AppDatabase.inMemory()
        let result = try store.bulk.importEntries(
            rows: [
                entryRow("Stretch", "2026-11-20", note: "  "), entryRow("stretch", "2026-11-21", note: "loose"),
                entryRow("Run", value: 5, unit: "kilometres"),
            ], now: Fixtures.instant)
        #expect(result == EntryImportResult(imported: 3, alreadyPresent: 0))
        let entries = try store.entries.list()
        #expect(entries.map(\.habit) == ["Stretch", "Stretch", "Run"])
        #expect(entries.map(\.note) == [nil, "loose", nil])  // an all-white-space note is no note
        #expect(entries.map(\.timestamp) == [Fixtures.instant, Fixtures.instant, Fixtures.instant])
        #expect(try store.habits.all().map(\.name).sorted() == ["Run", "Stretch"])
        #expect(try store.habits.habit(named: "run")?.measure == Measure(unit: "km", type: "distance"))
    }

    @Test func rowsFollowTheLogRulesForExistingHabits() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        var rows = [
            entryRow("Meditate", "2026-11-20", line: 2),
            entryRow("meditate", "2026-11-21", value: 15, unit: "minutes", line: 3),
            entryRow("Run", "2026-11-21", line: 4),
        ]
        let error = try #require(rowError(rows, store: store))
        #expect(error.line == 4 && error.column == 4)  // the value's column
        #expect(error.message == StoreError.valueRequired(habit: "Run").message)
        #expect(try store.entries.list().isEmpty)
        rows[2].value = 5
        rows[2].unit = "km"
        #expect(try store.bulk.importEntries(rows: rows, now: Fixtures.instant).imported == 3)
        #expect(try store.entries.list().map(\.value) == [10, 15, 5])
    }

    /// A row naming the habit of the row before is answered from what was kept of it
    /// (`HabitResolver.entryHabit`): the same values, and the same refusals, as the first.
    @Test func rowsOfTheSameHabitInARowAreRefusedAsTheFirst() throws {
        let good = [
            entryRow("Run", "2026-11-18", value: 2, unit: "km", line: 2),
            entryRow("Run", "2026-11-19", value: 3, unit: "km", line: 3),
            entryRow("Stretch", "2026-11-19", line: 4), entryRow("Stretch", "2026-11-20", line: 5),
        ]
        let cases: [(EntryRow, Int, StoreError)] = [
            (
                entryRow("Run", value: 4, unit: "mi", line: 6), 5,
                .unitMismatch(habit: "Run", expected: "km", given: "mi")
            ),
            (entryRow("Run", line: 6), 4, .valueRequired(habit: "Run")),
            (entryRow("Run", value: -1, unit: "km", line: 6), 4, .invalidValue(habit: "Run", value: -1)),
            (entryRow("Stretch", value: 1, line: 6), 4, .valueForBinaryHabit(habit: "Stretch")),
            (
                entryRow("Stretch", unit: "km", line: 6), 5,
                .unitMismatch(habit: "Stretch", expected: nil, given: "km")
            ),
        ]
        for (bad, column, expected) in cases {
            let store = try AppDatabase.inMemory()
            let rows = bad.habit == "Run" ? Array(good[0...1]) + [bad] : good + [bad]
            let error = try #require(rowError(rows, store: store))
            #expect(error.line == 6 && error.column == column, "\(expected)")
            #expect(error.message == expected.message)
            #expect(try store.entries.list().isEmpty)
        }
        let store = try AppDatabase.inMemory()
        let rows = good + [entryRow("Run", value: 4, unit: "km"), entryRow("Stretch"), entryRow("Stretch")]
        #expect(try store.bulk.importEntries(rows: rows, now: Fixtures.instant).imported == 7)
        #expect(try store.entries.list().compactMap(\.value).sorted() == [2, 3, 4])
    }

    @Test func aRefusedRowWritesNothingAndNamesItsLineAndColumn() throws {
        let store = try AppDatabase.inMemory()
        var rows = (1...15).map { entryRow("Stretch", "2026-11-\($0 < 10 ? "0" : "")\($0)", line: $0 + 1) }
        rows.append(entryRow("Stretch", "2026-11-16", value: 3, line: 17))
        let error = try #require(rowError(rows, store: store))
        #expect(error.line == 17 && error.column == 4)
        #expect(error.message == StoreError.valueForBinaryHabit(habit: "Stretch").message)
        #expect(try store.entries.list().isEmpty)
        #expect(try store.habits.all().isEmpty)
        let empty = try #require(rowError([entryRow("", line: 9)], store: store))
        #expect(empty.line == 9 && empty.column == 2)  // the habit's column
        #expect(empty.message.hasPrefix("invalid habit name"))
        let tooLarge = try #require(rowError([entryRow("Run", value: 1e308, line: 3)], store: store))
        #expect(tooLarge.line == 3 && tooLarge.column == 4)
        try store.log("Meditate", 10, unit: "min")
        let unit = try #require(rowError([entryRow("Meditate", value: 5, unit: "km", line: 3)], store: store))
        #expect(unit.line == 3 && unit.column == 5)
        #expect(unit.message.contains("measured in min"))
        #expect(try store.entries.list().count == 1)
    }

    /// A source that cannot read its third row.
    private struct BrokenSource: EntryRowSource {
        struct Unreadable: Error, Equatable {}
        var given = 0
        mutating func next() throws -> EntryRow? {
            given += 1
            guard given < 3 else { throw Unreadable() }
            return entryRow("Stretch", "2026-11-2\(given)", line: given + 1)
        }
        func column(of field: EntryRow.Field) -> Int { 1 }
        var rowsAtMost: Int { 3 }
    }

    @Test func theSourcesOwnErrorComesThroughAndWritesNothing() throws {
        let store = try AppDatabase.inMemory()
        var source = BrokenSource()
        #expect(throws: BrokenSource.Unreadable()) {
            try store.bulk.importEntries(from: &source, now: Fixtures.instant)
        }
        #expect(try store.entries.list().isEmpty)
        #expect(try store.habits.all().isEmpty)
    }

    @Test func noRowsWriteNothing() throws {
        let store = try AppDatabase.inMemory()
        #expect(
            try store.bulk.importEntries(rows: [], now: Fixtures.instant)
                == EntryImportResult(imported: 0, alreadyPresent: 0))
    }
}

@Suite struct EntryRowExportTests {
    private func rows(_ store: AppDatabase, habit: String? = nil, from: DayKey? = nil) throws -> [EntryRow] {
        var rows: [EntryRow] = []
        try store.bulk.exportEntryRows(habit: habit, from: from) { rows.append($0) }
        return rows
    }

    @Test func exportCarriesEveryFieldAndReadsBack() throws {
        let source = try AppDatabase.inMemory()
        let run = try source.entries.logEntry(
            habit: "Run", value: 5.25, unit: "km", dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "Europe/Paris",
            note: "felt \"great\", really\nsecond line")
        try source.log("Stretch")
        let exported = try rows(source)
        #expect(exported.count == 2)
        let first = try #require(exported.first)
        #expect(first.habit == "Run" && first.dayKey == Fixtures.day && first.value == 5.25 && first.unit == "km")
        #expect(first.note == run.note && first.timestamp == Fixtures.instant && first.timeZone == "Europe/Paris")
        #expect(first.uid?.uuidString.lowercased() == run.uid)
        #expect(exported[1].unit == nil && exported[1].value == nil)

        let target = try AppDatabase.inMemory()
        #expect(try target.bulk.importEntries(rows: exported, now: Fixtures.instant).imported == 2)
        #expect(try rows(target) == exported)
        #expect(try target.habits.habit(named: "run")?.measure?.unit == "km")
    }

    @Test func exportFiltersLikeEntries() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        try store.log("Read", day: Fixtures.day.adding(days: -5))
        let gone = try store.log("Read")
        try store.entries.deleteEntry(id: gone.id, at: Fixtures.instant)
        #expect(try rows(store, habit: "read").map(\.dayKey) == [Fixtures.day.adding(days: -5)])
        #expect(try rows(store, from: Fixtures.day).map(\.habit) == ["Stretch"])
        #expect(throws: StoreError.unknownHabit("Nope")) { try rows(store, habit: "Nope") }
    }
}
