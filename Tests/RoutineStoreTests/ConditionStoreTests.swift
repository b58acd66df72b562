import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// `when:` conditions are stored with their routine version, and a run's history
/// snapshot reads the habits they name.
@Suite struct ConditionStoreTests {
    @Test func conditionsRoundTripAndTheContextReadsTheirHabits() throws {
        let store = try AppDatabase.inMemory()
        let morning = Fixtures.morning()
        var nodes = morning.nodes
        nodes[1].when = "not done(Sleep 8h, 1)"
        if case .question(let text, var options) = nodes[0].body {
            options[2].when = "weekday in [sat, sun]"
            nodes[0].body = .question(text, options: options)
        }
        let routine = try Routine(
            slug: morning.slug, title: morning.title, start: morning.start, nodes: nodes, habits: morning.habits)
        _ = try store.importRoutine(routine, source: "c", at: Fixtures.instant)
        #expect(try store.routine(slug: "morning-checkin")?.routine == routine)
        #expect(routine.contextHabitNames.contains("Sleep 8h"))
        try store.log("Sleep 8h", day: Fixtures.day.adding(days: -1))
        let context = try store.dayContext(habits: routine.contextHabitNames, day: Fixtures.day)
        #expect(context.lastDone("sleep 8H", before: Fixtures.day) == Fixtures.day.adding(days: -1))
    }

    @Test func theContextLeavesOutTheRunsOwnEntriesAndTalliesTheRest() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.log("Run", 2.5, unit: "km")
        let context = try store.dayContext(
            habits: ["run"], day: Fixtures.day, excludingRun: RunID(rawValue: "no-such-run"))
        #expect(context.tallies("Run") == [DayTally(day: Fixtures.day, count: 2, sum: 7.5)])
        #expect(try store.dayContext(habits: [], day: Fixtures.day).history.isEmpty)
    }

    @Test func onlyConditionAndEveryHabitsHaveTheirHistoryRead() throws {
        let store = try AppDatabase.inMemory()
        for habit in ["Run", "Walk", "Sleep"] { try store.log(habit, day: Fixtures.day.adding(days: -1)) }
        _ = try store.setSchedule(habit: "Walk", to: .every(2))
        _ = try store.setSchedule(habit: "Run", to: .days([.mon]))
        let context = try store.dayContext(
            habits: ["Run", "Walk"], day: Fixtures.day, historyOf: ["Sleep"])
        #expect(Set(context.history.keys) == ["walk", "sleep"])
        #expect(context.schedules == ["run": .days([.mon]), "walk": .every(2)])
    }
}
