/// One live HabitEntry, reduced to what the metrics read.
///
/// The store hands these over with soft-deleted entries already filtered out. Metrics
/// never look at instants or time zones: the DayKey stored with the entry is the truth.
public struct MetricEntry: Sendable, Hashable, Codable {
    /// The habit's identity key, `HabitKey(name)`.
    public var habitKey: HabitKey
    public var dayKey: DayKey
    /// The measured value for quantity habits; nil for binary ones (and ignored for them).
    public var value: Double?

    public init(habitKey: HabitKey, dayKey: DayKey, value: Double? = nil) {
        self.habitKey = habitKey
        self.dayKey = dayKey
        self.value = value
    }
}

/// One live entry of a known habit as the figures read it: its day (an ordinal) and its
/// value (nil for binary habits). A lifetime of entries is held per habit, without the
/// habit's key on each.
public struct EntrySample: Sendable, Hashable {
    public var day: Int
    public var value: Double?

    public init(day: Int, value: Double?) {
        self.day = day
        self.value = value
    }
}

/// A habit as the metrics see it: its identity, whether it is measured, and its
/// optional weekly target.
public struct MetricHabit: Sendable, Hashable, Codable {
    /// `HabitKey(name)`; entries are matched against it exactly.
    public var key: HabitKey
    /// The display name (the first spelling used).
    public var name: String
    /// True for quantity habits (measured in `unit`, or a plain count when `unit` is nil).
    public var isQuantity: Bool
    /// The unit of a quantity habit as stored (`km`, `min`); nil for binary habits.
    public var unit: String?
    /// The weekly target: a count of entries for binary habits, a sum of values for
    /// quantity ones. Only a finite value above zero counts as a target (see
    /// `weeklyTarget`); anything else means "no weekly target".
    public var weekly: Double?
    /// When the habit is due (SPEC §10.1); nil is daily. Metrics use the current
    /// schedule for all history.
    public var schedule: Schedule?
    /// The day target (SPEC §18.1), or nil.
    public var dayTarget: DayTarget?

    /// - Parameter key: defaults to `HabitKey(name)`.
    public init(
        key: HabitKey? = nil, name: String, isQuantity: Bool = false, unit: String? = nil, weekly: Double? = nil,
        schedule: Schedule? = nil, dayTarget: DayTarget? = nil
    ) {
        self.dayTarget = dayTarget
        self.key = key ?? HabitKey(name)
        self.name = name
        self.isQuantity = isQuantity
        self.unit = unit
        self.weekly = weekly
        self.schedule = schedule
    }

    /// The weekly target when it is usable: finite and above zero. A target of 0 (or a
    /// negative or non-finite one, which validation should have refused) would make
    /// every week complete, so it is treated as no target.
    public var weeklyTarget: Double? {
        guard let weekly, weekly.isFinite, weekly > 0 else { return nil }
        return weekly
    }

    /// True when the habit has a usable weekly target; such habits get a weekly streak
    /// and a window-based momentum (0–4).
    public var isWeekly: Bool { weeklyTarget != nil }

    /// The rule that makes a day done (its day target's, or any entry).
    public var doneRule: DoneRule { DoneRule(target: dayTarget, isQuantity: isQuantity) }

    /// The frequency `per: N/P` (SPEC §18.1), if the habit has one.
    public var frequency: (times: Int, period: Int)? {
        if case .per(let n, let p) = schedule { return (n, p) }
        return nil
    }
}
