import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// Frequencies and day targets stored with the habit (SPEC §18.1): declared by a routine,
/// set by hand, checked, carried by an older store's upgrade and by sync.
@Suite struct HabitTargetStoreTests {
    private func routine(_ spec: HabitSpec, slug: String = "water") -> Routine {
        checked {
            try Routine(
                slug: slug, title: nil, start: [0], nodes: [Node(id: "n", body: .habit(spec.name))], habits: [spec])
        }
    }

    @Test func aDeclaredFrequencyAndTargetLiveWithTheHabitAndTheVersion() throws {
        let store = try AppDatabase.inMemory()
        let spec = HabitSpec(name: "Drink water", schedule: .per(3, 7), dayTarget: .atLeast(8))
        _ = try store.routines.importRoutine(routine(spec), source: "1", at: Fixtures.instant)
        let habit = try #require(try store.habits.habit(named: "drink water"))
        #expect(habit.schedule == .per(3, 7))
        #expect(habit.dayTarget == .atLeast(8))
        #expect(try store.routines.routine(slug: "water")?.routine.habits.first == spec)
        // Stored in the columns of v9: a frequency is never in `schedule`.
        let row = try store.read { db in
            try Row.fetchOne(db, sql: "SELECT schedule, frequency, day_target FROM habit")
        }
        #expect(row?["schedule"] as String? == nil)
        #expect(row?["frequency"] as String? == "per:3/7")
        #expect(row?["day_target"] as String? == "at-least:8")
    }

