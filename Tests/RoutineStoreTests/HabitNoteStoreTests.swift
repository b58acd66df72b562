import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// A habit's description and an answer's note (migration v11-habit-notes, SPEC §18.2):
/// set by hand, kept by an import, carried by an older store's upgrade and by sync.
@Suite struct HabitNoteStoreTests {
    private static func moodRoutine() -> Routine {
        checked {
            try Routine(
                slug: "daylio", title: nil, start: [0],
                nodes: [Node(id: "mood", body: .question("How was your day?", options: [Option(text: "good")]))],
                habits: [])
        }
    }

    private static func answer(_ note: String?, day: String = "2026-01-02") -> AnswerRow {
        AnswerRow(
            uid: UUID(), dayKey: DayKey(day)!, routine: "daylio", node: "mood", question: nil, answer: "good",
            option: 1, timestamp: Fixtures.instant, timeZone: "UTC", note: note)
    }

    @Test func aDescriptionIsSetByHandAndRemoved() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Meditate")
        #expect(try store.habits.habit(named: "Meditate")?.description == nil)
        let set = try store.habits.describeHabit("meditate", as: "  Did you meditate today?\nTen minutes \n")
        #expect(set.description == "Did you meditate today?\nTen minutes")
        #expect(try store.habits.habit(named: "Meditate")?.description == "Did you meditate today?\nTen minutes")
        #expect(try store.habits.describeHabit("Meditate", as: "   ").description == nil)
        _ = try store.habits.describeHabit("Meditate", as: "x")
        #expect(try store.habits.describeHabit("Meditate", as: nil).description == nil)
        // A control character is refused, and nothing changes.
        #expect(throws: StoreError.self) { try store.habits.describeHabit("Meditate", as: "bell\u{7}") }
        #expect(throws: StoreError.unknownHabit("Nope")) { try store.habits.describeHabit("Nope", as: "x") }
        #expect(try store.habits.habit(named: "Meditate")?.description == nil)
    }

    @Test func anAnswerKeepsItsNote() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Self.moodRoutine(), source: "1", at: Fixtures.instant)
        let result = try store.answers.importAnswers([
            Self.answer("walked by the sea\nwindy", day: "2026-01-01"), Self.answer(nil), Self.answer("  "),
        ])
        #expect(result.imported == 3)
        #expect(try store.answers.all(routine: "daylio").map(\.note) == ["walked by the sea\nwindy", nil, nil])
        #expect(throws: StoreError.self) { try store.answers.importAnswers([Self.answer("tab\u{1}")]) }
        #expect(try store.answers.all(routine: "daylio").count == 3)
    }

    @Test func anOlderStoreUpgradesWithNeither() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let count = StoreMigrations.index(of: "v11-habit-notes")
        try OldStore.make(path, migrations: count) { filled in try filled.log("Walk") }
        #expect(try AppDatabase.openMigrated(path: path, upTo: count).appliedMigrations().last == "v10-run-day")
        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations().contains("v11-habit-notes"))
        #expect(try store.habits.habit(named: "Walk")?.description == nil)
        #expect(try store.habits.describeHabit("Walk", as: "around the park").description == "around the park")
    }

    @Test func descriptionAndNoteTravelBySync() throws {
        let dir = TempDir()
        let a = try SyncStoreTests.Device(dir.path + "/a.sqlite")
        let b = try SyncStoreTests.Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        try a.store.log("Smoke")
        _ = try a.store.habits.describeHabit("Smoke", as: "cigarettes, not cigars")
        // The routine is on both (a store alone cannot read a pulled routine's source).
        let source = """
            routine: daylio
            start: [mood]
            nodes:
              mood:
                question: How was your day?
                options: [good]
            """
        _ = try a.store.routines.importRoutine(Self.moodRoutine(), source: source, at: Fixtures.instant)
        _ = try b.store.routines.importRoutine(Self.moodRoutine(), source: source, at: Fixtures.instant)
        _ = try a.store.answers.importAnswers([Self.answer("a long day")])
        try a.push(to: &log)
        try b.pull(from: log)
        #expect(try b.store.habits.habit(named: "Smoke")?.description == "cigarettes, not cigars")
        #expect(try b.store.answers.all(routine: "daylio").map(\.note) == ["a long day"])
        // A change made on B comes back to A.
        _ = try b.store.habits.describeHabit("Smoke", as: nil)
        try b.push(to: &log)
        try a.pull(from: log)
        #expect(try a.store.habits.habit(named: "Smoke")?.description == nil)
    }

    @Test func aStoreSetUpForSyncBeforeNotesSendsThemOnceUpgraded() throws {
        let dir = TempDir()
        let path = dir.path + "/a.sqlite"
        let count = StoreMigrations.index(of: "v11-habit-notes")
        try OldStore.make(path, migrations: count) { filled in
            try filled.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
            try filled.log("Walk")
        }
        let store = try AppDatabase.open(path: path)
        _ = try store.sync.outbox(limit: 100_000)
        _ = try store.habits.describeHabit("Walk", as: "around the park")
        let last = try #require(try store.sync.outbox(limit: 100_000).last)
        #expect(try last.items().contains("around the park"))
        // The upgraded schema is the one a new store set up for sync has: a backup restores,
        // and so does one taken before the upgrade (its triggers are the older ones).
        try store.backup(to: dir.path + "/backup.sqlite")
        _ = try AppDatabase.restore(from: dir.path + "/backup.sqlite", to: dir.path + "/restored.sqlite")
        let old = dir.path + "/old.sqlite"
        try OldStore.make(old, migrations: count) { filled in
            try filled.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
        }
        try AppDatabase.openMigrated(path: old, upTo: count).backup(to: dir.path + "/old-backup.sqlite")
        _ = try AppDatabase.restore(from: dir.path + "/old-backup.sqlite", to: dir.path + "/old-restored.sqlite")
    }
}
