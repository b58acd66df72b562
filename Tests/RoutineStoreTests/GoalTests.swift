import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct GoalTests {
    private let from = DayKey("2026-11-01")!
    private let to = DayKey("2026-12-31")!

    @Test func goalLinksQuantityHabitsInItsUnit() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.log("Cycle", 20, unit: "kilometers")
        let goal = try store.goals.addGoal(
            title: "Run 120 km", target: 120, unit: "Kilometres", from: from, to: to, habits: ["run"],
            at: Fixtures.instant)
        #expect(goal.unit == "km")
        #expect(goal.habits == ["Run"])
        #expect(goal.habitKeys == ["run"])
        #expect(try store.goals.link(goal: goal.id, habit: "CYCLE").habits == ["Run", "Cycle"])
        #expect(try store.goals.link(goal: goal.id, habit: "cycle").habits == ["Run", "Cycle"])
        #expect(try store.goals.unlink(goal: goal.id, habit: "run").habits == ["Cycle"])
        // Run exists but is no longer linked: said so, not "no habit named 'Run'".
        #expect(throws: StoreError.notLinked(goal: goal.title, habit: "Run")) {
            try store.goals.unlink(goal: goal.id, habit: "RUN")
        }
        #expect(throws: StoreError.unknownHabit("Rnu")) { try store.goals.unlink(goal: goal.id, habit: "Rnu") }
        #expect(try store.goals.all().map(\.id) == [goal.id])
        #expect(try store.goals.goal(id: goal.id)?.title == "Run 120 km")
    }

    @Test func unitMismatchIsAClearErrorAndNothingIsWritten() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Meditate", 10, unit: "min")
        try store.log("Stretch")
        #expect(
            throws: StoreError.goalLink(goal: "Far", .unitMismatch(habit: "Meditate", habitUnit: "min", goalUnit: "km"))
        ) {
            try store.goals.addGoal(
                title: "Far", target: 10, unit: "km", from: from, to: to, habits: ["Meditate"], at: Fixtures.instant)
        }
        #expect(
            throws: StoreError.goalLink(
                goal: "Often", .unitMismatch(habit: "Meditate", habitUnit: "min", goalUnit: nil))
        ) {
            try store.goals.addGoal(
                title: "Often", target: 10, unit: nil, from: from, to: to, habits: ["Stretch", "Meditate"],
                at: Fixtures.instant)
        }
        #expect(try store.goals.all().isEmpty)
        let often = try store.goals.addGoal(
            title: "Often", target: 10, unit: nil, from: from, to: to, habits: ["Stretch"], at: Fixtures.instant)
        #expect(throws: StoreError.self) { try store.goals.link(goal: often.id, habit: "Meditate") }
        #expect(throws: StoreError.unknownHabit("nope")) { try store.goals.link(goal: often.id, habit: "nope") }
    }

    @Test func invalidGoalsAreRejected() throws {
        let store = try AppDatabase.inMemory()
        #expect(throws: StoreError.self) {
            try store.goals.addGoal(
                title: " ", target: 1, unit: nil, from: from, to: to, habits: [], at: Fixtures.instant)
        }
        #expect(throws: StoreError.self) {
            try store.goals.addGoal(
                title: "x", target: 0, unit: nil, from: from, to: to, habits: [], at: Fixtures.instant)
        }
        #expect(throws: StoreError.self) {
            try store.goals.addGoal(
                title: "x", target: .nan, unit: nil, from: from, to: to, habits: [], at: Fixtures.instant)
        }
        #expect(throws: StoreError.self) {
            try store.goals.addGoal(
                title: "x", target: 1, unit: nil, from: to, to: from, habits: [], at: Fixtures.instant)
        }
        #expect(try store.goals.all().isEmpty)
    }

    @Test func deletingAGoalKeepsHabitsAndEntries() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        let goal = try store.goals.addGoal(
            title: "Often", target: 10, unit: nil, from: from, to: to, habits: ["Stretch"], at: Fixtures.instant)
        try store.goals.deleteGoal(id: goal.id)
        #expect(try store.goals.goal(id: goal.id) == nil)
        #expect(try store.entries.list().count == 1)
        #expect(throws: StoreError.unknownGoal(goal.id)) { try store.goals.deleteGoal(id: goal.id) }
        #expect(throws: StoreError.unknownGoal(goal.id)) { try store.goals.link(goal: goal.id, habit: "Stretch") }
    }
}