    @Test func byHandAFrequencyReplacesASchedule() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Gym")
        _ = try store.habits.setSchedule(habit: "Gym", to: .days([.mon, .thu]))
        let change = try store.habits.setHabitTargets(habit: "Gym", schedule: .per(3, 7), dayTarget: .atMost(2))
        #expect(change?.line == "schedule of Gym: mon, thu -> 3 per week")
        #expect(try store.habits.habit(named: "Gym")?.schedule == .per(3, 7))
        #expect(try store.habits.habit(named: "Gym")?.dayTarget == .atMost(2))
        _ = try store.habits.setSchedule(habit: "Gym", to: .every(2))
        #expect(try store.habits.habit(named: "Gym")?.schedule == .every(2))
        let columns = try store.read { db in try Row.fetchOne(db, sql: "SELECT schedule, frequency FROM habit") }
        #expect(columns?["frequency"] as String? == nil)
        try store.habits.setDayTarget(habit: "Gym", to: nil)
        #expect(try store.habits.habit(named: "Gym")?.dayTarget == nil)
        // Leaving both out changes nothing.
        #expect(try store.habits.setHabitTargets(habit: "Gym") == nil)
        #expect(try store.habits.habit(named: "Gym")?.schedule == .every(2))
    }

    @Test func aTargetTheHabitCannotTakeIsRefusedAndNothingChanges() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Vitamins")
        #expect(throws: StoreError.self) { try store.habits.setDayTarget(habit: "Vitamins", to: .atLeast(2.5)) }
        #expect(throws: StoreError.self) { try store.habits.setDayTarget(habit: "Vitamins", to: .atLeast(0)) }
        #expect(throws: StoreError.self) { try store.habits.setDayTarget(habit: "Vitamins", to: .atMost(-1)) }
        #expect(throws: StoreError.self) {
            try store.habits.setHabitTargets(habit: "Vitamins", schedule: .per(1, 7), dayTarget: .atMost(.infinity))
        }
        #expect(throws: StoreError.invalidFrequency(habit: "Vitamins", times: 8, period: 7)) {
            try store.habits.setSchedule(habit: "Vitamins", to: .per(8, 7))
        }
        #expect(throws: StoreError.self) {
            try store.routines.importRoutine(
                routine(HabitSpec(name: "Tea", schedule: .per(0, 400))), source: "1", at: Fixtures.instant)
        }
        #expect(try store.habits.habit(named: "Tea") == nil)
        #expect(try store.habits.habit(named: "Vitamins")?.schedule == nil)
        #expect(try store.habits.habit(named: "Vitamins")?.dayTarget == nil)
        try store.log("Read", 20, unit: "min")
        #expect(try store.habits.setDayTarget(habit: "Read", to: .atLeast(12.5)).dayTarget == .atLeast(12.5))
    }

    @Test func anOlderStoreUpgradesAndABinaryWeeklyBecomesAFrequency() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        try OldStore.make(path, migrations: 9) { filled in
            _ = try filled.routines.importRoutine(
                routine(HabitSpec(name: "Gym", weekly: 3)), source: "1", at: Fixtures.instant)
            _ = try filled.routines.importRoutine(
                routine(
                    HabitSpec(name: "Run", measure: Measure(unit: "km", type: "distance"), weekly: 15), slug: "run"),
                source: "1", at: Fixtures.instant)
            _ = try filled.routines.importRoutine(
                routine(HabitSpec(name: "Swim", weekly: 2, schedule: .days([.sat])), slug: "swim"), source: "1",
                at: Fixtures.instant)
        }
        #expect(try AppDatabase.openMigrated(path: path, upTo: 9).appliedMigrations().last == "v8-release")
        let store = try AppDatabase.open(path: path)
        #expect(try store.appliedMigrations().contains("v9-habit-targets"))
        let gym = try #require(try store.habits.habit(named: "Gym"))
        #expect(gym.schedule == .per(3, 7) && gym.weekly == nil)
        let run = try #require(try store.habits.habit(named: "Run"))
        #expect(run.schedule == nil && run.weekly == 15)
        // A schedule of its own keeps a binary weekly as the weekly figure it was.
        let swim = try #require(try store.habits.habit(named: "Swim"))
        #expect(swim.schedule == .days([.sat]) && swim.weekly == 2)
        #expect(try store.habits.setDayTarget(habit: "Gym", to: .atLeast(2)).dayTarget == .atLeast(2))
    }

    @Test func frequencyAndTargetTravelBySync() throws {
        let dir = TempDir()
        let a = try SyncStoreTests.Device(dir.path + "/a.sqlite")
        let b = try SyncStoreTests.Device(dir.path + "/b.sqlite")
        var log: [IncomingChange] = []
        try a.store.log("Smoke")
        _ = try a.store.habits.setHabitTargets(habit: "Smoke", schedule: .per(5, 7), dayTarget: .atMost(0))
        try a.push(to: &log)
        try b.pull(from: log)
        #expect(try b.store.habits.habit(named: "Smoke")?.schedule == .per(5, 7))
        #expect(try b.store.habits.habit(named: "Smoke")?.dayTarget == .atMost(0))
        // A change made on B comes back to A; a schedule there clears the frequency.
        _ = try b.store.habits.setHabitTargets(habit: "Smoke", schedule: .every(2), dayTarget: .atMost(3))
        try b.push(to: &log)
        try a.pull(from: log)
        #expect(try a.store.habits.habit(named: "Smoke")?.schedule == .every(2))
        #expect(try a.store.habits.habit(named: "Smoke")?.dayTarget == .atMost(3))
    }

    @Test func aStoreSetUpForSyncBeforeTargetsSendsThemOnceUpgraded() throws {
        let dir = TempDir()
        let path = dir.path + "/a.sqlite"
        try OldStore.make(path, migrations: 9) { filled in
            try filled.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
            try filled.log("Walk")
        }
        let store = try AppDatabase.open(path: path)
        _ = try store.sync.outbox(limit: 100_000)
        try store.habits.setDayTarget(habit: "Walk", to: .atLeast(2))
        let last = try #require(try store.sync.outbox(limit: 100_000).last)
        #expect(try last.items().contains("at-least:2"))
        // The upgraded schema is the one a new store set up for sync has: a backup restores.
        try store.backup(to: dir.path + "/backup.sqlite")
        _ = try AppDatabase.restore(from: dir.path + "/backup.sqlite", to: dir.path + "/restored.sqlite")
        // And a backup taken before the upgrade restores too (its triggers are the older ones).
        let old = dir.path + "/old.sqlite"
        try OldStore.make(old, migrations: 9) { filled in
            try filled.sync.enableSync(device: UUID().uuidString.lowercased(), server: "s", at: Fixtures.instant)
        }
        try AppDatabase.openMigrated(path: old, upTo: 9).backup(to: dir.path + "/old-backup.sqlite")
        _ = try AppDatabase.restore(from: dir.path + "/old-backup.sqlite", to: dir.path + "/old-restored.sqlite")
    }
}
