import Foundation
import GRDB
import RoutineCore

/// Habit lifecycle (SPEC §11): rename, merge, archive, unarchive, delete. Each is one
/// transaction. Routines keep working: their nodes point at the habit's row, and a
/// version is read with the habit's current name.
extension AppDatabase.Habits {
    /// Gives a habit a new name; its entries, goals and routines follow. A name that is
    /// another habit's throws `habitExists` (merge is the way to join two habits); a
    /// change of case or spacing only is allowed.
    @discardableResult
    public func renameHabit(_ name: String, to newName: String) throws -> HabitInfo {
        try write { db in
            let habit = try AppDatabase.existingHabit(db, name)
            let display = try HabitResolver.validName(newName)
            let key = HabitKey(display)
            if let other = try HabitRecord.filter(HabitRecord.Columns.nameKey == key).fetchOneChecked(db),
                other.id != habit.id
            {
                throw StoreError.habitExists(other.name)
            }
            try HabitRecord.filter(key: habit.id).updateAll(
                db, HabitRecord.Columns.name.set(to: display), HabitRecord.Columns.nameKey.set(to: key))
            return try AppDatabase.habitInfo(db, id: habit.id)
        }
    }

    /// Gives a habit a description (SPEC §18.2: what Loop calls its question), or with
    /// nil (or only white space) removes it. Line breaks are allowed; other control
    /// characters are refused.
    @discardableResult
    public func describeHabit(_ name: String, as text: String?) throws -> HabitInfo {
        try write { db in
            let habit = try AppDatabase.existingHabit(db, name)
            let description = AppDatabase.cleanNote(text?.trimmingCharacters(in: .whitespacesAndNewlines))
            try AppDatabase.checkText(description, what: "the description of \(habit.name)", allowingLineBreaks: true)
            try HabitRecord.filter(key: habit.id).updateAll(db, HabitRecord.Columns.description.set(to: description))
            return try AppDatabase.habitInfo(db, id: habit.id)
        }
    }

    /// Moves every entry, goal link, pause and routine reference of `from` to `into`, then
    /// removes `from`. Their measures must agree (both binary, or the same unit and
    /// type). Returns the number of entries moved.
    @discardableResult
    public func mergeHabit(_ from: String, into: String) throws -> Int {
        try write { db in
            let source = try AppDatabase.existingHabit(db, from)
            let target = try AppDatabase.existingHabit(db, into)
            guard source.id != target.id else { throw StoreError.sameHabit(target.name) }
            guard Measure.same(source.measure, target.measure) else {
                throw StoreError.habitMeasuresDisagree(
                    from: source.name, into: target.name, fromMeasure: source.measure, intoMeasure: target.measure)
            }
            let moved = try AppDatabase.moveHabit(db, from: source.id, into: target.id)
            let survivor = try HabitRecord.filter(key: target.id).fetchCount(db) > 0 ? target.id : source.id
            try SyncSchema.announceAllFields(db, habitID: survivor)
            return moved
        }
    }
}

extension AppDatabase {
    /// Merges habit `from` into `into` and returns the number of entries of `from`: the
    /// work of `habit merge`, also done when a pulled change merges two habits (SPEC §16.3).
    ///
    /// The row that stays is the one with the smaller uid, whichever way the merge goes,
    /// with INTO's name and settings: two devices that merged a pair in opposite
    /// directions while apart then keep the same habit (its settings those of the later
    /// merge, by clock), and merges never make a cycle of uids.
    static func moveHabit(_ db: Database, from source: Int64, into target: Int64) throws -> Int {
        let moved = try EntryRecord.all().of(habit: source).fetchCount(db)
        let uids = try Dictionary(
            uniqueKeysWithValues: Row.fetchAll(
                db, sql: "SELECT id, uid FROM habit WHERE id IN (?, ?)", arguments: [source, target]
            ).map { ($0["id"] as Int64, $0["uid"] as String?) })
        guard let sourceUID = uids[source] ?? nil, let targetUID = uids[target] ?? nil, sourceUID < targetUID else {
            try moveRows(db, from: source, into: target)
            return moved
        }
        let settings = try Row.fetchOne(
            db,
            sql: """
                SELECT name, name_key, measure_id, target, weekly, schedule, archived_at, frequency, day_target
                FROM habit WHERE id = ?
                """,
            arguments: [target])
        try moveRows(db, from: target, into: source)
        if let settings {
            try db.execute(
                sql: """
                    UPDATE habit SET name = ?, name_key = ?, measure_id = ?, target = ?, weekly = ?, schedule = ?,
                      archived_at = ?, frequency = ?, day_target = ?
                    WHERE id = ?
                    """,
                arguments: [
                    settings["name"], settings["name_key"], settings["measure_id"], settings["target"],
                    settings["weekly"], settings["schedule"], settings["archived_at"], settings["frequency"],
                    settings["day_target"], source,
                ])
        }
        return moved
    }

