import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// A 10-year history of 100 habits (365,000 entries), as SPEC §5.4 expects a store to
/// hold. Prints how long the figures take; asserts only that they are right.
@Suite struct MetricsPerformanceTests {
    @Test func tenYearsOfOneHundredHabits() {
        let day = DayKey(ordinal: 20_000)
        let habits = (0..<100).map { index in
            index % 2 == 0
                ? MetricHabit(name: "Habit \(index)")
                : MetricHabit(name: "Habit \(index)", isQuantity: true, unit: "min", weekly: index % 4 == 1 ? 30 : nil)
        }
        var entries: [MetricEntry] = []
        entries.reserveCapacity(365_000)
        for offset in 0..<3650 {
            for habit in habits {
                entries.append(
                    MetricEntry(
                        habitKey: habit.key, dayKey: day.adding(days: -offset), value: habit.isQuantity ? 10 : nil))
            }
        }
        var generator = SeededGenerator(seed: 42)
        entries.shuffle(using: &generator)

        let clock = ContinuousClock()
        var stats: [HabitStats] = []
        let elapsed = clock.measure { stats = scheduleStats(habits: habits, entries: entries, day: day) }
        print("computeStats over \(entries.count) entries of \(habits.count) habits: \(elapsed)")

        #expect(stats.count == 100)
        #expect(stats.allSatisfy { $0.currentStreak == 3650 && $0.bestStreak == 3650 && $0.weekCount == 7 })
        // Windows 0…520 are whole weeks (70 min); window 521 (D−3653…D−3647) still holds
        // the 3 oldest days, exactly the 30-minute target; window 522 holds none.
        #expect(stats[1].weeklyStreak == 522)
        #expect(stats[1].weekSum == 70)
    }
}
