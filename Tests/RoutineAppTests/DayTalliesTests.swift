import RoutineCore
import TestSupport
import Testing

@testable import RoutineApp

/// `DayTallies` (the ledger's entries by day: counts and sums in arrays up to the last
/// dense day, later days in a dictionary) says of every day what folding its entries one
/// by one with `DayTally.add` says, and nothing of a day without entries.
@Suite struct DayTalliesTests {
    @Test(arguments: [UInt64(2), 13, 31])
    func eachDayIsItsEntriesFolded(seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        var samples: [EntrySample] = []
        for day in 500..<600 where g.below(4) != 0 {
            for _ in 0...g.below(2) {
                samples.append(EntrySample(day: day, value: g.below(3) == 0 ? nil : Double(g.below(90)) / 7))
            }
        }
        if g.below(2) == 0 { samples.shuffle(using: &g) }
        let denseEnd = 520 + g.below(90)
        let tallies = DayTallies(samples, denseEnd: denseEnd)
        var reference: [Int: DayTally] = [:]
        for sample in samples {
            reference[sample.day, default: DayTally(day: DayKey(ordinal: sample.day), count: 0)].add(sample.value)
        }
        for day in 490..<610 {
            #expect(tallies[day] == reference[day], "seed \(seed), day \(day)")
            // The ledger's per-day read, without a `DayTally`: the same count and sum (0: none).
            let tally = tallies.tally(day)
            #expect(tally.count == reference[day]?.count ?? 0, "seed \(seed), day \(day)")
            #expect(tally.sum == reference[day]?.sum ?? 0, "seed \(seed), day \(day)")
        }
        #expect(tallies.first == reference.keys.min())
        #expect(DayTallies([], denseEnd: denseEnd)[denseEnd] == nil)
        #expect(DayTallies([], denseEnd: denseEnd).first == nil)
    }
}
