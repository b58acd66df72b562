import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineCLI
@testable import RoutineStore

/// A ledger read through a window of days (`HabitLedger.build(from:)`: `review`, `plan`,
/// `insights`, `today --short`, `remind`) states of every (habit, day) in the window what
/// the whole-history ledger states, on random routines and two months of random use:
/// runs recorded with `--day` before the routine's habits were created (their first day
/// comes from a step before the window), habits by hand logged before their creation with
/// `every:`, `per:` and `at-most` rules (read from the days before the window), a habit
/// done every day (a streak across every window), pauses and steps pulled from another
/// device.
@Suite struct LedgerWindowTests {
    /// Thursday 2026-09-24: the first of 60 days; today is Sunday 11-22, 20:00 UTC.
    static let first = DayKey("2026-09-24") ?? DayKey(ordinal: 0)
    static var days: [DayKey] { (0..<60).map { first.adding(days: $0) } }

    static func history(_ store: AppDatabase, _ routine: StoredRoutine, _ g: inout SeededGenerator) throws {
        for day in days {
            let date = day.description
            switch g.below(10) {
            case 0...5: try LedgerPropertyTests.randomRun(store, routine, day, lines: ["y", "n", "", "y", "l"], &g)
            case 6:
                try LedgerTests.insertStep(
                    store, day: date, node: "b", kind: "habit", text: "B",
                    outcome: ["skipped", "done", "later", "declined"][g.below(4)], routine: "prop")
            default: break
            }
            // D every day but a few: a streak longer than most windows.
            if g.below(20) != 0 { try LedgerTests.log(store, "D", date) }
            for name in ["E", "F", "G"] where g.below(3) == 0 { try LedgerTests.log(store, name, date) }
            if g.below(5) == 0 { try LedgerTests.log(store, "G", date) }
            if g.below(6) == 0 { try LedgerTests.log(store, ["A", "C"][g.below(2)], date) }
            if g.below(25) == 0 {
                _ = try store.pauses.addPause(
                    habits: g.below(2) == 0 ? [] : ["E"], from: day, to: day.adding(days: g.below(4)), note: nil,
                    at: LedgerTests.time.now())
            }
        }
        _ = try store.habits.setSchedule(habit: "E", to: .every(3))
        _ = try store.habits.setSchedule(habit: "F", to: .per(2, 7))
        _ = try store.habits.setDayTarget(habit: "G", to: .atMost(1))
    }

    @Test(arguments: [UInt64(5), 17, 29])
    func aWindowStatesWhatTheWholeHistoryStates(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        // The routine's habits are created in the middle of the history: the runs before
        // are recorded with `--day`.
        let (store, _, folder) = try LedgerTests.store(
            LedgerPropertyTests.routine(&g), at: Self.first.adding(days: 30))
        _ = folder
        let routine = try #require(try store.routines.routine(slug: "prop"))
        try Self.history(store, routine, &g)
        let time = LedgerTests.time
        let planner = DayPlanner(store: store)
        let keys = try store.habits.all(includeArchived: true).map(\.key)
        var windows: [(from: Int, through: Int)] = [(0, 59), (59, 59), (58, 59), (29, 35), (31, 31)]
        for _ in 0..<8 {
            let from = g.below(60)
            windows.append((from, min(59, from + g.below(25))))
        }
        var wholes: [Int: HabitLedger] = [:]
        for (from, through) in windows {
            let end = Self.first.adding(days: through)
            let shown = (from...through).map { Self.first.adding(days: $0) }
            let whole =
                try wholes[through] ?? HabitLedger.build(planner: planner, through: end, alsoOn: [end], time: time)
            wholes[through] = whole
            let window = try HabitLedger.build(
                planner: planner, from: shown.first, through: end, alsoOn: shown, time: time)
            #expect(window.evaluatedCount <= keys.count * shown.count, "seed \(seed): \(from)…\(through) is a window")
            for key in keys {
                for day in shown {
                    let label = "seed \(seed), window \(from)…\(through), \(key) on \(day)"
                    #expect(window.state(key, day) == whole.state(key, day), "\(label)")
                    #expect(
                        window.days[key]?.isDue(day.ordinal) == whole.days[key]?.isDue(day.ordinal), "\(label) due")
                }
            }
        }
        // `today --short` and `remind` read the day alone, and say what `today` says.
        let full = try planner.today(day: time.today, time: time)
        let short = try planner.today(day: time.today, time: time, statesOnly: true)
        #expect(short.shortLine == full.shortLine)
        #expect(short.reminderLines == full.reminderLines)
        #expect(short.sections.map { $0.items.map(\.state) } == full.sections.map { $0.items.map(\.state) })
    }
}
