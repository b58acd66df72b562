/// A goal's derived progress: the total so far against the target.
public struct GoalProgress: Sendable, Hashable {
    /// Σ over linked habits of entry count (binary) or value sum (quantity) within the
    /// goal's dates, tidied of floating-point noise.
    public var total: Double
    public var target: Double
    /// `total / target`, not capped (1.25 means 125 %); 0 when the target is not above 0.
    public var fraction: Double
    /// What is left to reach the target; 0 once reached.
    public var remaining: Double
    /// The goal's dates, kept for `daysLeft(from:)`.
    public var from: DayKey
    public var to: DayKey

    public init(total: Double, target: Double, from: DayKey, to: DayKey) {
        self.total = total
        self.target = target
        self.fraction = target.isFinite && target > 0 ? total / target : 0
        self.remaining = max(0, MetricNumber.tidy(target - total))
        self.from = from
        self.to = to
    }

    /// True once the total has met the target.
    public var isReached: Bool { target.isFinite && target > 0 && total >= target }

    /// DayKeys still available, counting `day` itself: `to − max(day, from) + 1`, so the
    /// whole span before the goal starts, 1 on its last day and 0 after it ends.
    public func daysLeft(from day: DayKey) -> Int {
        max(0, to.ordinal - max(day.ordinal, from.ordinal) + 1)
    }
}

/// Derives a goal's progress from live entries.
///
/// Each linked habit contributes its entries dated `from...to` (inclusive): one per
/// entry for binary habits (several on one day all count, as for week counts), the
/// value for quantity habits (a missing value counts 0). A habit linked twice counts
/// once. Entries of other habits, and entries outside the dates, are ignored; the
/// order of `entries` does not matter. Links are not validated here (see
/// `GoalSpec.validationErrors()`).
public func goalProgress(goal: GoalSpec, entries: [MetricEntry]) -> GoalProgress {
    var quantityOfKey: [HabitKey: Bool] = [:]
    for habit in goal.linkedHabits where quantityOfKey[habit.key] == nil {
        quantityOfKey[habit.key] = habit.isQuantity
    }
    var count = 0
    var values: [Double] = []
    for entry in entries where entry.dayKey >= goal.from && entry.dayKey <= goal.to {
        guard let isQuantity = quantityOfKey[entry.habitKey] else { continue }
        if isQuantity { values.append(MetricNumber.sample(entry.value)) } else { count += 1 }
    }
    // Summing in sorted order makes the total independent of the entries' order.
    let sum = values.sorted().reduce(0, +)
    return GoalProgress(
        total: MetricNumber.tidy(Double(count) + sum), target: goal.target, from: goal.from, to: goal.to)
}
