import EndToEndSupport
import Foundation
import RoutineCore
import RoutineImport
import RoutineStore
import Testing

@testable import RoutineApp

/// `routine import-from` in process (SPEC §18.2): fixtures written as each tool writes
/// them, imported through `ImportService` into a real store file.
@Suite struct ImportFromTests {
    static let now = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z
    static func day(_ text: String) -> DayKey { DayKey(text)! }

    typealias Habit = ImportFixtures.LoopHabit
    typealias Rep = ImportFixtures.LoopRepetition

    /// Every kind of Loop habit and repetition value.
    static let loopHabits: [Habit] = [
        Habit(
            id: 1, name: "Meditate", question: "Did you meditate today?", description: "Ten minutes",
            reminder: (8, 0)),
        Habit(id: 2, name: "Run", type: 1, numerator: 1, denominator: 2, targetValue: 5, unit: "km"),
        Habit(id: 3, name: "Gym", numerator: 3, denominator: 7, reminder: (8, 0)),
        Habit(id: 4, name: "Old habit", archived: true),
        Habit(id: 5, name: "Vegan"),
        Habit(id: 6, name: "vegan"),
        Habit(id: 7, name: "Smoke", type: 1, targetType: 1, targetValue: 2),
        Habit(id: 8, name: "Read", numerator: 2, denominator: 30),
    ]

    static let loopRepetitions: [Rep] = [
        Rep(habit: 1, day: day("2026-01-01"), value: 2, notes: "calm, \"deep\""),
        Rep(habit: 1, day: day("2026-01-02"), value: 1),
        Rep(habit: 1, day: day("2026-01-03"), value: 0),
        Rep(habit: 1, day: day("2026-01-04"), value: -1),
        Rep(habit: 1, day: day("2026-01-05"), value: 3, notes: "ill\nin bed"),
        Rep(habit: 1, day: day("2026-01-06"), value: 2),
        Rep(habit: 2, day: day("2026-01-01"), value: 5250, notes: "park"),
        Rep(habit: 2, day: day("2026-01-03"), value: 10000),
        Rep(habit: 3, day: day("2026-01-02"), value: 2),
        Rep(habit: 4, day: day("2025-12-31"), value: 2),
        Rep(habit: 5, day: day("2026-01-01"), value: 2),
        Rep(habit: 6, day: day("2026-01-02"), value: 2),
        Rep(habit: 7, day: day("2026-01-02"), value: 1000),
    ]

    /// (habit, day, value, note) of every live entry, in day then habit order.
    static func entries(_ store: AppDatabase) throws -> [String] {
        try store.entries.list().map { entry in
            "\(entry.habit) \(entry.dayKey) \(entry.value.map { JSONValue.number($0).text } ?? "-") \(entry.note ?? "")"
        }.sorted()
    }

    static let expectedLoopEntries = [
        "Gym 2026-01-02 - ",
        "Meditate 2026-01-01 - calm, \"deep\"",
        "Meditate 2026-01-06 - ",
        "Old habit 2025-12-31 - ",
        "Run 2026-01-01 5.25 park",
        "Run 2026-01-03 10 ",
        "Smoke 2026-01-02 1 ",
        "Vegan 2026-01-01 - ",
        "vegan (2) 2026-01-02 - ",
    ]

    static func run(
        _ source: ImportSourceKind, _ path: String, _ store: AppDatabase, dryRun: Bool = false
    ) throws -> ImportReport {
        try ImportService.run(source, path: path, store: store, now: now, dryRun: dryRun)
    }

