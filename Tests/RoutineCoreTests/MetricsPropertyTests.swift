import TestSupport
import Testing

@testable import RoutineCore

/// Properties of `computeStats` over many seeded random histories, and a cross-check
/// against a deliberately naive reference implementation of SPEC §6.
@Suite struct MetricsPropertyTests {
    private static let reference = DayKey(ordinal: 20_000)  // 2024-10-04

    private static let habits = [
        MetricHabit(name: "Meditate"),
        MetricHabit(name: "Run", isQuantity: true, unit: "km"),
        MetricHabit(name: "Gym", weekly: 3),
        MetricHabit(name: "Read", isQuantity: true, unit: "pages", weekly: 40),
    ]

    /// A random history over ~100 days around the reference day (some after it), with
    /// runs, gaps, several entries a day, missing values and decimal values.
    private static func history(_ generator: inout SeededGenerator) -> [MetricEntry] {
        var entries: [MetricEntry] = []
        let density = Double.random(in: 0.2...0.95, using: &generator)
        for habit in habits {
            for offset in -90...5 where Double.random(in: 0..<1, using: &generator) < density {
                let copies = Int.random(in: 0..<10, using: &generator) == 0 ? 2 : 1
                for _ in 0..<copies {
                    let value: Double? =
                        habit.isQuantity && Int.random(in: 0..<8, using: &generator) != 0
                        ? Double(Int.random(in: 0...120, using: &generator)) / 10 : nil
                    entries.append(
                        MetricEntry(habitKey: habit.key, dayKey: reference.adding(days: offset), value: value))
                }
            }
        }
        return entries
    }

    private static func seeds() -> [UInt64] { (1...60).map { UInt64($0) * 7919 } }

    @Test func noFigureDependsOnEntryOrder() {
        for seed in Self.seeds() {
            var generator = SeededGenerator(seed: seed)
            let entries = Self.history(&generator)
            let expected = scheduleStats(habits: Self.habits, entries: entries, day: Self.reference)
            for _ in 0..<3 {
                let shuffled = entries.shuffled(using: &generator)
                #expect(
                    scheduleStats(habits: Self.habits, entries: shuffled, day: Self.reference) == expected,
                    "seed \(seed)")
            }
        }
    }

    @Test func removingAndReAddingAnEntryChangesNothing() {
        for seed in Self.seeds() {
            var generator = SeededGenerator(seed: seed)
            var entries = Self.history(&generator)
            guard !entries.isEmpty else { continue }
            let expected = scheduleStats(habits: Self.habits, entries: entries, day: Self.reference)
            let removed = entries.remove(at: Int.random(in: 0..<entries.count, using: &generator))
            entries.insert(removed, at: Int.random(in: 0...entries.count, using: &generator))
            #expect(
                scheduleStats(habits: Self.habits, entries: entries, day: Self.reference) == expected, "seed \(seed)")
        }
    }

    @Test func figuresStayWithinTheirBounds() {
        for seed in Self.seeds() {
            var generator = SeededGenerator(seed: seed)
            let entries = Self.history(&generator)
            for stats in scheduleStats(habits: Self.habits, entries: entries, day: Self.reference) {
                #expect(stats.bestStreak >= stats.currentStreak)
                #expect(stats.bestStreak >= stats.previousStreak)
                #expect((0...(stats.habit.isWeekly ? 4 : 7)).contains(stats.momentum))
                // SPEC §17.2: today done extends the streak; today open is not a break.
                #expect(stats.currentStreak == (stats.doneToday ? stats.previousStreak + 1 : stats.previousStreak))
                #expect(stats.momentum <= stats.dueDays)
                #expect(stats.weekCount >= 0)
                if let weekly = stats.weeklyStreak { #expect(weekly >= 0 && (weekly > 0) == stats.weekComplete) }
            }
        }
    }

    @Test func agreesWithANaiveReading() {
        for seed in Self.seeds() {
            var generator = SeededGenerator(seed: seed)
            let entries = Self.history(&generator)
            let day = Self.reference.adding(days: Int.random(in: -20...3, using: &generator))
            let stats = scheduleStats(habits: Self.habits, entries: entries, day: day)
            for (habit, figures) in zip(Self.habits, stats) {
                #expect(figures == Self.naive(habit, entries, day), "seed \(seed), \(habit.name)")
            }
        }
    }

    /// SPEC §6 and §17.2 read literally, with sets and loops, no cleverness: a daily habit
    /// is due on every day from its first done day; a day over and not done is a break;
    /// today not done is not.
    private static func naive(_ habit: MetricHabit, _ all: [MetricEntry], _ day: DayKey) -> HabitStats {
        let mine = all.filter { $0.habitKey == habit.key && $0.dayKey <= day }
        let done = Set(mine.map(\.dayKey.ordinal))
        func streak(_ end: Int) -> Int {
            var length = 0
            while done.contains(end - length) { length += 1 }
            return length
        }
        func window(_ end: Int) -> [MetricEntry] { mine.filter { (end - 6...end).contains($0.dayKey.ordinal) } }
        func sum(_ entries: [MetricEntry]) -> Double {
            MetricNumber.tidy(entries.map { $0.value ?? 0 }.sorted().reduce(0, +))
        }
        func complete(_ end: Int) -> Bool {
            let entries = window(end)
            guard let target = habit.weeklyTarget else { return !entries.isEmpty }
            return habit.isQuantity ? sum(entries) >= target : Double(entries.count) >= target
        }
        let d = day.ordinal
        let best = done.map { streak($0) }.max() ?? 0
        var weeklyStreak: Int?
        var momentum = (d - 6...d).filter { done.contains($0) }.count
        if habit.isWeekly {
            var windows = 0
            while complete(d - 7 * windows) { windows += 1 }
            weeklyStreak = windows
            momentum = (0..<4).filter { complete(d - 7 * $0) }.count
        }
        let today = mine.filter { $0.dayKey == day }
        var stats = HabitStats(
            habit: habit, day: day, doneToday: !today.isEmpty, todayCount: today.count,
            todaySum: habit.isQuantity ? sum(today) : nil,
            currentStreak: done.contains(d) ? streak(d) : streak(d - 1), previousStreak: streak(d - 1),
            bestStreak: best, momentum: momentum,
            weekCount: window(d).count, weekSum: habit.isQuantity ? sum(window(d)) : nil,
            weekComplete: complete(d), weeklyStreak: weeklyStreak, due: true,
            dueDays: habit.isWeekly ? 4 : (d - 6...d).filter { $0 >= (done.min() ?? d) }.count)
        stats.lastDoneBefore = mine.map(\.dayKey).filter { $0 < day }.max()
        stats.state = done.contains(d) ? .done : .open
        return stats
    }
}
