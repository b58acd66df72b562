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

/// The windowed history snapshot reads the same figures as the whole history: streaks
/// (due-aware, with schedules and pauses), days since, done N days back, week figures.
@Suite struct WindowedContextTests {
    @Test func theWindowReadsWhatTheWholeHistoryReads() throws {
        var rng = SeededGenerator(seed: 99)
        let day = Fixtures.day
        var windowReadLess = false
        for trial in 0..<12 {
            let store = try AppDatabase.inMemory()
            let names = ["Long", "Gaps", "Weekly", "Every"]
            var ids: [EntryID] = []
            for name in names { ids.append(try store.log(name, day: day.adding(days: -5000)).id) }
            _ = try store.setSchedule(habit: "Weekly", to: .days([.mon, .thu]))
            _ = try store.setSchedule(habit: "Every", to: .every(1 + Int(rng.next() % 40)))
            if trial % 3 == 0 {
                let start = day.adding(days: -Int(rng.next() % 500))
                _ = try store.addPause(
                    habits: [], from: start, to: start.adding(days: Int(rng.next() % 60)), note: nil,
                    at: Fixtures.instant)
            }
            try store.write { db in
                let habitIDs = try Int64.fetchAll(db, sql: "SELECT id FROM habit ORDER BY id")
                for (index, habitID) in habitIDs.enumerated() {
                    // "Long" is done every day for years (a streak longer than the window).
                    let gap = index == 0 ? (trial % 2 == 0 ? 0 : 1000) : 1 + Int(rng.next() % 6)
                    var offset = 1 + Int(rng.next() % 3)
                    while offset < 1500 {
                        try db.execute(
                            sql: """
                                INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone, value)
                                VALUES (?, ?, '2026-01-01T00:00:00.000Z', 'UTC', ?)
                                """,
                            arguments: [habitID, day.adding(days: -offset).description, Double(offset % 7)])
                        offset += index == 0 ? (offset == gap ? 3 : 1) : Int(rng.next() % UInt64(gap + 1)) + 1
                    }
                }
            }
            let whole = try store.dayContext(habits: names, day: day, historyOf: names, historyDepth: .max)
            let window = try store.dayContext(habits: names, day: day, historyOf: names, historyDepth: 7)
            let windowCount = window.history.values.map(\.count).reduce(0, +)
            let wholeCount = whole.history.values.map(\.count).reduce(0, +)
            #expect(windowCount <= wholeCount)
            if windowCount < wholeCount { windowReadLess = true }

            for name in names {
                let habit = MetricHabit(name: name, schedule: whole.schedules?[HabitName.key(name)])
                func figures(_ context: DayContext) -> [Int] {
                    let entries = context.tallies(name).map { MetricEntry(habitKey: habit.key, dayKey: $0.day) }
                    let stats = computeStats(
                        habits: [habit], entries: entries, day: day.adding(days: -1), pauses: context.pauses)
                    var recent: [Int] = []
                    for back in 0...7 {
                        let tally = context.tallies(name).first { $0.day == day.adding(days: -back) }
                        recent.append(tally.map { $0.count * 1000 + Int($0.sum) } ?? -1)
                    }
                    return [stats.first?.currentStreak ?? -1, context.lastDone(name, before: day)?.ordinal ?? -1]
                        + recent
                }
                #expect(figures(window) == figures(whole), "trial \(trial) \(name)")
            }
        }
        #expect(windowReadLess)
    }
}
