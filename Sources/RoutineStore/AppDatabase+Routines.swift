import Foundation
import GRDB
import RoutineCore

extension AppDatabase {
    /// Stores a validated routine: a new slug becomes version 1, a changed graph or
    /// source text a new version, and an identical re-import writes nothing.
    ///
    /// Declared habits go through the get-or-create path with their measure, target and
    /// weekly target (a newer import's declared target/weekly replace the habit's); habits
    /// used only by nodes are reused, else created binary. A measure that conflicts with
    /// the store throws `measureConflict` and nothing is written.
    public func importRoutine(_ routine: Routine, source: String, at now: Date) throws -> ImportResult {
        try RoutineGraph.validate(routine)
        return try write { db in
            let routineID = try Int64.fetchOne(
                db, sql: "SELECT id FROM routine WHERE slug = ?", arguments: [routine.slug])
            if let routineID, let latest = try latestVersion(db, routineID: routineID) {
                let stored = try loadVersion(db, versionID: latest.id)
                if stored.routine == routine, stored.source == source {
                    return ImportResult(
                        slug: routine.slug, outcome: .unchanged, versionID: latest.id, versionNumber: latest.number,
                        createdHabits: [])
                }
            }
            var resolver = HabitResolver(db: db, now: now)
            var habitIDs: [String: Int64] = [:]
            for spec in routine.habits {
                let key = HabitName.key(spec.name)
                if habitIDs[key] != nil {
                    // A second declaration of one habit in one file: it must agree.
                    let first = routine.habits.first { HabitName.key($0.name) == key }?.measure.map(
                        HabitResolver.canonical)
                    let second = spec.measure.map(HabitResolver.canonical)
                    if first != second {
                        throw StoreError.measureConflict(habit: spec.name, existing: first, new: second)
                    }
                    continue
                }
                habitIDs[key] = try resolver.habitForDeclaration(spec).id
            }
            for node in routine.nodes {
                guard case .habit(let name) = node.body else { continue }
                let key = HabitName.key(name)
                if habitIDs[key] == nil { habitIDs[key] = try resolver.habitForNode(name).id }
            }
            let id: Int64
            if let routineID {
                id = routineID
            } else {
                try db.execute(sql: "INSERT INTO routine (slug) VALUES (?)", arguments: [routine.slug])
                id = db.lastInsertedRowID
            }
            let number =
                (try Int.fetchOne(
                    db, sql: "SELECT max(number) FROM routine_version WHERE routine_id = ?", arguments: [id])
                    ?? 0) + 1
            try db.execute(
                sql:
                    "INSERT INTO routine_version (routine_id, number, title, source, imported_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, number, routine.title, source, Instant.format(now)])
            let versionID = db.lastInsertedRowID
            try RoutineGraph.insert(db, routine, versionID: versionID, habitIDs: habitIDs)
            return ImportResult(
                slug: routine.slug, outcome: routineID == nil ? .created : .newVersion, versionID: versionID,
                versionNumber: number, createdHabits: resolver.created, scheduleChanges: resolver.scheduleChanges)
        }
    }

    /// The declared habits of `routine` whose measure conflicts with the store, without
    /// writing anything: what `importRoutine` would refuse with `measureConflict`. The
    /// validator turns each into a `measure-conflict` diagnostic at the declaration.
    public func measureConflicts(in routine: Routine) throws -> [MeasureConflict] {
        try read { db in
            var conflicts: [MeasureConflict] = []
            var seen = Set<String>()
            for spec in routine.habits where seen.insert(HabitName.key(spec.name)).inserted {
                guard let row = try HabitResolver.lookup(db, spec.name) else { continue }
                let declared = spec.measure.map(HabitResolver.canonical)
                guard row.measure != declared else { continue }
                if row.measure == nil, declared != nil,
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM habit_entry WHERE habit_id = ?)", arguments: [row.id])
                        == false
                {
                    continue  // a binary habit without entries may gain a measure
                }
                conflicts.append(
                    MeasureConflict(habit: spec.name, storedName: row.name, stored: row.measure, declared: declared))
            }
            return conflicts
        }
    }

