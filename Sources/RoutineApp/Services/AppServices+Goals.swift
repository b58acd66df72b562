import Foundation
import RoutineCore
import RoutineStore

/// Goals and pauses (SPEC §10.3, §12).
extension AppServices {
    /// Every goal, oldest first.
    public func goals() throws -> [GoalInfo] {
        try store.goals.all()
    }

    /// One goal, or nil.
    public func goal(id: GoalID) throws -> GoalInfo? {
        try store.goals.goal(id: id)
    }

    /// Adds a goal over existing habits, under the core's goal rules (`GoalSpec`).
    public func addGoal(
        title: String, target: Double, unit: String?, from: DayKey, to: DayKey, habits: [String]
    ) throws -> GoalInfo {
        try store.goals.addGoal(
            title: title, target: target, unit: unit, from: from, to: to, habits: habits, at: time.now())
    }

    /// Deletes a goal and its links (goals are settings, not behavioural truth: no entry is touched).
    public func deleteGoal(id: GoalID) throws {
        try store.goals.deleteGoal(id: id)
    }

    /// Links a habit to a goal (no-op when already linked), under the unit rule of `addGoal`.
    public func link(goal id: GoalID, habit: String) throws -> GoalInfo {
        try store.goals.link(goal: id, habit: habit)
    }

    /// Removes a habit from a goal.
    public func unlink(goal id: GoalID, habit: String) throws -> GoalInfo {
        try store.goals.unlink(goal: id, habit: habit)
    }

    /// Every pause, by start day then id.
    public func pauses() throws -> [PauseInfo] {
        try store.pauses.all()
    }

    /// Records a pause of `habits` (every habit when empty) from `from` to `to`.
    public func addPause(habits: [String], from: DayKey, to: DayKey, note: String?) throws -> PauseInfo {
        try store.pauses.addPause(habits: habits, from: from, to: to, note: note, at: time.now())
    }

    /// Removes a pause (`routine unpause ID`) and returns what it was.
    public func deletePause(id: Int64) throws -> PauseInfo {
        try store.pauses.deletePause(id: id)
    }

}
