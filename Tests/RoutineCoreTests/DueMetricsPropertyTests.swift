import TestSupport
import Testing

@testable import RoutineCore

/// SPEC §17.2's streaks and momentum over the states a schedule and pauses give, against a
/// brute-force reference written straight from the text, on seeded random histories, schedules and pauses.
@Suite struct DueMetricsPropertyTests {
    private static let reference = DayKey(ordinal: 20_000)

    private struct Case {
        var habit: MetricHabit
        var doneDays: Set<Int>
        var pauses: [PauseSpan]
    }

    private static func randomCase(_ generator: inout SeededGenerator) -> Case {
        let schedule: Schedule?
        switch generator.below(4) {
        case 0: schedule = nil
        case 1: schedule = .every(1 + generator.below(5))
        default:
            schedule = Schedule.on(Weekday.allCases.filter { _ in generator.below(2) == 0 }) ?? .days([.sat])
        }
        let habit = MetricHabit(name: "Habit", schedule: schedule)
        let density = 0.15 + Double(generator.below(80)) / 100
        var done = Set<Int>()
        for offset in -60...3 where Double(generator.below(1000)) / 1000 < density {
            done.insert(reference.ordinal + offset)
        }
        var pauses: [PauseSpan] = []
        for _ in 0..<generator.below(3) {
            let start = reference.adding(days: -generator.below(60))
            let keys: [HabitKey] = generator.below(3) == 0 ? ["Other"] : generator.below(2) == 0 ? [] : ["habit"]
            pauses.append(PauseSpan(from: start, to: start.adding(days: generator.below(10)), habitKeys: keys))
        }
        return Case(habit: habit, doneDays: done, pauses: pauses)
    }

    /// The reference: every definition evaluated directly, day by day.
    private struct Reference {
        let c: Case
        let d: Int

        func paused(_ x: Int) -> Bool {
            c.pauses.contains { $0.covers(c.habit.key, on: DayKey(ordinal: x)) }
        }
        func done(_ x: Int) -> Bool { x <= d && c.doneDays.contains(x) }
        func due(_ x: Int) -> Bool {
            if paused(x) { return false }
            switch c.habit.schedule {
            case nil: return true
            case .days(let days): return days.contains(Weekday(DayKey(ordinal: x)))
            case .every(let n): return !(1..<n).contains { done(x - $0) }
            case .per(let n, let p): return (1..<p).filter { done(x - $0) }.count < n
            }
        }
        /// The first day: the first done day up to D, or D.
        var first: Int { min(c.doneDays.filter { $0 <= d }.min() ?? d, d) }

        /// SPEC §17.1 from the schedule and pauses alone: done, paused, missed (open on D), not due.
        func state(_ x: Int) -> String {
            if x < first { return "before" }
            if done(x) { return "done" }
            if paused(x) { return "paused" }
            if due(x) { return x == d ? "open" : "missed" }
            return "not-due"
        }

        /// SPEC §17.2 read plainly: done days since the last missed day, walking back from `end`.
        func streak(at end: Int) -> Int {
            var count = 0
            var x = end
            while x >= first {
                if state(x) == "done" { count += 1 } else if state(x) == "missed" { break }
                x -= 1
            }
            return count
        }

        var best: Int { (first...d).map { streak(at: $0) }.max() ?? 0 }
    }

    @Test func dueAwareFiguresEqualTheReference() {
        for seed in (1...150).map({ UInt64($0) * 104_729 }) {
            var generator = SeededGenerator(seed: seed)
            let c = Self.randomCase(&generator)
            let entries = c.doneDays.map { MetricEntry(habitKey: c.habit.key, dayKey: DayKey(ordinal: $0)) }
            for offset in [-2, -1, 0] {
                let day = Self.reference.adding(days: offset)
                let reference = Reference(c: c, d: day.ordinal)
                guard let stats = scheduleStats(habits: [c.habit], entries: entries, day: day, pauses: c.pauses).first
                else {
                    Issue.record("no stats")
                    continue
                }
                let label = "seed \(seed) \(String(describing: c.habit.schedule)) \(c.pauses) D\(offset)"
                let window = (day.ordinal - 6)...day.ordinal
                #expect(stats.due == reference.due(day.ordinal), "\(label)")
                #expect(
                    stats.dueDays == window.filter { ["done", "open", "missed"].contains(reference.state($0)) }.count,
                    "\(label)")
                #expect(stats.momentum == window.filter { reference.done($0) }.count, "\(label)")
                #expect(stats.currentStreak == reference.streak(at: day.ordinal), "\(label)")
                #expect(stats.previousStreak == reference.streak(at: day.ordinal - 1), "\(label)")
                #expect(stats.bestStreak == reference.best, "\(label)")
            }
        }
    }

    @Test func aMonWedFriHabitKeepsItsStreakOnTuesdays() {
        let habit = MetricHabit(name: "Strength", schedule: .days([.mon, .wed, .fri]))
        let monday = DayKey("2026-11-23")!
        let done = [-7, -5, -3, 0].map { MetricEntry(habitKey: habit.key, dayKey: monday.adding(days: $0)) }
        let tuesday = scheduleStats(habits: [habit], entries: done, day: monday.adding(days: 1))[0]
        #expect(tuesday.currentStreak == 4)
        #expect(!tuesday.due)
        #expect(tuesday.momentum == 3)
        #expect(tuesday.dueDays == 3)
        let wednesday = scheduleStats(habits: [habit], entries: done, day: monday.adding(days: 2))[0]
        // Wednesday is open, not over: not a break (SPEC §17.2).
        #expect(wednesday.currentStreak == 4)
        #expect(wednesday.previousStreak == 4)
        #expect(wednesday.due)
    }

    @Test func aPausedWeekNeitherBreaksNorExtendsADailyStreak() {
        let habit = MetricHabit(name: "Walk")
        let day = DayKey("2026-11-23")!
        let done = [-12, -11, -10, -2, -1, 0].map { MetricEntry(habitKey: habit.key, dayKey: day.adding(days: $0)) }
        let pause = PauseSpan(from: day.adding(days: -9), to: day.adding(days: -3))
        let stats = scheduleStats(habits: [habit], entries: done, day: day, pauses: [pause])[0]
        #expect(stats.currentStreak == 6)
        #expect(stats.dueDays == 3)
        #expect(stats.momentum == 3)
        let unpaused = scheduleStats(habits: [habit], entries: done, day: day)[0]
        #expect(unpaused.currentStreak == 3)
    }
}
