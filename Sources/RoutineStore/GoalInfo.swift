import Foundation
import RoutineCore

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
}
