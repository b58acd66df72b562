import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import TestSupport
import Testing

/// The CSV backup end to end in process: `EntriesCSVWriter` over the store's rows, and
/// `EntriesCSVReader` into `importEntries(from:now:)` — what `entries --format csv` and
/// `import-entries` do.
@Suite struct EntriesCSVImportTests {
    static let now = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z
    static let day = DayKey("2026-11-22")!

    /// A row error of either side, as the CLI prints it after the file name.
    struct Refusal: Error, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    static func importCSV(
        _ csv: String, into store: AppDatabase, defaultTimeZone: String = "UTC", now: Date = now
    ) throws -> EntryImportResult {
        do {
            guard var rows = try EntriesCSVReader(csv: csv, defaultTimeZone: defaultTimeZone, now: now) else {
                return EntryImportResult(imported: 0, alreadyPresent: 0)
            }
            return try store.bulk.importEntries(from: &rows, now: now)
        } catch let error as CSVError {
            throw Refusal(line: error.line, column: error.column, message: error.message)
        } catch StoreError.invalidEntryRow(let line, let column, let message) {
            throw Refusal(line: line, column: column, message: message)
        }
    }

    static func refusal(_ csv: String, store: AppDatabase) -> Refusal? {
        do {
            _ = try importCSV(csv, into: store)
        } catch let refusal as Refusal {
            return refusal
        } catch {
            Issue.record("not a row error: \(error)")
        }
        return nil
    }

    static func exportCSV(_ store: AppDatabase) throws -> String {
        var writer = EntriesCSVWriter()
        try store.bulk.exportEntryRows { writer.append($0) }
        return writer.text
    }

    @Test func roundTripKeepsEveryField() throws {
        let source = try AppDatabase.inMemory()
        _ = try source.entries.logEntry(
            habit: "Run", value: 5.25, unit: "km", dayKey: Self.day, at: Self.now, timeZone: "Europe/Paris",
            note: "felt \"great\", really\nsecond line")
        _ = try source.entries.logEntry(
            habit: "Stretch", value: nil, unit: nil, dayKey: Self.day, at: Self.now, timeZone: "UTC", note: nil)
        _ = try source.entries.logEntry(
            habit: "Pages", value: 0.1, unit: nil, dayKey: Self.day, at: Self.now, timeZone: "UTC", note: nil)
        let csv = try Self.exportCSV(source)
        #expect(csv.hasPrefix("uid,habit,dayKey,value,unit,note,timestamp,timeZone\n"))
        let target = try AppDatabase.inMemory()
        #expect(try Self.importCSV(csv, into: target).imported == 3)
        func strip(_ entries: [EntryInfo]) -> [String] {
            entries.map {
                "\($0.habit)|\($0.dayKey)|\(String(describing: $0.value))|\($0.note ?? "-")|\($0.timestamp)|\($0.timeZone)|\($0.uid)"
            }
        }
        #expect(strip(try target.entries.list()) == strip(try source.entries.list()))
        #expect(try Self.exportCSV(target) == csv)
        // Twice changes nothing.
        #expect(try Self.importCSV(csv, into: target) == EntryImportResult(imported: 0, alreadyPresent: 3))
    }

    // A 100,000-character note was exported, then refused on import ("a field longer
    // than 65536 bytes").
    @Test func whatTheExportWritesTheImportReads() throws {
        let source = try AppDatabase.inMemory()
        let long = String(repeating: "note, \"quoted\"\nand more. ", count: 4_000)  // 100,000 characters
        _ = try source.entries.logEntry(
            habit: "Journal", value: nil, unit: nil, dayKey: Self.day, at: Self.now, timeZone: "UTC", note: long)
        _ = try source.entries.logEntry(
            habit: "Run", value: 5, unit: "km", dayKey: Self.day, at: Self.now, timeZone: "UTC", note: nil)
        let csv = try Self.exportCSV(source)
        let target = try AppDatabase.inMemory()
        #expect(try Self.importCSV(csv, into: target).imported == 2)
        #expect(try target.entries.list().map(\.note) == source.entries.list().map(\.note))
        #expect(try Self.exportCSV(target) == csv)
    }

    @Test func storeRulesNameTheColumnOfTheFile() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.entries.logEntry(
            habit: "Meditate", value: 10, unit: "min", dayKey: Self.day, at: Self.now, timeZone: "UTC", note: nil)
        let header = "habit,dayKey,value,note,timestamp,timeZone\n"
        #expect(Self.refusal(header + "Stretch,2026-11-20,,,,\nStretch,2026-11-21,3,,,\n", store: store)?.column == 3)
        #expect(
            Self.refusal(header + ",2026-11-20,,,,\n", store: store)?.message
                == StoreError.invalidHabitName("").message)
        let unit = Self.refusal(
            "uid,habit,dayKey,value,unit\n,Walk,2026-11-20,,\n,Meditate,2026-11-20,5,km\n", store: store)
        #expect(unit == Refusal(line: 3, column: 5, message: "habit 'Meditate' is measured in min, not km"))
        let noValue = Self.refusal("dayKey,habit\n2026-11-20,Meditate\n2026-11-21,Run\n", store: store)
        #expect(noValue?.line == 2 && noValue?.column == 2)  // Meditate has no target; no value column: the habit's
        #expect(try store.entries.list().count == 1)
        #expect(try store.habits.all().map(\.name) == ["Meditate"])
    }

    /// A store rule in row 3 is found before a grammar error in row 4: the first bad row
    /// is the one named.
    @Test func theFirstBadRowIsNamed() throws {
        let store = try AppDatabase.inMemory()
        let csv = "habit,dayKey,value\nStretch,2026-11-20,\nStretch,2026-11-21,3\nStretch,bad,\n"
        #expect(Self.refusal(csv, store: store)?.line == 3)
        #expect(try store.entries.list().isEmpty)
    }

    /// Random bytes from an alphabet rich in CSV syntax: every input either loads or is
    /// refused with a line and column, and a refused one writes nothing.
    @Test func randomInputNeverCrashesAndIsAllOrNothing() throws {
        var generator = SeededGenerator(seed: 20_261_122)
        let alphabet = Array(",,\"\"\n\r\n ab-.0123456789\u{0}é".unicodeScalars)
        for round in 0..<300 {
            let store = try AppDatabase.inMemory()
            var body = ""
            for _ in 0..<Int.random(in: 0...80, using: &generator) {
                body.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            if round % 3 == 0 { body = "Stretch,2026-11-2\(round % 10)\n" + body }
            do {
                let count = try Self.importCSV("habit,dayKey\n" + body, into: store).imported
                #expect(try store.entries.list().count == count)
            } catch let refusal as Refusal {
                #expect(refusal.line >= 2 && refusal.column >= 1)
                #expect(try store.entries.list().isEmpty)
                #expect(try store.habits.all().isEmpty)
            }
        }
    }
}
