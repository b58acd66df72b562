import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import RoutineImport
import RoutineStore
import Testing

@testable import RoutineApp

/// harsh, HabitBull and Daylio through `ImportService` (SPEC §18.2), from files written
/// as those tools write them.
@Suite struct ImportTextSourcesTests {
    static let now = ImportFromTests.now

    /// harsh's files: `internal/storage/config.go` reads `habits` (its example file's
    /// shapes: headings, `1`, `3/7`, `1w`, `7`, `0`, an end date), `internal/storage/log.go`
    /// reads `log` (`date : habit : y|n|s : comment : amount`).
    static func harshFolder(_ folder: TemporaryDirectory) throws -> String {
        _ = try folder.write(
            "harsh/habits",
            """
            # Habits file format: Name: frequency
            ! Morning
            Meditated: 1
            Gym: 3/7
            Called Mom: 1w
            Cleaned house: 7
            Old Habit: 1: 2024-06-15

            ! Tracking only (no warnings)
            Too much coffee: 0
            Pushups: 1

            """)
        _ = try folder.write(
            "harsh/log",
            """
            2026-01-01 : Meditated : y : felt good
            2026-01-01 : Gym : n : too tired
            2026-01-02 : Meditated : s : travelling
            2026-01-02 : Pushups : y :  : 25
            2026-01-03 : Pushups : y
            2026-01-03 : Meditated : n
            2026-01-03 : Meditated : y : late line replaces
            2026-01-04 : Not a habit : y

            """)
        return folder.url.appendingPathComponent("harsh").path
    }

