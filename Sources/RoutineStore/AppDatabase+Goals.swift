import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Goals {
    /// Adds a goal over existing habits, under the core's goal rules (`GoalSpec`): a goal
    /// with a unit links only quantity habits measured in that unit (spellings folded by
    /// `UnitName.canonical`); a goal without a unit counts entries and links binary habits
    /// (and unit-less counts). Progress is never stored.
    public func addGoal(
        title: String, target: Double, unit: String?, from: DayKey, to: DayKey, habits: [String], at now: Date
    ) throws -> GoalInfo {
        let cleanTitle = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let definition = GoalSpec(title: cleanTitle, target: target, unit: unit, from: from, to: to, linkedHabits: [])
        // Links are checked one by one as they are made (`linkHabit`); a goal may start with none.
        if let error = definition.validationErrors().first(where: { $0 != .noLinkedHabits }) {
            throw StoreError.invalidGoal(error.description)
        }
        try AppDatabase.checkText(cleanTitle, what: "the goal's title")
        try AppDatabase.checkText(unit, what: "the goal's unit")
        let canonicalUnit = unit.map(UnitName.canonical).flatMap { $0.isEmpty ? nil : $0 }
        return try write { db in
            var goal = GoalRecord(
                title: cleanTitle, target: target, unit: canonicalUnit, fromDay: from, toDay: to,
                createdAt: StoredInstant(now))
            try goal.insert(db)
            let id = goal.id ?? GoalID(rawValue: db.lastInsertedRowID)
            for habit in habits { try linkHabit(db, goalID: id, habit: habit) }
            return try fetchGoal(db, id: id)
        }
    }

    /// Every goal, oldest first.
    public func all() throws -> [GoalInfo] {
        try read { db in
            try GoalRecord.order(GoalRecord.Columns.id).fetchAllChecked(db).map { try goalInfo(db, $0) }
        }
    }

    /// One goal, or nil.
    public func goal(id: GoalID) throws -> GoalInfo? {
        try read { db in
            try GoalRecord.filter(key: id).fetchOneChecked(db).map { try goalInfo(db, $0) }
        }
    }

    /// Links a habit to a goal (no-op when already linked), under the unit rule of `addGoal`.
    @discardableResult
    public func link(goal id: GoalID, habit: String) throws -> GoalInfo {
        try write { db in
            try linkHabit(db, goalID: id, habit: habit)
            return try fetchGoal(db, id: id)
        }
    }

    /// Removes a habit from a goal; a habit that is not linked throws `unknownHabit`.
    @discardableResult
    public func unlink(goal id: GoalID, habit: String) throws -> GoalInfo {
        try write { db in
            let goal = try fetchGoal(db, id: id)
            guard let stored = try HabitResolver.lookup(db, habit) else {
                throw StoreError.unknownHabit(HabitName.display(habit))
            }
            try db.execute(
                sql: "DELETE FROM goal_link WHERE goal_id = ? AND habit_id = ?", arguments: [id, stored.id])
            // A habit the goal does not count is not an unknown habit ("did you mean" itself).
            guard db.changesCount > 0 else { throw StoreError.notLinked(goal: goal.title, habit: stored.name) }
            return try fetchGoal(db, id: id)
        }
    }

    /// Deletes a goal and its links (goals are settings, not behavioural truth: no
    /// entry is touched).
    public func deleteGoal(id: GoalID) throws {
        try write { db in
            guard try GoalRecord.deleteOne(db, key: id) else { throw StoreError.unknownGoal(id) }
        }
    }

    private func linkHabit(_ db: Database, goalID: GoalID, habit name: String) throws {
        let goal = try fetchGoal(db, id: goalID)
        guard let habit = try HabitResolver.lookup(db, name) else {
            throw StoreError.unknownHabit(HabitName.display(name))
        }
        let linked = MetricHabit(
            key: habit.key, name: habit.name, isQuantity: habit.measure != nil, unit: habit.measure?.unit)
        if let error = GoalSpec.linkError(habit: linked, goalUnit: goal.unit) {
            throw StoreError.goalLink(goal: goal.title, error)
        }
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO goal_link (goal_id, habit_id, position)
                VALUES (?, ?, (SELECT coalesce(max(position), -1) + 1 FROM goal_link WHERE goal_id = ?))
                """, arguments: [goalID, habit.id, goalID])
    }

    private func fetchGoal(_ db: Database, id: GoalID) throws -> GoalInfo {
        guard let goal = try GoalRecord.filter(key: id).fetchOneChecked(db) else { throw StoreError.unknownGoal(id) }
        return try goalInfo(db, goal)
    }

    private func goalInfo(_ db: Database, _ goal: GoalRecord) throws -> GoalInfo {
        let id = goal.id ?? GoalID(rawValue: 0)
        let links = try AppDatabase.linkedHabits(db, table: "goal_link", owner: "goal_id", id: id)
        return GoalInfo(
            id: id, title: goal.title, target: goal.target, unit: goal.unit,
            from: goal.fromDay, to: goal.toDay,
            habits: links.map(\.name), habitKeys: links.map(\.nameKey))
    }
}