    /// The habits of a Loop import, mapped; then the entries, the skip and a second import.
    static func checkLoopImport(_ path: String, folder: TemporaryDirectory) throws {
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try run(.loop, path, store)
        #expect(report.outcome.newEntries == 9)
        #expect(report.outcome.newSkips == 1)
        #expect(try entries(store) == expectedLoopEntries)
        let habits = Dictionary(uniqueKeysWithValues: try store.habits.all().map { ($0.name, $0) })
        #expect(habits.keys.sorted() == ["Gym", "Meditate", "Old habit", "Read", "Run", "Smoke", "Vegan", "vegan (2)"])
        #expect(habits["Meditate"]?.measure == nil)
        #expect(habits["Meditate"]?.schedule == nil)
        #expect(habits["Run"]?.measure == Measure(unit: "km", type: "distance"))
        #expect(habits["Run"]?.schedule == .every(2))
        #expect(habits["Gym"]?.schedule == .per(3, 7))
        #expect(habits["Read"]?.schedule == .per(2, 30))
        #expect(habits["Run"]?.dayTarget == .atLeast(5))
        #expect(habits["Smoke"]?.dayTarget == .atMost(2))
        #expect(habits["Meditate"]?.dayTarget == nil)
        #expect(habits["Smoke"]?.measure?.unit == "count")
        #expect(habits["Old habit"]?.isArchived == true)
        #expect(habits["Meditate"]?.isArchived == false)
        #expect(report.plan.habits[1].target == .atLeast(5))
        #expect(report.plan.habits[6].target == .atMost(2))
        #expect(report.plan.habits[7].frequency == .per(2, 30))
        #expect(report.plan.habits[0].description == "Did you meditate today?\nTen minutes")
        // Loop's question (and description) is the habit's description (SPEC §18.2).
        #expect(habits["Meditate"]?.description == "Did you meditate today?\nTen minutes")
        #expect(habits["Gym"]?.description == nil)
        #expect(!report.notMapped.contains { $0.contains("description") })
        #expect(report.notMapped.contains { $0.contains("two habits named vegan") })
        // SKIP is a one-day pause of that habit.
        if path.hasSuffix(".db") {
            #expect(
                report.plan.suggestions == [
                    "Loop reminded you at 08:00 (Meditate, Gym): routine remind install --at 08:00"
                ])
        }
        let pauses = try store.pauses.all()
        #expect(pauses.map { "\($0.habits) \($0.from) \($0.to)" } == ["[\"Meditate\"] 2026-01-05 2026-01-05"])
        // Its note is kept with the pause's (one line).
        #expect(pauses.map(\.note) == ["skipped in Loop: ill in bed"])
        // Again: nothing changes.
        let before = try store.habits.all()
        let again = try run(.loop, path, store)
        #expect(again.outcome.newRecords == 0)
        #expect(again.outcome.alreadyImported == 10)
        #expect(again.outcome.createdHabits.isEmpty)
        #expect(try entries(store) == expectedLoopEntries)
        #expect(try store.pauses.all().count == 1)
        #expect(try store.habits.all() == before)
        // A description the person wrote stays: an import fills only a habit without one.
        _ = try store.habits.describeHabit("Meditate", as: "my own words")
        _ = try run(.loop, path, store)
        #expect(try store.habits.habit(named: "Meditate")?.description == "my own words")
    }

    @Test func loopDatabaseRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("Loop Habits Backup.db").path
        try ImportFixtures.loopDatabase(at: path, habits: Self.loopHabits, repetitions: Self.loopRepetitions)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try Self.checkLoopImport(path, folder: folder)
        // Read-only: the file is as it was, and SQLite left nothing beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("Loop Habits Backup.db")
        }
        #expect(beside == ["Loop Habits Backup.db"])
    }

    /// A backup in WAL mode (Android's default journal) is read without a file made beside it.
    @Test func loopDatabaseInWALModeLeavesNothingBeside() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("wal #1?.db").path
        try ImportFixtures.loopDatabase(at: path, habits: Self.loopHabits, repetitions: Self.loopRepetitions)
        try ImportFixtures.setWAL(at: path)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try Self.run(.loop, path, store)
        #expect(report.outcome.newEntries == 9)
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("wal") }
        #expect(beside == ["wal #1?.db"])
    }

    @Test(arguments: [true, false]) func loopZipRoundTrip(withHeader: Bool) throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("Loop Habits CSV.zip").path
        try ImportFixtures.loopZip(
            at: path, habits: Self.loopHabits, repetitions: Self.loopRepetitions, withHeader: withHeader)
        if withHeader {
            try Self.checkLoopImport(path, folder: folder)
        } else {
            // The header-less form has no notes.
            let store = try AppDatabase.open(path: folder.store)
            defer { store.close() }
            let report = try Self.run(.loop, path, store)
            #expect(report.outcome.newEntries == 9)
            #expect(report.outcome.newSkips == 1)
            #expect(
                try Self.entries(store)
                    == Self.expectedLoopEntries.map { line in
                        line.hasPrefix("Meditate 2026-01-01")
                            ? "Meditate 2026-01-01 - "
                            : line.hasPrefix("Run 2026-01-01")
                                ? "Run 2026-01-01 5.25 " : line
                    })
        }
    }

    /// The database and the CSV export of the same data give the same uids: importing
    /// one after the other adds nothing.
    @Test func loopDatabaseThenZipAddsNothing() throws {
        let folder = try TemporaryDirectory()
        let db = folder.url.appendingPathComponent("loop.db").path
        let zip = folder.url.appendingPathComponent("loop.zip").path
        try ImportFixtures.loopDatabase(at: db, habits: Self.loopHabits, repetitions: Self.loopRepetitions)
        try ImportFixtures.loopZip(
            at: zip, habits: Self.loopHabits, repetitions: Self.loopRepetitions, withHeader: true)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        _ = try Self.run(.loop, db, store)
        let second = try Self.run(.loop, zip, store)
        #expect(second.outcome.newRecords == 0)
        #expect(second.outcome.alreadyImported == 10)
    }

    @Test func dryRunWritesNothingAndCountsTheSame() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("loop.db").path
        try ImportFixtures.loopDatabase(at: path, habits: Self.loopHabits, repetitions: Self.loopRepetitions)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let dry = try Self.run(.loop, path, store, dryRun: true)
        #expect(try store.habits.all().isEmpty)
        #expect(try store.entries.list().isEmpty)
        #expect(try store.pauses.all().isEmpty)
        let real = try Self.run(.loop, path, store)
        #expect(dry.outcome.newEntries == real.outcome.newEntries)
        #expect(dry.outcome.newSkips == real.outcome.newSkips)
        #expect(dry.outcome.createdHabits == real.outcome.createdHabits)
        let dryAgain = try Self.run(.loop, path, store, dryRun: true)
        #expect(dryAgain.outcome.newRecords == 0)
        #expect(dryAgain.outcome.alreadyImported == 10)
    }

    /// A measurable habit is skipped in Loop by storing SKIP (3) itself, not 3 × 1000
    /// (iSoron/uhabits #1319): a one-day pause, not an entry of 0.003.
    @Test(arguments: ["db", "zip"]) func loopSkipOfANumericalHabitIsAPause(kind: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("loop.\(kind)").path
        let habits = [Habit(id: 1, name: "Run", type: 1, unit: "km")]
        let repetitions = [
            Rep(habit: 1, day: Self.day("2026-01-01"), value: 3),
            Rep(habit: 1, day: Self.day("2026-01-02"), value: 3000),
        ]
        if kind == "db" {
            try ImportFixtures.loopDatabase(at: path, habits: habits, repetitions: repetitions)
        } else {
            try ImportFixtures.loopZip(at: path, habits: habits, repetitions: repetitions, withHeader: true)
        }
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try Self.run(.loop, path, store)
        #expect(report.outcome.newEntries == 1 && report.outcome.newSkips == 1)
        #expect(try Self.entries(store) == ["Run 2026-01-02 3 "])
        #expect(try store.pauses.all().map { "\($0.habits) \($0.from)" } == ["[\"Run\"] 2026-01-01"])
    }

    /// Schemas before 16 had no repetition values: every row is a check.
    @Test func oldLoopSchemaRowsAreChecks() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("old.db").path
        try ImportFixtures.loopDatabase(
            at: path, version: 15,
            habits: [Habit(id: 1, name: "Floss", numerator: 1, denominator: 3, question: "Did you floss?")],
            repetitions: [
                Rep(habit: 1, day: Self.day("2016-03-01"), value: 2),
                Rep(habit: 1, day: Self.day("2016-03-04"), value: 2),
            ])
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try Self.run(.loop, path, store)
        #expect(try Self.entries(store) == ["Floss 2016-03-01 - ", "Floss 2016-03-04 - "])
        #expect(try store.habits.habit(named: "Floss")?.schedule == .every(3))
        #expect(report.plan.habits[0].description == "Did you floss?")
        #expect(try store.habits.habit(named: "Floss")?.description == "Did you floss?")
    }

    /// Bad input: one error naming the file (and line); nothing imported.
    static func refusal(_ source: ImportSourceKind, _ path: String, store: AppDatabase) -> String {
        do {
            _ = try run(source, path, store)
            Issue.record("\(path) was imported")
        } catch let error as ImportError {
            return error.description
        } catch let error as StoreError {
            return error.message
        } catch {
            Issue.record("unexpected \(error)")
        }
        return ""
    }

    @Test func badInputIsOneLineAndImportsNothing() throws {
        let folder = try TemporaryDirectory()
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        // A newer Loop schema, named.
        let newer = folder.url.appendingPathComponent("newer.db").path
        try ImportFixtures.loopDatabase(at: newer, version: 26, habits: Self.loopHabits, repetitions: [])
        #expect(
            Self.refusal(.loop, newer, store: store)
                == "\(newer): Loop database schema version 26 is newer than this routine reads (up to 25)")
        // A file of another kind.
        let text = try folder.write("notes.txt", "hello\n")
        #expect(Self.refusal(.loop, text, store: store).hasPrefix("\(text): not a Loop Habit Tracker backup"))
        #expect(Self.refusal(.habitbull, text, store: store).hasPrefix("\(text):1: not a HabitBull CSV"))
        #expect(Self.refusal(.harsh, text, store: store).hasPrefix("\(text): not a harsh folder"))
        #expect(Self.refusal(.daylio, text, store: store).hasPrefix("\(text):1: not a Daylio CSV"))
        // Another app's SQLite file.
        let other = folder.url.appendingPathComponent("other.db").path
        try ImportFixtures.loopDatabase(at: other, version: 25, habits: [], repetitions: [])
        try ImportFixtures.dropLoopTables(at: other)
        #expect(
            Self.refusal(.loop, other, store: store)
                == "\(other): not a Loop Habit Tracker database: no Habits and Repetitions tables")
        // A zip whose member escapes its folder.
        let escaping = folder.url.appendingPathComponent("escape.zip").path
        try ImportFixtures.loopZip(
            at: escaping, habits: Self.loopHabits, repetitions: Self.loopRepetitions, withHeader: true,
            extra: [("../outside.csv", "x\n")])
        #expect(
            Self.refusal(.loop, escaping, store: store)
                == "\(escaping): zip entry ../outside.csv escapes its folder; nothing was read")
        // A malformed row of Loop's zip: the member and its line.
        let badZip = folder.url.appendingPathComponent("bad.zip").path
        try ImportFixtures.loopZip(
            at: badZip, habits: [Habit(id: 1, name: "Floss"), Habit(id: 2, name: "Walk")],
            repetitions: [Rep(habit: 1, day: Self.day("2026-01-01"), value: 2)], withHeader: true,
            extra: [("002 Walked/Checkmarks.csv", "Date,Value,Notes\n2026-01-01,YES_MANUAL,\n2026-01-02,MAYBE,\n")])
        #expect(
            Self.refusal(.loop, badZip, store: store)
                == "\(badZip)/002 Walked/Checkmarks.csv:3: value MAYBE is not one of Loop's")
        // A malformed row: file and line.
        let bull = try folder.write(
            "habitbull.csv",
            "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,2026-01-01,1,\nRead,,,yesterday,1,\n"
        )
        #expect(
            Self.refusal(.habitbull, bull, store: store)
                == "\(bull):3: CalendarDate yesterday is not yyyy-MM-dd or MM/dd/yyyy")
        // A huge file (sparse: 2 GB on no disk).
        let huge = folder.url.appendingPathComponent("huge.csv").path
        FileManager.default.createFile(atPath: huge, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        #expect(Self.refusal(.habitbull, huge, store: store) == "\(huge): too large (2048 MB; at most 256 MB)")
        #expect(try store.habits.all().isEmpty)
        #expect(try store.entries.list().isEmpty)
    }

    /// A name taken by a habit of another measure: the measure check, and nothing imported.
    @Test func nameOfAnotherMeasureImportsNothing() throws {
        let folder = try TemporaryDirectory()
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        _ = try store.entries.logEntry(
            habit: "Run", value: nil, unit: nil, dayKey: Self.day("2025-06-01"), at: Self.now, timeZone: "UTC",
            note: nil)
        let path = folder.url.appendingPathComponent("loop.db").path
        try ImportFixtures.loopDatabase(at: path, habits: Self.loopHabits, repetitions: Self.loopRepetitions)
        #expect(Self.refusal(.loop, path, store: store).hasPrefix("measure conflict: habit 'Run' is"))
        #expect(try store.habits.all().map(\.name) == ["Run"])
        #expect(try store.entries.list().count == 1)
        #expect(try store.pauses.all().isEmpty)
    }

    /// An existing habit of the same measure is reused, not duplicated.
    @Test func existingHabitIsReused() throws {
        let folder = try TemporaryDirectory()
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        _ = try store.entries.logEntry(
            habit: "meditate", value: nil, unit: nil, dayKey: Self.day("2025-06-01"), at: Self.now, timeZone: "UTC",
            note: nil)
        let path = folder.url.appendingPathComponent("loop.db").path
        try ImportFixtures.loopDatabase(
            at: path, habits: Array(Self.loopHabits.prefix(1)),
            repetitions: Self.loopRepetitions.filter { $0.habit == 1 })
        let report = try Self.run(.loop, path, store)
        #expect(report.outcome.reusedHabits == ["meditate"])
        #expect(report.isNew == [false])
        #expect(try store.habits.all().count == 1)
        #expect(try store.entries.list(habit: "Meditate").count == 3)
    }
}
