import Foundation
import RoutineCore
import RoutineStore
import Testing

@testable import RoutineApp

/// Which habits' history a run reads, and how far back: RoutineApp's decision, read
/// through the store's plain reads.
@Suite struct HistoryWindowTests {
    private let day = DayKey("2026-11-22")!
    private let instant = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z

    private func log(_ store: AppDatabase, _ habit: String, daysBack: Int) throws {
        _ = try store.entries.logEntry(
            habit: habit, value: nil, unit: nil, dayKey: day.adding(days: -daysBack), at: instant, timeZone: "UTC",
            note: nil)
    }

    @Test func theContextReadsTheHabitsItNames() throws {
        let store = try AppDatabase.inMemory()
        try log(store, "Sleep 8h", daysBack: 1)
        let context = try HistoryWindow(store: store).dayContext(habits: ["Sleep 8h"], day: day)
        #expect(context.lastDone("sleep 8H", before: day) == day.adding(days: -1))
        #expect(try HistoryWindow(store: store).dayContext(habits: [], day: day).history.isEmpty)
    }

    @Test func onlyConditionAndEveryHabitsHaveTheirHistoryRead() throws {
        let store = try AppDatabase.inMemory()
        for habit in ["Run", "Walk", "Sleep"] { try log(store, habit, daysBack: 1) }
        _ = try store.habits.setSchedule(habit: "Walk", to: .every(2))
        _ = try store.habits.setSchedule(habit: "Run", to: .days([.mon]))
        let context = try HistoryWindow(store: store).dayContext(
            habits: ["Run", "Walk"], day: day, historyOf: ["Sleep"])
        #expect(Set(context.history.keys) == ["walk", "sleep"])
        #expect(context.schedules == ["run": .days([.mon]), "walk": .every(2)])
    }

    @Test func aWindowKeepsEachHabitsLastDayBeforeItAndALongScheduleReadsItAll() throws {
        let store = try AppDatabase.inMemory()
        for back in [900, 800, 1] {
            try log(store, "Walk", daysBack: back)
            try log(store, "Swim", daysBack: back)
        }
        _ = try store.habits.setSchedule(habit: "Swim", to: .every(40))
        let context = try HistoryWindow(store: store).dayContext(
            habits: ["Walk", "Swim"], day: day, historyOf: ["Walk"])
        #expect(context.tallies("Walk").map(\.day) == [800, 1].map { day.adding(days: -$0) })
        #expect(context.tallies("Swim").map(\.day) == [900, 800, 1].map { day.adding(days: -$0) })
    }
}