    /// Moves every entry, goal link, pause link and routine reference of habit `source`
    /// to `target`, then removes `source`.
    private static func moveRows(_ db: Database, from source: Int64, into target: Int64) throws {
        // First, so a device that pulls this merge moves its own rows of FROM too
        // (SPEC §16.2: merges follow the habit's uid).
        try recordAlias(db, from: source, into: target)
        try EntryRecord.all().of(habit: source)
            .updateAll(db, EntryRecord.Columns.habitID.set(to: target))
        try db.execute(sql: "UPDATE routine_node SET habit_id = ? WHERE habit_id = ?", arguments: [target, source])
        try db.execute(sql: "UPDATE routine_habit SET habit_id = ? WHERE habit_id = ?", arguments: [target, source])
        // Goal and pause links move unless INTO is linked already (then FROM's goes).
        for (table, owner) in [("goal_link", "goal_id"), ("pause_habit", "pause_id")] {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO \(table) (\(owner), habit_id, position)
                    SELECT \(owner), ?, position FROM \(table) WHERE habit_id = ?
                    """, arguments: [target, source])
            try db.execute(sql: "DELETE FROM \(table) WHERE habit_id = ?", arguments: [source])
        }
        try HabitRecord.deleteOne(db, key: source)
    }
}

extension AppDatabase.Habits {
    /// Hides a habit from `today`, `stats`, `habits` (unless `--all`); its entries stay.
    /// Archiving an archived habit changes nothing.
    @discardableResult
    public func archiveHabit(_ name: String, archived: Bool = true, at instant: Date) throws -> HabitInfo {
        try write { db in
            let habit = try AppDatabase.existingHabit(db, name)
            let archivedAt = HabitRecord.Columns.archivedAt
            try HabitRecord.filter(key: habit.id).updateAll(
                db, archivedAt.set(to: archived ? archivedAt ?? StoredInstant(instant) : nil))
            return try AppDatabase.habitInfo(db, id: habit.id)
        }
    }

    /// Removes a habit that has no entry at all (deleted ones count) and that no stored
    /// routine version names; its goal links go with it, and so do pauses of it alone. Otherwise throws: archive keeps
    /// the history and hides the habit.
    public func deleteHabit(_ name: String) throws {
        try write { db in
            let habit = try AppDatabase.existingHabit(db, name)
            let entries = try EntryRecord.all().of(habit: habit.id).fetchCount(db)
            guard entries == 0 else { throw StoreError.habitHasEntries(habit.name, count: entries) }
            let routines = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT r.slug FROM routine r JOIN routine_version v ON v.routine_id = r.id
                    WHERE v.id IN (SELECT version_id FROM routine_node WHERE habit_id = ?
                                   UNION SELECT version_id FROM routine_habit WHERE habit_id = ?)
                    ORDER BY r.slug
                    """, arguments: [habit.id, habit.id])
            guard routines.isEmpty else { throw StoreError.habitInRoutines(habit.name, routines: routines) }
            try AppDatabase.removeHabit(db, id: habit.id)
        }
    }
}

extension AppDatabase {
    // MARK: - Shared

    /// Removes a habit row with its goal links and the pauses of it alone (the caller has
    /// checked that nothing else refers to it).
    static func removeHabit(_ db: Database, id: Int64) throws {
        try db.execute(sql: "DELETE FROM goal_link WHERE habit_id = ?", arguments: [id])
        // A pause of this habit alone goes with it: left with no habit it would pause
        // every habit (SPEC §10.2's holiday).
        let links = PauseHabitRecord.filter(PauseHabitRecord.Columns.habitID == id)
        let pauses = try Int64.fetchAll(db, links.select(PauseHabitRecord.Columns.pauseID))
        try links.deleteAll(db)
        for pause in pauses {
            try db.execute(
                sql: "DELETE FROM pause WHERE id = ? AND NOT EXISTS (SELECT 1 FROM pause_habit WHERE pause_id = ?)",
                arguments: [pause, pause])
        }
        try HabitRecord.deleteOne(db, key: id)
    }

    /// Notes that habit `from` now lives on as `into` (and so does every habit merged
    /// into `from` before): what a pulled change naming `from` resolves to.
    static func recordAlias(_ db: Database, from: Int64, into: Int64) throws {
        try db.execute(
            sql: """
                UPDATE habit_alias SET into_uid = (SELECT uid FROM habit WHERE id = ?)
                WHERE into_uid = (SELECT uid FROM habit WHERE id = ?)
                """, arguments: [into, from])
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO habit_alias (uid, into_uid)
                SELECT f.uid, i.uid FROM habit f, habit i WHERE f.id = ? AND i.id = ? AND f.uid IS NOT NULL
                """, arguments: [from, into])
    }

    static func existingHabit(_ db: Database, _ name: String) throws -> HabitRow {
        guard let row = try HabitResolver.lookup(db, name) else {
            throw StoreError.unknownHabit(HabitName.display(name))
        }
        return row
    }

    /// The habits linked to a goal (`goal_link`, `goal_id`) or a pause (`pause_habit`,
    /// `pause_id`), in link order.
    static func linkedHabits(
        _ db: Database, table: String, owner: String, id: some DatabaseValueConvertible
    ) throws -> [HabitRecord] {
        try HabitRecord.fetchAllChecked(
            db,
            sql:
                "SELECT h.* FROM \(table) l JOIN habit h ON h.id = l.habit_id WHERE l.\(owner) = ? ORDER BY l.position",
            arguments: [id])
    }

    static func habitInfo(_ db: Database, id: Int64) throws -> HabitInfo {
        guard let habit = try HabitWithMeasure.fetchOne(db, where: "WHERE h.id = ?", arguments: [id]) else {
            throw StoreError.unknownHabit("#\(id)")
        }
        return habit.info
    }
}
