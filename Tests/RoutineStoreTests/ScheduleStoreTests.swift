import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// Schedules stored with the habit (SPEC §10.1): set by the latest import that declares
/// one, changes reported in one line, set by hand, and an old store upgraded.
@Suite struct ScheduleStoreTests {
    private func routine(_ schedule: Schedule?, slug: String = "training") -> Routine {
        checked {
            try Routine(
                slug: slug, title: nil, start: [0], nodes: [Node(id: "run", body: .habit("Run"))],
                habits: [HabitSpec(name: "Run", schedule: schedule)])
        }
    }

    @Test func importStoresTheScheduleWithTheHabitAndTheVersion() throws {
        let store = try AppDatabase.inMemory()
        let result = try store.routines.importRoutine(
            routine(.days([.mon, .wed, .fri])), source: "1", at: Fixtures.instant)
        #expect(result.scheduleChanges.isEmpty)  // a new habit: nothing changed
        #expect(try store.habits.habit(named: "run")?.schedule == .days([.mon, .wed, .fri]))
        #expect(
            try store.routines.routine(slug: "training")?.routine.habits.first?.schedule == .days([.mon, .wed, .fri]))
        #expect(try store.habits.habitSpecs()["run"]?.schedule == .days([.mon, .wed, .fri]))
    }

    @Test func anImportThatChangesTheScheduleSaysSoInOneLine() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(routine(.days([.mon, .wed, .fri])), source: "1", at: Fixtures.instant)
        let result = try store.routines.importRoutine(routine(.days([.tue, .thu])), source: "2", at: Fixtures.instant)
        #expect(result.scheduleChanges.map(\.line) == ["schedule of Run: mon, wed, fri -> tue, thu"])
        #expect(try store.habits.habit(named: "Run")?.schedule == .days([.tue, .thu]))
        // The same schedule again, from another routine: no change, no line.
        let same = try store.routines.importRoutine(
            routine(.days([.tue, .thu]), slug: "other"), source: "3", at: Fixtures.instant)
        #expect(same.scheduleChanges.isEmpty)
    }

    @Test func anImportWithoutAScheduleKeepsTheStoredOne() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(routine(.every(3)), source: "1", at: Fixtures.instant)
        let result = try store.routines.importRoutine(routine(nil, slug: "other"), source: "2", at: Fixtures.instant)
        #expect(result.scheduleChanges.isEmpty)
        #expect(try store.habits.habit(named: "Run")?.schedule == .every(3))
    }

    @Test func scheduleSetByHandAndBackToDaily() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        let change = try store.habits.setSchedule(habit: "stretch", to: .every(2))
        #expect(change?.line == "schedule of Stretch: daily -> every 2 days")
        #expect(try store.habits.setSchedule(habit: "Stretch", to: .every(2)) == nil)
        #expect(
            try store.habits.setSchedule(habit: "Stretch", to: nil)?.line
                == "schedule of Stretch: every 2 days -> daily")
        #expect(try store.habits.habit(named: "Stretch")?.schedule == nil)
        #expect(throws: StoreError.unknownHabit("strech")) { try store.habits.setSchedule(habit: "strech", to: nil) }
    }

    @Test func aStoreMadeBeforeSchedulesUpgradesWithNothingLost() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        try OldStore.make(path, migrations: 2) { filled in
            _ = try filled.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
            try filled.log("Run", 5, unit: "km")
        }
        #expect(try AppDatabase.openMigrated(path: path, upTo: 2).appliedMigrations() == ["v1", "v2"])
        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations().contains("v3"))
        #expect(try store.entries.list().map(\.habit) == ["Run"])
        #expect(try store.routines.routine(slug: "morning-checkin")?.routine == Fixtures.morning())
        #expect(try store.habits.all().allSatisfy { $0.schedule == nil })
        #expect(try store.habits.setSchedule(habit: "Run", to: .days([.sat]))?.to == .days([.sat]))
    }
}
