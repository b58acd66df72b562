import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// SPEC §11 habits: rename, merge, archive, delete, each one transaction; routines that
/// name the habit go on working.
@Suite struct HabitLifecycleTests {
    private func store() throws -> AppDatabase {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: Fixtures.morningSource, at: Fixtures.instant)
        try store.log("Meditate", 10)
        try store.log("Drink Water")
        return store
    }

    @Test func renameKeepsEntriesAndRoutinesFollow() throws {
        let store = try store()
        let renamed = try store.habits.renameHabit("meditate", to: "Sit  quietly")
        #expect(renamed.name == "Sit quietly" && renamed.measure?.unit == "min")
        #expect(try store.entries.list(habit: "Sit quietly").map(\.value) == [10])
        #expect(try store.habits.habit(named: "Meditate") == nil)
        let routine = try #require(try store.routines.routine(slug: "morning-checkin"))
        let habits = routine.routine.nodes.compactMap { node -> String? in
            if case .habit(let name) = node.body { return name } else { return nil }
        }
        #expect(habits.contains("Sit quietly") && !habits.contains("Meditate"))
        #expect(routine.routine.habits.map(\.name).contains("Sit quietly"))
        // Case only: allowed. Onto another habit: refused, pointing at merge.
        #expect(try store.habits.renameHabit("sit quietly", to: "Sit Quietly").name == "Sit Quietly")
        #expect(throws: StoreError.habitExists("Drink Water")) {
            try store.habits.renameHabit("Sit Quietly", to: "drink water")
        }
        #expect(StoreError.habitExists("Drink Water").message.contains("habit merge"))
        #expect(throws: StoreError.unknownHabit("Nope")) { try store.habits.renameHabit("Nope", to: "Other") }
        #expect(throws: StoreError.invalidHabitName("x\u{1B}")) {
            try store.habits.renameHabit("Drink Water", to: "x\u{1B}")
        }
    }

    @Test func mergeMovesEverythingWhenMeasuresAgree() throws {
        let store = try store()
        try store.log("Sitting", 5, unit: "min")
        _ = try store.goals.addGoal(
            title: "Calm", target: 100, unit: "min", from: Fixtures.day, to: Fixtures.day, habits: ["Sitting"],
            at: Fixtures.instant)
        #expect(try store.habits.mergeHabit("Sitting", into: "Meditate") == 1)
        #expect(try store.habits.habit(named: "Sitting") == nil)
        #expect(try store.entries.list(habit: "Meditate").compactMap(\.value).sorted() == [5, 10])
        #expect(try store.goals.all().first?.habitKeys == ["meditate"])
        // Different measures: refused, nothing moved.
        #expect(throws: StoreError.self) { try store.habits.mergeHabit("Drink Water", into: "Meditate") }
        #expect(try store.entries.list(habit: "Drink Water").count == 1)
        #expect(throws: StoreError.sameHabit("Meditate")) { try store.habits.mergeHabit("meditate", into: "Meditate") }
    }

    @Test func mergeRepointsRoutines() throws {
        let store = try store()
        try store.log("Water", unit: nil)
        try store.habits.mergeHabit("Drink Water", into: "Water")
        let routine = try #require(try store.routines.routine(slug: "morning-checkin"))
        #expect(routine.routine.nodes.contains { if case .habit("Water") = $0.body { true } else { false } })
        #expect(try store.entries.list(habit: "Water").count == 2)
    }

    @Test func archiveHidesFromTheDefaultListOnly() throws {
        let store = try store()
        let archived = try store.habits.archiveHabit("Drink Water", at: Fixtures.instant)
        #expect(archived.isArchived)
        #expect(try !store.habits.all(includeArchived: false).map(\.name).contains("Drink Water"))
        #expect(try store.habits.all().map(\.name).contains("Drink Water"))
        #expect(try store.entries.list(habit: "Drink Water").count == 1)
        #expect(try !store.habits.archiveHabit("drink water", archived: false, at: Fixtures.instant).isArchived)
        #expect(try store.habits.all(includeArchived: false).map(\.name).contains("Drink Water"))
    }

    @Test func mergeAndDeleteCarryPauses() throws {
        let store = try store()
        try store.log("Yoga")
        let week = Fixtures.day.adding(days: 7)
        _ = try store.pauses.addPause(habits: ["Yoga"], from: Fixtures.day, to: week, note: nil, at: Fixtures.instant)
        _ = try store.pauses.addPause(
            habits: ["Yoga", "Meditate"], from: Fixtures.day, to: week, note: nil, at: Fixtures.instant)
        try store.habits.mergeHabit("Yoga", into: "Drink Water")
        #expect(try store.pauses.all().map(\.habitKeys) == [["drink water"], ["drink water", "meditate"]])
        // A habit deleted takes a pause of it alone along (left empty, it would pause every
        // habit); a pause shared with another habit stays for that one.
        try store.write { db in
            var resolver = HabitResolver(db: db, now: Fixtures.instant)
            _ = try resolver.habitForNode("Orphan")
        }
        _ = try store.pauses.addPause(habits: ["Orphan"], from: Fixtures.day, to: week, note: nil, at: Fixtures.instant)
        _ = try store.pauses.addPause(
            habits: ["Orphan", "Meditate"], from: Fixtures.day, to: week, note: nil, at: Fixtures.instant)
        try store.habits.deleteHabit("Orphan")
        #expect(
            try store.pauses.all().map(\.habitKeys) == [["drink water"], ["drink water", "meditate"], ["meditate"]])
    }

    @Test func deleteOnlyAnUnusedHabitWithoutEntries() throws {
        let store = try store()
        let gone = try store.log("Typo habit")
        try store.entries.deleteEntry(id: gone.id, at: Fixtures.instant)
        #expect(throws: StoreError.habitHasEntries("Typo habit", count: 1)) {
            try store.habits.deleteHabit("Typo habit")
        }
        #expect(StoreError.habitHasEntries("Typo habit", count: 1).message.contains("habit archive"))
        #expect(throws: StoreError.habitInRoutines("Journal", routines: ["morning-checkin"])) {
            try store.habits.deleteHabit("Journal")
        }
        // A habit no entry and no routine uses (here made through the one creation path
        // directly) goes, with its goal links.
        try store.write { db in
            var resolver = HabitResolver(db: db, now: Fixtures.instant)
            _ = try resolver.habitForNode("Orphan")
        }
        _ = try store.goals.addGoal(
            title: "G", target: 1, unit: nil, from: Fixtures.day, to: Fixtures.day, habits: ["Orphan", "Journal"],
            at: Fixtures.instant)
        try store.habits.deleteHabit("orphan")
        #expect(try store.habits.habit(named: "Orphan") == nil)
        #expect(try store.goals.all().first?.habitKeys == ["journal"])
        #expect(throws: StoreError.unknownHabit("Orphan")) { try store.habits.deleteHabit("Orphan") }
    }

    @Test func logRefusesAnUnknownHabitUnlessAskedToCreate() throws {
        let store = try store()
        #expect(throws: StoreError.unknownHabit("Meditat")) {
            try store.entries.logEntry(
                habit: "Meditat", value: 10, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                note: nil, createHabit: false)
        }
        #expect(try store.habits.habit(named: "Meditat") == nil)
        let entry = try store.entries.logEntry(
            habit: "meditate", value: 12, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: nil, createHabit: false)
        #expect(entry.habit == "Meditate")
    }
}
