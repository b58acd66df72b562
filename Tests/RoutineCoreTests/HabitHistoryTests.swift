import TestSupport
import Testing

@testable import RoutineCore

/// `HabitHistory` takes entries already in day order (a day's several by value) as they
/// come and sorts any others first: either way the same days, counts and sums (a day's
/// values added in ascending order), and the entries after the reference day left out.
@Suite struct HabitHistoryTests {
    @Test(arguments: [UInt64(3), 11, 23, 47])
    func entriesInOrderOrNotFoldTheSame(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        var entries: [EntrySample] = []
        for day in 100..<160 where g.below(3) != 0 {
            for _ in 0...g.below(3) {
                entries.append(EntrySample(day: day, value: g.below(4) == 0 ? nil : Double(g.below(50)) / 10))
            }
        }
        // In order: by day, a day's by value (what the one pass takes as it comes).
        let ordered = entries.sorted { ($0.day, $0.value ?? 0) < ($1.day, $1.value ?? 0) }
        let shuffled = entries.shuffled(using: &g)
        let last = 100 + g.below(70)
        let reference = HabitHistory(
            samples: entries.filter { $0.day <= last }.map { ($0.day, $0.value ?? 0) })
        for history in [HabitHistory(entries: ordered, through: last), HabitHistory(entries: shuffled, through: last)] {
            #expect(history.days == reference.days, "seed \(seed)")
            #expect(history.dayCounts == reference.dayCounts, "seed \(seed)")
            #expect(history.daySums == reference.daySums, "seed \(seed)")
            #expect(history.range(from: 0, to: 1_000).count == entries.filter { $0.day <= last }.count)
        }
    }
}