    @Test func harshRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.harshFolder(folder)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try ImportService.run(.harsh, path: path, store: store, now: Self.now, dryRun: false)
        #expect(
            try ImportFromTests.entries(store) == [
                "Meditated 2026-01-01 - felt good", "Meditated 2026-01-03 - late line replaces",
                "Pushups 2026-01-02 25 ", "Pushups 2026-01-03 0 ",
            ])
        #expect(
            try store.pauses.all().map { "\($0.habits) \($0.from) \($0.note ?? "")" } == [
                "[\"Meditated\"] 2026-01-02 skipped in harsh: travelling"
            ])
        let habits = Dictionary(uniqueKeysWithValues: try store.habits.all().map { ($0.name, $0) })
        #expect(habits.count == 7)
        #expect(habits["Meditated"]?.schedule == nil)
        #expect(habits["Gym"]?.schedule == .per(3, 7))
        #expect(habits["Called Mom"]?.schedule == .every(7))
        #expect(habits["Cleaned house"]?.schedule == .every(7))
        #expect(habits["Old Habit"]?.isArchived == true)
        #expect(habits["Pushups"]?.measure?.unit == "count")
        #expect(habits["Meditated"]?.measure == nil)
        #expect(report.notMapped.contains("1 log line of Not a habit: not a habit in the habits file"))
        #expect(report.notMapped.contains { $0.hasPrefix("heading Morning") })
        #expect(report.notMapped.contains { $0.hasPrefix("1 comment of `n` lines") })
        // harsh's `0` is no schedule (SPEC §18.2), which routine reads as due every day (§10.1):
        // the report says so.
        #expect(habits["Too much coffee"]?.schedule == nil)
        #expect(report.plan.habits.first { $0.name == "Too much coffee" }?.frequency == ImportFrequency.none)
        #expect(report.notMapped.contains { $0.hasPrefix("Too much coffee: tracked only") })
        let again = try ImportService.run(.harsh, path: path, store: store, now: Self.now, dryRun: false)
        #expect(again.outcome.newRecords == 0)
        #expect(again.outcome.alreadyImported == 5)
    }

    @Test func harshMalformedLineNamesFileAndLine() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.harshFolder(folder)
        let log = try folder.write("harsh/log", "2026-01-01 : Meditated : y\n2026-01-02 : Meditated : maybe\n")
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        #expect(
            ImportFromTests.refusal(.harsh, path, store: store) == "\(log):2: result maybe is not y, n or s")
        #expect(try store.habits.all().isEmpty)
    }

    /// Issue 27: harsh's and HabitBull's amounts are read by the one amount grammar
    /// (`Quantity`, as data: an exponent as exports write it), not by `Double`, which
    /// also took a sign, hexadecimal and `nan`; an amount past the largest is said so.
    @Test func amountsAreReadByTheOneAmountGrammar() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.harshFolder(folder)
        let log = try folder.write("harsh/log", "2026-01-01 : Pushups : y :  : 1e2\n")
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let plan = try ImportService.run(.harsh, path: path, store: store, now: Self.now, dryRun: true)
        #expect(plan.outcome.newEntries == 1)
        for amount in ["+5", "0x10", "-0", "nan", "1,5"] {
            _ = try folder.write("harsh/log", "2026-01-01 : Pushups : y :  : \(amount)\n")
            #expect(
                ImportFromTests.refusal(.harsh, path, store: store) == "\(log):1: amount \(amount) is not a number ≥ 0")
        }
        _ = try folder.write("harsh/log", "2026-01-01 : Pushups : y :  : 2e9\n")
        #expect(
            ImportFromTests.refusal(.harsh, path, store: store)
                == "\(log):1: \(Quantity.tooLargeMessage("2e9"))")
        let csv = try folder.write(
            "habitbull.csv",
            "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nWater,,,2026-01-03,0x10,\n")
        #expect(
            ImportFromTests.refusal(.habitbull, csv, store: store) == "\(csv):2: Value 0x10 is not a number ≥ 0")
        #expect(try store.habits.all().isEmpty)
    }

    /// HabitBull's columns (SPEC §18.2); dates in both forms Loop's HabitBullCSVImporter.kt reads.
    @Test func habitBullRoundTrip() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            "habitbull.csv",
            """
            HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
            Read,Read a book,Learning,2026-01-01,1,good chapter
            Read,Read a book,Learning,2026-01-02,0,
            Water,Glasses,Health,01/03/2026,8,
            Water,Glasses,Health,2026-01-04,1,

            """)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try ImportService.run(.habitbull, path: path, store: store, now: Self.now, dryRun: false)
        #expect(
            try ImportFromTests.entries(store) == [
                "Read 2026-01-01 - good chapter", "Water 2026-01-03 8 ", "Water 2026-01-04 1 ",
            ])
        #expect(try store.habits.habit(named: "Read")?.measure == nil)
        #expect(try store.habits.habit(named: "Water")?.measure?.unit == "count")
        #expect(report.plan.habits.map(\.description) == ["Read a book", "Glasses"])
        #expect(try store.habits.all().map(\.description) == ["Read a book", "Glasses"])
        #expect(report.notMapped.contains { $0.hasPrefix("categories Health, Learning") })
        let again = try ImportService.run(.habitbull, path: path, store: store, now: Self.now, dryRun: false)
        #expect(again.outcome.newRecords == 0)
        #expect(again.outcome.alreadyImported == 3)
    }

    /// Daylio's header (SPEC §18.2), newest first, two rows on one day.
    @Test func daylioActivitiesAreHabits() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            "daylio.csv",
            """
            full_date,date,weekday,time,mood,activities,note_title,note
            2026-01-02,January 2,Friday,21:00,good,reading | walk,Evening,"by the fire
            with tea"
            2026-01-02,January 2,Friday,08:00,meh,walk,,"tired, cold"
            2026-01-01,January 1,Thursday,20:00,rad,,,

            """)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let dry = try ImportService.run(.daylio, path: path, store: store, now: Self.now, dryRun: true)
        #expect(dry.outcome.newAnswers == 3 && dry.outcome.routine == .created)
        #expect(try store.routines.all().isEmpty && store.answers.all().isEmpty)
        let report = try ImportService.run(.daylio, path: path, store: store, now: Self.now, dryRun: false)
        #expect(try ImportFromTests.entries(store) == ["reading 2026-01-02 - ", "walk 2026-01-02 - "])
        // Each mood is an answer to the question `mood` of the routine `daylio`, whose
        // options are the moods met, oldest first, at the row's day and time.
        #expect(report.outcome.newAnswers == 3 && report.outcome.routine == .created)
        #expect(!report.notMapped.contains { $0.contains("moods") })
        // The note is the answer's note (SPEC §18.2), its title on a line of its own.
        #expect(!report.notMapped.contains { $0.contains("note") })
        let version = try #require(try store.routines.routine(slug: "daylio"))
        guard case .question(_, let options)? = version.routine.nodes.first(where: { $0.id == "mood" })?.body else {
            Issue.record("daylio has no question mood")
            return
        }
        #expect(options.map(\.text) == ["rad", "meh", "good"])
        let answers = try store.answers.all(routine: "daylio", node: "mood")
        #expect(
            answers.map { "\($0.dayKey) \($0.optionText ?? "") \(Instant.format($0.recordedAt))" } == [
                "2026-01-01 rad 2026-01-01T20:00:00.000Z", "2026-01-02 meh 2026-01-02T08:00:00.000Z",
                "2026-01-02 good 2026-01-02T21:00:00.000Z",
            ])
        #expect(answers.map(\.optionPosition) == [0, 1, 2])
        #expect(answers.map(\.note) == [nil, "tired, cold", "Evening\nby the fire\nwith tea"])
        let again = try ImportService.run(.daylio, path: path, store: store, now: Self.now, dryRun: false)
        #expect(again.outcome.newRecords == 0 && again.outcome.routine == .unchanged)
        #expect(again.outcome.alreadyImported == 5)
        #expect(try store.answers.all(routine: "daylio").count == 3)
    }

    /// Moods that differ only in case are one option of `mood`; each answer keeps its text.
    @Test func daylioMoodsEqualButForCaseAreOneOption() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            "daylio.csv",
            """
            full_date,date,weekday,time,mood,activities,note_title,note
            2026-01-03,January 3,Saturday,10:00,,reading,,no mood given
            2026-01-02,January 2,Friday,21:00,good,,,
            2026-01-01,January 1,Thursday,20:00,Good,,,

            """)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        let report = try ImportService.run(.daylio, path: path, store: store, now: Self.now, dryRun: false)
        #expect(report.plan.question?.options == ["Good"])
        // A row without a mood has no answer for its note to go with: the report counts it.
        #expect(report.notMapped == ["1 note of rows without a mood: a note goes with its answer"])
        #expect(
            try store.answers.all(routine: "daylio").map { "\($0.optionText ?? "") \($0.optionPosition ?? -1)" } == [
                "Good 0", "good 0",
            ])
        let stored = try #require(try store.routines.routine(slug: "daylio"))
        let read = RoutineFileReader.read(string: stored.source)
        #expect(!read.hasErrors && read.routine == stored.routine)
    }

    /// A Daylio time that is not a time is one line naming the file and line.
    @Test func daylioTimeMustBeATime() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            "daylio.csv",
            """
            full_date,date,weekday,time,mood,activities,note_title,note
            2026-01-02,January 2,Friday,25:00,good,reading,,

            """)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        #expect(ImportFromTests.refusal(.daylio, path, store: store) == "\(path):2: time 25:00 is not HH:MM")
        #expect(try store.habits.all().isEmpty && store.routines.all().isEmpty)
        #expect(DaylioImporter.minutes("8:30 pm") == 20 * 60 + 30 && DaylioImporter.minutes("12:05 am") == 5)
    }
}