    /// Every stored routine's latest version, by slug; archived ones only with
    /// `includeArchived` (SPEC §11: hidden from list and completion).
    public func routines(includeArchived: Bool = false) throws -> [RoutineSummary] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, v.id, v.number, v.title, v.imported_at,
                      (SELECT count(*) FROM routine_node n WHERE n.version_id = v.id), r.archived_at
                    FROM routine r JOIN routine_version v ON v.routine_id = r.id
                    WHERE v.number = (SELECT max(number) FROM routine_version WHERE routine_id = r.id)
                      \(includeArchived ? "" : "AND r.archived_at IS NULL")
                    ORDER BY r.slug
                    """
            ).map { row in
                let slug: String = try row.decode(atIndex: 0)
                let title: String? = try row.decode(atIndex: 3)
                return RoutineSummary(
                    slug: slug, title: title ?? slug, latestVersion: try row.decode(atIndex: 2),
                    versionID: try row.decode(atIndex: 1), nodeCount: try row.decode(atIndex: 5),
                    importedAt: Instant.parse(try row.decode(atIndex: 4)) ?? Date(timeIntervalSince1970: 0),
                    archivedAt: (try row.decode(atIndex: 6) as String?).flatMap(Instant.parse))
            }
        }
    }

    /// Archives (or, with `archived: false`, brings back) a routine: hidden from `list`
    /// and completion, refused by `run`; its versions, runs and entries stay.
    public func archiveRoutine(slug: String, archived: Bool = true, at instant: Date) throws {
        try write { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM routine WHERE slug = ?", arguments: [slug]) != nil else {
                throw StoreError.unknownRoutine(slug)
            }
            try db.execute(
                sql: archived
                    ? "UPDATE routine SET archived_at = coalesce(archived_at, ?) WHERE slug = ?"
                    : "UPDATE routine SET archived_at = NULL WHERE slug = ?",
                arguments: archived ? [Instant.format(instant), slug] : [slug])
        }
    }

    /// When `source` is the text of an older version of `slug` and not of the latest:
    /// that version's number and the latest's (SPEC §11, stale files). Nil when the
    /// routine is not stored, the text is the latest's, or no version has it.
    public func staleVersion(slug: String, source: String) throws -> (version: Int, latest: Int)? {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT v.number, v.source = ? FROM routine_version v JOIN routine r ON r.id = v.routine_id
                    WHERE r.slug = ? ORDER BY v.number DESC
                    """, arguments: [source, slug])
            guard let latest = rows.first, !(try latest.decode(atIndex: 1) as Bool) else { return nil }
            for row in rows.dropFirst() where try row.decode(atIndex: 1) as Bool {
                return (try row.decode(atIndex: 0), try latest.decode(atIndex: 0))
            }
            return nil
        }
    }

    /// True when the routine is stored and archived (`run` refuses it).
    public func isRoutineArchived(slug: String) throws -> Bool {
        try read { db in
            try Bool.fetchOne(
                db, sql: "SELECT archived_at IS NOT NULL FROM routine WHERE slug = ?", arguments: [slug]) ?? false
        }
    }

    /// The latest version of a routine, or nil when the slug is not stored.
    public func routine(slug: String) throws -> StoredRoutine? {
        try read { db in
            guard
                let routineID = try Int64.fetchOne(db, sql: "SELECT id FROM routine WHERE slug = ?", arguments: [slug]),
                let latest = try latestVersion(db, routineID: routineID)
            else { return nil }
            return try loadVersion(db, versionID: latest.id)
        }
    }

    /// One version by id (runs keep pointing at the version they walked), or nil.
    public func routine(versionID: Int64) throws -> StoredRoutine? {
        try read { db in
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM routine_version WHERE id = ?)", arguments: [versionID])
                    == true
            else { return nil }
            return try loadVersion(db, versionID: versionID)
        }
    }

    /// Every version of a routine, oldest first (empty when the slug is not stored).
    public func routineVersions(slug: String) throws -> [StoredRoutine] {
        try read { db in
            let ids = try Int64.fetchAll(
                db,
                sql: """
                    SELECT v.id FROM routine_version v JOIN routine r ON r.id = v.routine_id
                    WHERE r.slug = ? ORDER BY v.number
                    """, arguments: [slug])
            return try ids.map { try loadVersion(db, versionID: $0) }
        }
    }

    private func latestVersion(_ db: Database, routineID: Int64) throws -> (id: Int64, number: Int)? {
        try Row.fetchOne(
            db, sql: "SELECT id, number FROM routine_version WHERE routine_id = ? ORDER BY number DESC LIMIT 1",
            arguments: [routineID]
        ).map { (try $0.decode(atIndex: 0), try $0.decode(atIndex: 1)) }
    }

    func loadVersion(_ db: Database, versionID: Int64) throws -> StoredRoutine {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT r.slug, v.number, v.title, v.source, v.imported_at
                    FROM routine_version v JOIN routine r ON r.id = v.routine_id WHERE v.id = ?
                    """, arguments: [versionID])
        else { throw StoreError.unknownRoutineVersion(versionID) }
        let routine = try RoutineGraph.load(
            db, versionID: versionID, slug: try row.decode(atIndex: 0), title: try row.decode(atIndex: 2), path: path)
        return StoredRoutine(
            routine: routine, versionID: versionID, versionNumber: try row.decode(atIndex: 1),
            source: try row.decode(atIndex: 3),
            importedAt: Instant.parse(try row.decode(atIndex: 4)) ?? Date(timeIntervalSince1970: 0))
    }
}

extension AppDatabase {
    /// Sets a habit's schedule by hand (`routine habit schedule`); nil makes it daily.
    /// Returns the change, or nil when the habit already had that schedule.
    public func setSchedule(habit name: String, to schedule: Schedule?) throws -> ScheduleChange? {
        try write { db in
            guard var row = try HabitResolver.lookup(db, name) else {
                throw StoreError.unknownHabit(HabitName.display(name))
            }
            return try HabitResolver.setSchedule(db, of: &row, to: schedule)
        }
    }
}
