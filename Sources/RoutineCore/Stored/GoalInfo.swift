import Foundation

/// A goal: a target over linked habits between two DayKeys (inclusive). Progress is
/// not stored; metrics derive it from the linked habits' entries.
public struct GoalInfo: Sendable, Equatable {
    public var id: GoalID
    public var title: String
    public var target: Double
    /// Canonical unit, or nil for a goal counted in entries (binary habits).
    public var unit: String?
    public var from: DayKey
    public var to: DayKey
    /// Linked habits' shown names, in link order.
    public var habits: [String]
    /// `HabitName.key` of each linked habit, in the same order.
    public var habitKeys: [HabitKey]

    public init(
        id: GoalID, title: String, target: Double, unit: String?, from: DayKey, to: DayKey, habits: [String],
        habitKeys: [HabitKey]
    ) {
        self.id = id
        self.title = title
        self.target = target
        self.unit = unit
        self.from = from
        self.to = to
        self.habits = habits
        self.habitKeys = habitKeys
    }
}
