import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

/// `when:` conditions are stored with their routine version, and the history a run reads
/// comes back tallied per day. (Which habits' history, and how far back, is RoutineApp's
/// `HistoryWindow`: HistoryWindowTests.)
@Suite struct ConditionStoreTests {
    @Test func conditionsRoundTripAndTheirHabitsHistoryReadsBack() throws {
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
        _ = try store.routines.importRoutine(routine, source: "c", at: Fixtures.instant)
        #expect(try store.routines.routine(slug: "morning-checkin")?.routine == routine)
        #expect(routine.contextHabitNames.contains("Sleep 8h"))
        try store.log("Sleep 8h", day: Fixtures.day.adding(days: -1))
        let sleep = try #require(try store.habits.habit(named: "sleep 8H"))
        let tallies = try store.history.entryTallies(whole: [sleep.id: sleep.key], to: Fixtures.day)
        #expect(tallies == ["sleep 8h": [DayTally(day: Fixtures.day.adding(days: -1))]])
    }

    @Test func theTalliesLeaveOutTheRunsOwnEntriesAndCountTheRest() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.log("Run", 2.5, unit: "km")
        let run = try #require(try store.habits.habit(named: "run"))
        let tallies = try store.history.entryTallies(
            whole: [run.id: run.key], to: Fixtures.day, excludingRun: RunID(rawValue: "no-such-run"))
        #expect(tallies["run"] == [DayTally(day: Fixtures.day, count: 2, sum: 7.5)])
        #expect(try store.history.entryTallies(whole: [:], to: Fixtures.day).isEmpty)
    }

    @Test func aWindowReadsFromItsStartWithEachHabitsLastDayBeforeIt() throws {
        let store = try AppDatabase.inMemory()
        for back in [40, 30, 2, 1] { try store.log("Walk", day: Fixtures.day.adding(days: -back)) }
        try store.log("Read", day: Fixtures.day.adding(days: -40))
        let walk = try #require(try store.habits.habit(named: "Walk"))
        let read = try #require(try store.habits.habit(named: "Read"))
        let tallies = try store.history.entryTallies(
            whole: [read.id: read.key], windowed: ([walk.id: walk.key], Fixtures.day.adding(days: -5)),
            to: Fixtures.day)
        #expect(tallies["walk"]?.map(\.day) == [-30, -2, -1].map { Fixtures.day.adding(days: $0) })
        #expect(tallies["read"]?.map(\.day) == [Fixtures.day.adding(days: -40)])
    }
}
