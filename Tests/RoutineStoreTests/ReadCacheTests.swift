import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Habits and pauses are kept between reads while the store is unchanged (`ReadCache`):
/// every way the store can change in between must show in the next read — a write
/// through the same store, a write through another connection (another process), a
/// write by hand through the same connection, and a write rolled back.
@Suite struct ReadCacheTests {
    static let day = Fixtures.day

    @Test func aWriteThroughThisStoreShowsInTheNextRead() throws {
        let temp = TempDir()
        let store = try AppDatabase.open(path: temp.file("store.sqlite"))
        try store.log("Stretch")
        #expect(try store.habits.all().map(\.name) == ["Stretch"])
        #expect(try store.habits.all().map(\.name) == ["Stretch"])  // kept
        try store.log("Read")
        #expect(try store.habits.all().map(\.name) == ["Read", "Stretch"])
        _ = try store.habits.archiveHabit("Read", at: Date())
        #expect(try store.habits.all(includeArchived: false).map(\.name) == ["Stretch"])
        #expect(try store.habits.all().map(\.name) == ["Read", "Stretch"])
        #expect(try store.pauses.all().isEmpty)
        _ = try store.pauses.addPause(habits: ["Stretch"], from: Self.day, to: Self.day, note: nil, at: Date())
        #expect(try store.pauses.all().map(\.habits) == [["Stretch"]])
        #expect(try store.pauses.pauseSpans().count == 1)
    }

    @Test func aWriteThroughAnotherConnectionShowsInTheNextRead() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        try store.log("Stretch")
        #expect(try store.habits.all().map(\.name) == ["Stretch"])
        #expect(try store.pauses.all().isEmpty)
        let other = try AppDatabase.open(path: path)
        try other.log("Read")
        _ = try other.pauses.addPause(habits: ["Read"], from: Self.day, to: Self.day, note: nil, at: Date())
        #expect(try store.habits.all().map(\.name) == ["Read", "Stretch"])
        #expect(try store.pauses.all().map(\.habits) == [["Read"]])
        other.close()
    }

    @Test func aWriteByHandOrRolledBackShowsInTheNextRead() throws {
        let temp = TempDir()
        let store = try AppDatabase.open(path: temp.file("store.sqlite"))
        try store.log("Stretch")
        #expect(try store.habits.all().map(\.name) == ["Stretch"])
        try store.writer.write { db in try db.execute(sql: "UPDATE habit SET name = 'Yoga', name_key = 'yoga'") }
        #expect(try store.habits.all().map(\.name) == ["Yoga"])
        // A write that is rolled back changes nothing, and what is read says so.
        try? store.writer.write { db in
            try db.execute(sql: "UPDATE habit SET name = 'Walk', name_key = 'walk'")
            throw DatabaseError(resultCode: .SQLITE_ABORT)
        }
        #expect(try store.habits.all().map(\.name) == ["Yoga"])
    }

    /// The habits done on a day, which a run asks before each prompt: kept per day, and
    /// read again after a log through this store or another connection, or a delete.
    @Test func theDaysDoneHabitsFollowEveryWrite() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        try store.log("Stretch")
        #expect(try store.entries.liveHabitKeys(on: Self.day) == [HabitKey("Stretch")])
        #expect(try store.entries.liveHabitKeys(on: Self.day) == [HabitKey("Stretch")])  // kept
        #expect(try store.entries.liveHabitKeys(on: Self.day.adding(days: 1)).isEmpty)  // another day
        try store.log("Read")
        #expect(try store.entries.liveHabitKeys(on: Self.day) == [HabitKey("Read"), HabitKey("Stretch")])
        let other = try AppDatabase.open(path: path)
        try other.log("Walk")
        #expect(
            try store.entries.liveHabitKeys(on: Self.day) == [HabitKey("Read"), HabitKey("Stretch"), HabitKey("Walk")])
        try other.writer.write { db in
            try db.execute(
                sql: """
                    UPDATE habit_entry SET deleted_at = '2026-11-22T08:00:00.000Z'
                    WHERE habit_id = (SELECT id FROM habit WHERE name_key = 'stretch')
                    """)
        }
        #expect(try store.entries.liveHabitKeys(on: Self.day) == [HabitKey("Read"), HabitKey("Walk")])
        other.close()
    }
}
