import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Routines {
    /// Stores a validated routine: a new slug becomes version 1, a changed graph or
    /// source text a new version, and an identical re-import writes nothing.
    ///
    /// Declared habits go through the get-or-create path with their measure, target and
    /// weekly target (a newer import's declared target/weekly replace the habit's); habits
    /// used only by nodes are reused, else created binary. A measure that conflicts with
    /// the store throws `measureConflict` and nothing is written.
    public func importRoutine(_ routine: Routine, source: String, at now: Date) throws -> ImportResult {
        try write { db in try importRoutine(routine, source: source, at: now, in: db) }
    }

    /// `importRoutine` inside a transaction the caller holds (an import from another
    /// tool writes its routine with its answers, all or nothing).
    func importRoutine(_ routine: Routine, source: String, at now: Date, in db: Database) throws -> ImportResult {
        let routineID = try Self.routineRecord(db, slug: routine.slug)?.id
        if let routineID, let latest = try Self.latestVersion(db, routineID: routineID), let latestID = latest.id {
            // As its file declared it: re-importing an unchanged file writes nothing,
            // and leaves a schedule set by hand since alone (docs/file-format.md).
            let stored = try loadVersion(db, versionID: latestID, declared: true)
            if stored.routine == routine, stored.source == source {
                return ImportResult(
                    slug: routine.slug, outcome: .unchanged, versionID: latestID, versionNumber: latest.number,
                    createdHabits: [])
            }
        }
        let stored = try Self.insertVersion(db, routine, source: source, at: now)
        return ImportResult(
            slug: routine.slug, outcome: routineID == nil ? .created : .newVersion, versionID: stored.id,
            versionNumber: stored.number, createdHabits: stored.resolver.created,
            scheduleChanges: stored.resolver.scheduleChanges)
    }

    /// The declared habits of `routine` whose measure conflicts with the store, without
    /// writing anything: what `importRoutine` would refuse with `measureConflict`. The
    /// validator turns each into a `measure-conflict` diagnostic at the declaration.
    public func measureConflicts(in routine: Routine) throws -> [MeasureConflict] {
        try read { db in
            var conflicts: [MeasureConflict] = []
            var seen = Set<HabitKey>()
            for spec in routine.habits where seen.insert(HabitKey(spec.name)).inserted {
                guard let row = try HabitResolver.lookup(db, spec.name) else { continue }
                let declared = spec.measure.map(\.canonical)
                guard !Measure.same(row.measure, declared) else { continue }
                if row.measure == nil, declared != nil,
                    try EntryRecord.filter(EntryRecord.Columns.habitID == row.id).isEmpty(db)
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
    public func all(includeArchived: Bool = false) throws -> [RoutineSummary] {
        try read { db in
            // A join and an aggregate: SQL, decoded by column name.
            try SummaryRow.fetchAllChecked(
                db,
                sql: """
                    SELECT r.id AS routine_id, r.slug, v.id AS version_id, v.number, v.title, v.imported_at,
                      (SELECT count(*) FROM routine_node n WHERE n.version_id = v.id) AS node_count, r.archived_at
                    FROM routine r JOIN routine_version v ON v.routine_id = r.id
                    WHERE v.number = (SELECT max(number) FROM routine_version WHERE routine_id = r.id)
                      \(includeArchived ? "" : "AND r.archived_at IS NULL")
                    ORDER BY r.slug
                    """
            ).map { row in
                RoutineSummary(
                    slug: row.slug, title: row.title ?? row.slug, latestVersion: row.number, versionID: row.versionID,
                    nodeCount: row.nodeCount,
                    importedAt: row.importedAt.date, archivedAt: row.archivedAt?.date)
            }
        }
    }

    /// Archives (or, with `archived: false`, brings back) a routine: hidden from `list`
    /// and completion, refused by `run`; its versions, runs and entries stay.
    public func archiveRoutine(slug: String, archived: Bool = true, at instant: Date) throws {
        try write { db in
            guard let routine = try Self.routineRecord(db, slug: slug), let id = routine.id else {
                throw StoreError.unknownRoutine(slug)
            }
            let archivedAt = RoutineRecord.Columns.archivedAt
            try RoutineRecord.filter(key: id).updateAll(
                db, archivedAt.set(to: archived ? archivedAt ?? StoredInstant(instant) : nil))
        }
    }

    /// When `source` is the text of an older version of `slug` and not of the latest:
    /// that version's number and the latest's (SPEC §11, stale files). Nil when the
    /// routine is not stored, the text is the latest's, or no version has it.
    public func staleVersion(slug: String, source: String) throws -> (version: Int, latest: Int)? {
        try read { db in
            let versions = try SourceMatch.fetchAllChecked(
                db,
                sql: """
                    SELECT v.number, v.source = ? AS matches FROM routine_version v JOIN routine r ON r.id = v.routine_id
                    WHERE r.slug = ? ORDER BY v.number DESC
                    """, arguments: [source, slug])
            guard let latest = versions.first, !latest.matches,
                let older = versions.dropFirst().first(where: \.matches)
            else { return nil }
            return (older.number, latest.number)
        }
    }

    /// True when the routine is stored and archived (`run` refuses it).
    public func isRoutineArchived(slug: String) throws -> Bool {
        try read { db in
            try Self.routineRecord(db, slug: slug)?.archivedAt != nil
        }
    }

    /// The latest version of a routine, or nil when the slug is not stored.
    public func routine(slug: String) throws -> StoredRoutine? {
        try read { db in
            // The routine, its latest version and that version's head in one statement
            // (a dry run's start: docs/PERFORMANCE.md, "startup32").
            let heads = try Self.versionHeads(
                db,
                where: "r.slug = ? AND v.number = (SELECT max(number) FROM routine_version WHERE routine_id = r.id)",
                arguments: [slug])
            return try loadGraphs(db, heads.prefix(1), declared: false).first
        }
    }

    /// One version by id (runs keep pointing at the version they walked), or nil.
    public func routine(versionID: Int64) throws -> StoredRoutine? {
        try read { db in
            guard try RoutineVersionRecord.exists(db, key: versionID) else { return nil }
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

    /// A version's number and whether its source text is the one asked about.
    private struct SourceMatch: Decodable, FetchableRecord {
        var number: Int
        var matches: Bool
    }

    /// A row of `routines()`: a routine's latest version and its node count.
    private struct SummaryRow: FetchableRecord {
        var slug: String
        var versionID: Int64
        var number: Int
        var title: String?
        var importedAt: StoredInstant
        var nodeCount: Int
        var archivedAt: StoredInstant?

        init(row: Row) throws {
            let version = StoredRow(row, table: RoutineVersionRecord.databaseTableName, idColumn: "version_id")
            let routine = StoredRow(row, table: RoutineRecord.databaseTableName, idColumn: "routine_id")
            slug = try routine("slug")
            archivedAt = try routine.optional("archived_at")
            versionID = try version("version_id")
            number = try version("number")
            title = try version.optional("title")
            importedAt = try version("imported_at")
            nodeCount = try version("node_count")
        }
    }

    /// Writes `routine` as its routine's next version (the routine row too, when new):
    /// its habits through the get-or-create path, then the version and its graph. What
    /// `importRoutine` writes after deciding there is something new, and what a pulled
    /// version writes (`uid` given, SPEC §16.2).
    static func insertVersion(
        _ db: Database, _ routine: Routine, source: String, at now: Date, importedAt: StoredInstant? = nil,
        uid: String? = nil
    ) throws -> (id: Int64, number: Int, resolver: HabitResolver) {
        var resolver = HabitResolver(db: db, now: now)
        var habitIDs: [HabitKey: Int64] = [:]
        for spec in routine.habits {
            let key = HabitKey(spec.name)
            if habitIDs[key] != nil {
                // A second declaration of one habit in one file: it must agree.
                let first = routine.habits.first { HabitKey($0.name) == key }?.measure.map(\.canonical)
                let second = spec.measure.map(\.canonical)
                if !Measure.same(first, second) {
                    throw StoreError.measureConflict(habit: spec.name, existing: first, new: second)
                }
                continue
            }
            habitIDs[key] = try resolver.habitForDeclaration(spec).id
        }
        for node in routine.nodes {
            guard case .habit(let name) = node.body else { continue }
            let key = HabitKey(name)
            if habitIDs[key] == nil { habitIDs[key] = try resolver.habitForNode(name).id }
        }
        let id: Int64
        if let routineID = try routineRecord(db, slug: routine.slug)?.id {
            id = routineID
        } else {
            var record = RoutineRecord(slug: routine.slug)
            try record.insert(db)
            id = record.id ?? db.lastInsertedRowID
        }
        let number = (try Self.latestVersion(db, routineID: id)?.number ?? 0) + 1
        var version = RoutineVersionRecord(
            routineID: id, number: number, title: routine.title, source: source,
            importedAt: importedAt ?? StoredInstant(now), uid: uid ?? AppDatabase.newUID())
        try version.insert(db)
        let versionID = version.id ?? db.lastInsertedRowID
        try RoutineGraph.insert(db, routine, versionID: versionID, habitIDs: habitIDs)
        return (versionID, number, resolver)
    }

    // The reads of a routine are plain SQL, not the query interface: its first use in a
    // process builds generic request types at run time (about 4 ms of a dry run's start;
    // docs/PERFORMANCE.md, "Start-up").
    static func routineRecord(_ db: Database, slug: String) throws -> RoutineRecord? {
        try RoutineRecord.fetchOneChecked(db, sql: "SELECT * FROM routine WHERE slug = ? LIMIT 1", arguments: [slug])
    }

    private static func latestVersion(_ db: Database, routineID: Int64) throws -> RoutineVersionRecord? {
        try RoutineVersionRecord.fetchOneChecked(
            db, sql: "SELECT * FROM routine_version WHERE routine_id = ? ORDER BY number DESC LIMIT 1",
            arguments: [routineID])
    }

    /// `declared`: the schedules as the version's file declared them, not the habits'
    /// current ones (see `RoutineGraph.load`).
    func loadVersion(_ db: Database, versionID: Int64, declared: Bool = false) throws -> StoredRoutine {
        try loadVersions(db, versionIDs: [versionID], declared: declared)[0]
    }

    /// Several versions, in `versionIDs` order, in four queries however many they are;
    /// an id not stored throws `unknownRoutineVersion`.
    func loadVersions(_ db: Database, versionIDs: [Int64], declared: Bool = false) throws -> [StoredRoutine] {
        guard !versionIDs.isEmpty else { return [] }
        let list = "(" + Array(repeating: "?", count: versionIDs.count).joined(separator: ", ") + ")"
        let heads = try Self.versionHeads(db, where: "v.id IN \(list)", arguments: StatementArguments(versionIDs))
        let headByID = Dictionary(heads.map { ($0.graph.versionID, $0) }, uniquingKeysWith: { a, _ in a })
        let found = try versionIDs.map { id -> VersionHead in
            guard let head = headByID[id] else { throw StoreError.unknownRoutineVersion(id) }
            return head
        }
        return try loadGraphs(db, found[...], declared: declared)
    }

    /// What a stored version is besides its graph.
    private struct VersionHead {
        var graph: RoutineGraph.Head
        var number: Int
        var source: String
        var importedAt: StoredInstant
    }

    /// The versions (with their routines' slugs) that `condition` picks, over
    /// `routine_version v JOIN routine r`, in one statement.
    private static func versionHeads(
        _ db: Database, where condition: String, arguments: StatementArguments
    ) throws -> [VersionHead] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT v.id, v.number, v.title, v.source, v.imported_at, r.slug, r.id AS routine_id
                FROM routine_version v JOIN routine r ON r.id = v.routine_id WHERE \(condition)
                """, arguments: arguments
        ).map { row in
            let version = StoredRow(row, table: RoutineVersionRecord.databaseTableName)
            let id: Int64 = try version.at(0, "id")
            return VersionHead(
                graph: RoutineGraph.Head(
                    versionID: id,
                    slug: try StoredRow(row, table: RoutineRecord.databaseTableName, idColumn: "routine_id").at(
                        5, "slug"),
                    title: try version.optional(at: 2, "title")),
                number: try version.at(1, "number"), source: try version.at(3, "source"),
                importedAt: try version.at(4, "imported_at"))
        }
    }

    /// The routines of `heads`, in that order, their graphs read together.
    private func loadGraphs(
        _ db: Database, _ heads: ArraySlice<VersionHead>, declared: Bool
    ) throws -> [StoredRoutine] {
        let routines = try RoutineGraph.load(db, heads.map(\.graph), path: path, declared: declared)
        return zip(heads, routines).map { head, routine in
            StoredRoutine(
                routine: routine, versionID: head.graph.versionID, versionNumber: head.number, source: head.source,
                importedAt: head.importedAt.date)
        }
    }

    /// Several versions by id, in that order (`today` reads every routine's latest):
    /// their graphs in the same three queries.
    public func all(versionIDs: [Int64]) throws -> [StoredRoutine] {
        try read { db in try loadVersions(db, versionIDs: versionIDs) }
    }
}

extension AppDatabase.Habits {
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

    /// Sets a habit's day target by hand (`routine habit target`, an importer; SPEC
    /// §18.1); nil removes it. Returns the habit as it is now. A target the habit cannot
    /// take (`DayTargetRule`) throws `invalidDayTarget`.
    @discardableResult
    public func setDayTarget(habit name: String, to target: DayTarget?) throws -> HabitInfo {
        try write { db in
            guard var row = try HabitResolver.lookup(db, name) else {
                throw StoreError.unknownHabit(HabitName.display(name))
            }
            try HabitResolver.setDayTarget(db, of: &row, to: target)
            return try AppDatabase.habitInfo(db, id: row.id)
        }
    }

    /// Sets a habit's schedule or frequency and its day target in one transaction (what
    /// `routine habit target` and an importer set together): `schedule` nil leaves the
    /// schedule as it is, `.some(nil)` makes the habit daily; likewise `dayTarget`.
    /// Returns the schedule change, if any.
    @discardableResult
    public func setHabitTargets(
        habit name: String, schedule: Schedule?? = nil, dayTarget: DayTarget?? = nil
    ) throws -> ScheduleChange? {
        try write { db in
            guard var row = try HabitResolver.lookup(db, name) else {
                throw StoreError.unknownHabit(HabitName.display(name))
            }
            if let dayTarget { try HabitResolver.setDayTarget(db, of: &row, to: dayTarget) }
            guard let schedule else { return nil }
            return try HabitResolver.setSchedule(db, of: &row, to: schedule)
        }
    }

    /// The routines (not archived) whose latest version declares a schedule for the
    /// habit, with the schedule it declared, by slug.
    public func routinesDeclaringSchedule(of habit: String) throws -> [(slug: String, declared: Schedule)] {
        try read { db in
            guard let row = try HabitResolver.lookup(db, habit) else { return [] }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, coalesce(rh.frequency, rh.schedule) FROM routine r
                    JOIN routine_version v ON v.routine_id = r.id
                      AND v.number = (SELECT max(number) FROM routine_version WHERE routine_id = r.id)
                    JOIN routine_habit rh ON rh.version_id = v.id
                    WHERE r.archived_at IS NULL AND rh.habit_id = ? AND coalesce(rh.frequency, rh.schedule) IS NOT NULL
                    ORDER BY r.slug
                    """, arguments: [row.id])
            return try rows.compactMap { row in
                let stored = StoredRow(row, table: "routine_habit")
                guard let schedule: Schedule = try stored.optional(at: 1, "schedule") else { return nil }
                return (try stored.at(0, "slug", as: String.self), schedule)
            }
        }
    }
}
