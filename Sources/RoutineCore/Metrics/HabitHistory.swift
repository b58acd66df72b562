/// The entries of one habit up to a reference day, folded into one row per done DayKey.
///
/// Built once per habit from its entries (sorted here, so the caller's order never
/// matters) and then queried in O(1) or O(log n): window counts come from prefix counts
/// over the sorted days. Streaks are not its business: they count the ledger's states
/// (`HabitDays`, SPEC §17.2), not consecutive entries. Window sums
/// add the (at most 7) day sums directly rather than subtracting prefix sums, so that a
/// long history adds no floating-point noise to a week's figure.
struct HabitHistory: Sendable {
    /// The done DayKeys (ordinals), ascending, unique, none after the reference day.
    private(set) var days: [Int] = []
    /// `prefixCount[i]`: the number of entries on `days[0..<i]` (several a day all count).
    private var prefixCount: [Int] = [0]
    /// Entries and value sum per done day, aligned with `days`.
    private(set) var dayCounts: [Int] = []
    private(set) var daySums: [Double] = []

    /// - Parameter samples: `(ordinal, value)` pairs of one habit, in any order, all on
    ///   or before the reference day. Missing and non-finite values count as 0 in sums.
    init(samples: [(day: Int, value: Double)], sorted isSorted: Bool = false) {
        // Sorting by value within a day too makes floating-point sums independent of
        // the order the entries arrived in.
        let sorted = isSorted ? samples : samples.sorted { $0.day != $1.day ? $0.day < $1.day : $0.value < $1.value }
        days.reserveCapacity(sorted.count)
        for sample in sorted {
            if let last = days.last, last == sample.day {
                dayCounts[dayCounts.count - 1] += 1
                daySums[daySums.count - 1] += sample.value
            } else {
                days.append(sample.day)
                dayCounts.append(1)
                daySums.append(sample.value)
            }
        }
        prefixCount.reserveCapacity(days.count + 1)
        for index in days.indices {
            prefixCount.append(prefixCount[index] + dayCounts[index])
        }
    }

    /// `entries` of one habit, in any order; those after `through` are left out. Entries
    /// already in day order (the ledger reads them so) are not sorted again but a day's
    /// several entries are, by value (as above).
    init(entries: [EntrySample], through last: Int) { self.init(entries: entries[...], through: last) }

    init(entries: ArraySlice<EntrySample>, through last: Int) {
        var samples: [(day: Int, value: Double)] = []
        samples.reserveCapacity(entries.count)
        var ordered = true
        for entry in entries where entry.day <= last {
            let sample = (day: entry.day, value: MetricNumber.sample(entry.value))
            if let previous = samples.last,
                previous.day > sample.day || (previous.day == sample.day && previous.value > sample.value)
            {
                ordered = false
            }
            samples.append(sample)
        }
        self.init(samples: samples, sorted: ordered)
    }

    /// The entries that the figures of a habit without a weekly target read at `d` (its
    /// day's and week's tallies, its last day before `d`): when `entries` are in day order
    /// (as the ledger reads them), those from the last day before the week ending at `d`
    /// (every entry of that day) on; else all of them. A history of years is folded for a
    /// week's figures otherwise (about 50 M instructions for ten years of 100 habits).
    static func recent(_ entries: [EntrySample], at d: Int) -> ArraySlice<EntrySample> {
        for index in entries.indices.dropFirst() where entries[index - 1].day > entries[index].day {
            return entries[...]
        }
        // The first entry on or after `day`, in day order.
        func start(_ day: Int) -> Int {
            var (low, high) = (0, entries.count)
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].day < day { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let week = start(d - 6)
        return week == 0 ? entries[...] : entries[start(entries[week - 1].day)...]
    }

    /// The index of the first done day ≥ `day`.
    private func lowerBound(_ day: Int) -> Int {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of `day` among the done days, if it is one.
    func index(of day: Int) -> Int? {
        let index = lowerBound(day)
        return index < days.count && days[index] == day ? index : nil
    }

    func isDone(_ day: Int) -> Bool { index(of: day) != nil }

    /// Entry count and value sum over the 7 days ending at `day` (inclusive).
    func window(endingAt day: Int) -> (count: Int, sum: Double) {
        range(from: day - 6, to: day)
    }

    /// Entry count and value sum over `from...to` (inclusive; empty when `from > to`).
    func range(from: Int, to: Int) -> (count: Int, sum: Double) {
        guard from <= to else { return (0, 0) }
        let start = lowerBound(from)
        let end = lowerBound(to + 1)
        return (prefixCount[end] - prefixCount[start], daySums[start..<end].reduce(0, +))
    }

    /// The number of done days within `from...to` (inclusive).
    func doneDays(from: Int, to: Int) -> Int {
        guard from <= to else { return 0 }
        return lowerBound(to + 1) - lowerBound(from)
    }

    /// The entry count and value sum of one day.
    func tally(on day: Int) -> (count: Int, sum: Double) {
        index(of: day).map { (dayCounts[$0], daySums[$0]) } ?? (0, 0)
    }

    /// The index of the last done day ≤ `day`, if any.
    func lastIndex(atOrBefore day: Int) -> Int? {
        let index = lowerBound(day + 1)
        return index > 0 ? index - 1 : nil
    }

    /// The last done day before `day`, if any.
    func lastDay(before day: Int) -> Int? {
        let index = lowerBound(day)
        return index > 0 ? days[index - 1] : nil
    }
}
