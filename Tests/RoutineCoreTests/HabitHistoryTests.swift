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

    /// `recent` keeps what the figures of a habit without a weekly target read at the
    /// reference day (its week's tallies, its last day before it), from entries in day
    /// order or not, with gaps of more than a week and entries after the day.
    @Test(arguments: [UInt64(5), 13, 29, 61])
    func recentEntriesGiveTheWeeksFigures(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        for _ in 0..<40 {
            var entries: [EntrySample] = []
            var day = 100
            while day < 200 {
                for _ in 0...g.below(3) {
                    entries.append(EntrySample(day: day, value: g.below(4) == 0 ? nil : Double(g.below(50)) / 10))
                }
                day += 1 + (g.below(4) == 0 ? g.below(20) : 0)
            }
            let d = 95 + g.below(110)
            for input in [entries, entries.shuffled(using: &g)] {
                let whole = HabitHistory(entries: input, through: d)
                let recent = HabitHistory(entries: HabitHistory.recent(input, at: d), through: d)
                #expect(recent.lastDay(before: d) == whole.lastDay(before: d), "seed \(seed), day \(d)")
                for end in (d - 6)...d {
                    #expect(recent.tally(on: end) == whole.tally(on: end), "seed \(seed), day \(d)")
                }
                #expect(recent.window(endingAt: d) == whole.window(endingAt: d), "seed \(seed), day \(d)")
            }
            // In day order, the week's history folds no entry before the last day before the week.
            let kept = HabitHistory.recent(entries, at: d)
            if let first = kept.first, let before = entries.last(where: { $0.day < d - 6 }) {
                #expect(first.day == before.day, "seed \(seed), day \(d)")
            }
        }
    }
}
