/// Why a goal (or one of its links) is not valid; `description` is the message to show.
public enum GoalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A quantity habit measured in another unit than the goal's (either may be nil).
    case unitMismatch(habit: String, habitUnit: String?, goalUnit: String?)
    /// A binary habit (which counts entries) linked to a goal with a unit.
    case binaryHabitWithUnit(habit: String, goalUnit: String)
    case emptyTitle
    case invalidTarget(Double)
    case datesReversed(from: DayKey, to: DayKey)
    case noLinkedHabits

    public var description: String {
        switch self {
        case .unitMismatch(let habit, let habitUnit?, let goalUnit?):
            "habit '\(habit)' is measured in \(habitUnit), but the goal is in \(goalUnit)"
        case .unitMismatch(let habit, let habitUnit?, nil):
            "habit '\(habit)' is measured in \(habitUnit), but the goal has no unit; give the goal the unit \(habitUnit)"
        case .unitMismatch(let habit, nil, let goalUnit?):
            "habit '\(habit)' has no unit, but the goal is in \(goalUnit)"
        case .unitMismatch(let habit, nil, nil):
            "habit '\(habit)' does not match the goal's unit"
        case .binaryHabitWithUnit(let habit, let goalUnit):
            "habit '\(habit)' is done/not done and counts entries, so it cannot add to a goal in \(goalUnit); use a goal without a unit"
        case .emptyTitle:
            "the goal's title is empty"
        case .invalidTarget(let target):
            "the goal's target must be a number above 0 and at most \(JSONValue.numberText(Quantity.maximum)) (got \(MetricNumber.text(target)))"
        case .datesReversed(let from, let to):
            "the goal starts on \(from), after it ends on \(to)"
        case .noLinkedHabits:
            "the goal has no linked habit"
        }
    }
}
