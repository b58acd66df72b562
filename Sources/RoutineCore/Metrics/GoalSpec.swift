/// A goal: a target over linked habits between two DayKeys ("Run 120 km from
/// 2026-11-01 to 2026-12-31"). Only the definition is stored; progress is derived.
public struct GoalSpec: Sendable, Hashable, Codable {
    public var title: String
    /// The amount to reach: a number of entries, or a sum in `unit`.
    public var target: Double
    /// The goal's unit, or nil for a goal that counts entries (or unit-less values).
    public var unit: String?
    /// First DayKey counted (inclusive).
    public var from: DayKey
    /// Last DayKey counted (inclusive).
    public var to: DayKey
    public var linkedHabits: [MetricHabit]

    public init(
        title: String, target: Double, unit: String? = nil, from: DayKey, to: DayKey, linkedHabits: [MetricHabit]
    ) {
        self.title = title
        self.target = target
        self.unit = unit
        self.from = from
        self.to = to
        self.linkedHabits = linkedHabits
    }

    /// The goal's unit in canonical form (`kilometres` → `km`); nil when it has none.
    public var canonicalUnit: String? { GoalSpec.canonical(unit) }

    /// Every problem with the goal, in a stable order; empty when it is valid.
    ///
    /// A goal adds up one kind of thing, so every link must measure in the goal's unit:
    /// a quantity habit's unit must be the goal's unit (compared with
    /// `UnitName.canonical`). Binary habits count entries and carry no unit, so they can
    /// only be linked to a goal without a unit — and so can quantity habits without a
    /// unit (plain counts). The title must not be blank, the target must be finite and
    /// above zero, `from` must not be after `to`, and at least one habit must be linked.
    public func validationErrors() -> [GoalError] {
        var errors: [GoalError] = []
        if title.allSatisfy(\.isWhitespace) { errors.append(.emptyTitle) }
        if !(Quantity.isAllowed(target) && target > 0) { errors.append(.invalidTarget(target)) }
        if from > to { errors.append(.datesReversed(from: from, to: to)) }
        if linkedHabits.isEmpty { errors.append(.noLinkedHabits) }
        for habit in linkedHabits {
            if let error = GoalSpec.linkError(habit: habit, goalUnit: unit) { errors.append(error) }
        }
        return errors
    }

    /// Whether `habit` may be linked to a goal measured in `goalUnit`; nil when it may.
    public static func linkError(habit: MetricHabit, goalUnit: String?) -> GoalError? {
        let goal = canonical(goalUnit)
        guard habit.isQuantity else {
            return goal.map { .binaryHabitWithUnit(habit: HabitName.display(habit.name), goalUnit: $0) }
        }
        let own = canonical(habit.unit)
        guard own == goal else {
            return .unitMismatch(habit: HabitName.display(habit.name), habitUnit: own, goalUnit: goal)
        }
        return nil
    }

    /// Canonical unit, with an empty or blank unit read as no unit.
    static func canonical(_ unit: String?) -> String? {
        guard let unit else { return nil }
        let canonical = UnitName.canonical(unit)
        return canonical.isEmpty ? nil : canonical
    }
}
