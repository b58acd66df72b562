import Foundation
import GRDB
import RoutineCore
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineStore

/// The windowed history snapshot reads the same figures as the whole history: the last
/// done day (days since, `every:`), done N days back, week figures. (`streak(H)` reads the
/// ledger's states, not the snapshot's entries: `DayContext.streaks`, StreakConditionTests.)
@Suite struct WindowedContextTests {
    private let instant = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z

    @Test func theWindowReadsWhatTheWholeHistoryReads() throws {
        var rng = SeededGenerator(seed: 99)
        let day = DayKey("2026-11-22")!
        var windowReadLess = false
        for trial in 0..<12 {
            let store = try AppDatabase.inMemory()
            let names = ["Long", "Gaps", "Weekly", "Every"]
            var ids: [EntryID] = []
            for name in names {
                let entry = try store.entries.logEntry(
                    habit: name, value: nil, unit: nil, dayKey: day.adding(days: -5000), at: instant, timeZone: "UTC",
                    note: nil)
                ids.append(entry.id)
            }
            _ = try store.habits.setSchedule(habit: "Weekly", to: .days([.mon, .thu]))
            _ = try store.habits.setSchedule(habit: "Every", to: .every(1 + Int(rng.next() % 40)))
            if trial % 3 == 0 {
                let start = day.adding(days: -Int(rng.next() % 500))
                _ = try store.pauses.addPause(
                    habits: [], from: start, to: start.adding(days: Int(rng.next() % 60)), note: nil,
                    at: instant)
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
            let whole = try HistoryWindow(store: store).dayContext(
                habits: names, day: day, historyOf: names, historyDepth: .max)
            let window = try HistoryWindow(store: store).dayContext(
                habits: names, day: day, historyOf: names, historyDepth: 7)
            let windowCount = window.history.values.map(\.count).reduce(0, +)
            let wholeCount = whole.history.values.map(\.count).reduce(0, +)
            #expect(windowCount <= wholeCount)
            if windowCount < wholeCount { windowReadLess = true }

            for name in names {
                let key = HabitKey(name)
                let habit = MetricHabit(name: name, schedule: whole.schedules?[key])
                func figures(_ context: DayContext) -> [Int] {
                    var recent: [Int] = []
                    for back in 0...7 {
                        let tally = context.tallies(key).first { $0.day == day.adding(days: -back) }
                        recent.append(tally.map { $0.count * 1000 + Int($0.sum) } ?? -1)
                    }
                    let due = context.dueStatus(key, declared: habit.schedule).isDue ? 1 : 0
                    return [due, context.lastDone(key, before: day)?.ordinal ?? -1] + recent
                }
                #expect(figures(window) == figures(whole), "trial \(trial) \(name)")
            }
        }
        #expect(windowReadLess)
    }
}
