import Foundation

/// What the heat map of `routine stats HABIT --heatmap` shows, as figures: the weeks it
/// spans, each day's total, and the four steps a quantity day's total falls in (a step
/// is 1, 2, 2.5 or 5 times a power of ten whose four steps reach the largest day total
/// shown: a largest day of 15 km gives steps of 5, never 3.75). RoutineCLI's
/// `HeatmapText` draws it.
public struct Heatmap: Sendable {
    /// The widest grid drawn: ten years of weeks.
    public static let maxWeeks = 520

    /// Columns shown (weeks, Monday to Sunday), 1…``maxWeeks``.
    public let columns: Int
    /// The ordinal of the first column's Monday.
    public let firstMonday: Int
    /// The habit's total on each day shown that has entries (tidied, so that the order
    /// entries came in cannot tip a day over a step's edge).
    public let totals: [Int: Double]
    /// A quantity habit's largest positive day total; nil for a binary habit or when no
    /// day shown has a positive value (done days are then plain).
    public let largest: Double?
    /// Whether a day without an entry was not due (its state: not due, paused, declined).
    public let hasNotDueDays: Bool
    private let days: HabitDays?

    /// - Parameters:
    ///   - entries: live entries of any habits; only `habit`'s are used, and none after `day`.
    ///   - weeks: columns, clamped to 1…``maxWeeks``, so that no input can make the grid
    ///     overflow or exhaust memory.
    ///   - days: the habit's states (the ledger's, SPEC §17); nil: every day is due.
    public init(habit: MetricHabit, entries: [MetricEntry], day: DayKey, weeks: Int, days: HabitDays?) {
        columns = min(Self.maxWeeks, max(1, weeks))
        let lastMonday = day.ordinal - day.weekday
        firstMonday = lastMonday - 7 * (columns - 1)
        var totals: [Int: Double] = [:]
        for entry in entries where entry.habitKey == habit.key {
            let ordinal = entry.dayKey.ordinal
            guard ordinal >= firstMonday, ordinal <= day.ordinal else { continue }
            totals[ordinal, default: 0] += MetricNumber.sample(entry.value)
        }
        let tidied = totals.mapValues(MetricNumber.tidy)
        self.totals = tidied
        largest = habit.isQuantity ? tidied.values.filter { $0 > 0 }.max() : nil
        self.days = days
        hasNotDueDays = (firstMonday...day.ordinal).contains { tidied[$0] == nil && !Self.isDue($0, days) }
    }

    /// Whether the habit was due on a day (a day the ledger does not state counts as due).
    public func isDue(_ ordinal: Int) -> Bool { Self.isDue(ordinal, days) }

    private static func isDue(_ ordinal: Int, _ days: HabitDays?) -> Bool {
        guard let days else { return true }
        return days.state(ordinal).map { $0.isDue || $0 == .done } ?? true
    }

    /// The step (0…3) a day's total falls in; nil when the map has no steps (`largest` nil).
    public func level(_ total: Double) -> Int? {
        guard let largest else { return nil }
        // The small tolerance keeps a total equal to a bound (7.5 for a 2.5 step) at its level.
        return min(3, max(0, Int((total / Self.step(largest) - 1e-9).rounded(.up)) - 1))
    }

    /// The upper bound of step `level` (0…3) for a largest day total.
    public static func bound(_ level: Int, largest: Double) -> Double {
        MetricNumber.tidy(step(largest) * Double(level + 1))
    }

    /// The legend's step for a largest day total: the smallest of 1, 2, 2.5 and 5 times
    /// a power of ten whose four steps reach `largest`.
    public static func step(_ largest: Double) -> Double {
        let quarter = largest / 4
        guard quarter > 0, quarter.isFinite else { return 1 }
        let magnitude = pow(10, (log10(quarter)).rounded(.down))
        for factor in [1, 2, 2.5, 5] where factor * magnitude >= quarter * (1 - 1e-9) {
            return MetricNumber.tidy(factor * magnitude)
        }
        return MetricNumber.tidy(10 * magnitude)
    }
}
