import EndToEndSupport
import Foundation
import RoutineCore
import RoutineStore
import TestSupport
import Testing

@testable import RoutineApp

/// Random Loop databases imported (SPEC §18.2), then the done days and streaks routine
/// shows compared with a plain reading of the source: Loop's values, frequencies and
/// targets by SPEC §17.1, §17.2 and §18.1, written here without the ledger.
@Suite struct ImportPropertyTests {
    typealias Habit = ImportFixtures.LoopHabit
    typealias Rep = ImportFixtures.LoopRepetition

    static let last = DayKey("2026-11-21")!  // the day before LedgerTests.time's today
    static let length = 60

    /// A random habit: every type, every shape of frequency, both target types.
    static func habit(_ id: Int64, _ g: inout SeededGenerator) -> Habit {
        var habit = Habit(id: id, name: "Habit \(id)")
        switch g.below(4) {
        case 0: break
        case 1: habit.denominator = 2 + g.below(4)
        case 2:
            habit.numerator = 1 + g.below(6)
            habit.denominator = 7
        default:
            habit.denominator = 3 + g.below(10)
            habit.numerator = 1 + g.below(habit.denominator)
        }
        if g.below(2) == 0 {
            habit.type = 1
            habit.unit = "min"
            habit.targetType = g.below(2)
            habit.targetValue = Double(g.below(5))  // at-least 0 is no target
        }
        return habit
    }

    static func repetitions(_ habit: Habit, _ g: inout SeededGenerator) -> [Rep] {
        var result: [Rep] = []
        for offset in 0..<length where g.below(3) > 0 {
            let day = last.adding(days: offset - length + 1)
            let value: Int64 =
                habit.type == 1
                ? (g.below(10) == 0 ? 3 : Int64(g.below(9) * 500))  // 3: SKIP (uhabits #1319)
                : [-1, 0, 1, 2, 2, 2, 3][g.below(7)]
            result.append(Rep(habit: habit.id, day: day, value: value))
        }
        return result
    }

    /// The reference: each day's state from the source alone.
    enum Plain: Equatable {
        case done, partial, paused, missed, notDue
    }

    static func reference(_ habit: Habit, _ reps: [Rep]) -> [Int: Plain] {
        var amount: [Int: Double] = [:]
        var entry: Set<Int> = []
        var paused: Set<Int> = []
        for rep in reps {
            let day = rep.day.ordinal
            if habit.type == 1 {
                if rep.value == 3 {
                    paused.insert(day)
                } else if rep.value > 0 {
                    amount[day, default: 0] += Double(rep.value) / 1000
                    entry.insert(day)
                }
            } else if rep.value == 2 {
                amount[day, default: 0] += 1
                entry.insert(day)
            } else if rep.value == 3 {
                paused.insert(day)
            }
        }
        // The first day is the first entry's (the habit is created after the history).
        guard let first = entry.min() else { return [:] }
        let atMost = habit.type == 1 && habit.targetType == 1
        let atLeast = habit.type == 1 && habit.targetType == 0 && habit.targetValue > 0 ? habit.targetValue : nil
        var states: [Int: Plain] = [:]
        var done: Set<Int> = []
        for day in first...last.ordinal {
            let sum = amount[day] ?? 0
            let isDone: Bool =
                if atMost { sum <= habit.targetValue } else if let atLeast { sum >= atLeast } else {
                    entry.contains(day)
                }
            let due: Bool
            if habit.numerator == habit.denominator {
                due = true
            } else if habit.numerator == 1 {
                // every: N: due unless done on one of the N − 1 days before (the ledger reads
                // a day target's done here: an at-most day without entries counts).
                due = !(1..<habit.denominator).contains { done.contains(day - $0) }
            } else {
                // per N/P: due while fewer than N of the P − 1 days before are done.
                due = (1..<habit.denominator).filter { done.contains(day - $0) }.count < habit.numerator
            }
            if isDone {
                states[day] = .done
                done.insert(day)
            } else if entry.contains(day), atLeast != nil {
                states[day] = .partial
            } else if paused.contains(day) {
                states[day] = .paused
            } else {
                states[day] = due ? .missed : .notDue
            }
        }
        return states
    }

    /// SPEC §17.2 over the plain states: done extends, missed breaks, the rest neither.
    static func streaks(_ states: [Int: Plain]) -> (current: Int, best: Int) {
        var run = 0
        var best = 0
        for day in states.keys.sorted() {
            switch states[day] {
            case .done:
                run += 1
                best = max(best, run)
            case .missed: run = 0
            default: break
            }
        }
        return (run, best)
    }

    @Test(arguments: [UInt64(5), 17, 29])
    func doneDaysAndStreaksMatchTheSource(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let habits = (1...5).map { Self.habit(Int64($0), &g) }
        let reps = habits.flatMap { Self.repetitions($0, &g) }
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("loop.db").path
        try ImportFixtures.loopDatabase(at: path, habits: habits, repetitions: reps)
        let store = try AppDatabase.open(path: folder.store)
        defer { store.close() }
        _ = try ImportService.run(.loop, path: path, store: store, now: ImportFromTests.now, dryRun: false)
        let time = LedgerTests.time
        let ledger = try HabitLedger.build(planner: DayPlanner(store: store), through: Self.last, time: time)
        let stats = try HabitFigures.stats(store: store, day: Self.last, time: time)
        for habit in habits {
            let label =
                "seed \(seed) \(habit.name) \(habit.numerator)/\(habit.denominator) type \(habit.type) "
                + "target \(habit.targetType):\(habit.targetValue)"
            let expected = Self.reference(habit, reps.filter { $0.habit == habit.id })
            let key = HabitKey(habit.name)
            for offset in 0..<Self.length {
                let day = Self.last.adding(days: -offset)
                let state = ledger.state(key, day)
                let plain = expected[day.ordinal]
                #expect(
                    (state == .done) == (plain == .done), "\(label) \(day): \(state) vs \(String(describing: plain))")
                if plain == .missed { #expect(state == .missed, "\(label) \(day): \(state)") }
                if plain == .paused { #expect(state == .paused, "\(label) \(day): \(state)") }
            }
            let figures = try #require(stats.first { $0.habit.key == key })
            let streaks = Self.streaks(expected)
            #expect(figures.currentStreak == streaks.current, "\(label) current")
            #expect(figures.bestStreak == streaks.best, "\(label) best")
        }
    }
}
