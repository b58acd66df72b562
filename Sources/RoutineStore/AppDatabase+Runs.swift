import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Runs {
    /// Records a new run of one routine version with the id `id` (from the caller's
    /// injected id generator), claimed by this process. The run's DayKey is fixed here;
    /// every entry of the run carries it.
    package func startRun(
        versionID: Int64, dayKey: DayKey, timeZone: String, state: Data, now: Date, id runID: RunID,
        steps: [RunStepRecord] = []
    ) throws {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        guard RunLocks.isSafeID(runID) else { throw StoreError.unknownRun(runID.rawValue) }
        try runLocks.claim(runID)
        do {
            try write { db in
                guard try RoutineVersionRecord.exists(db, key: versionID) else {
                    throw StoreError.unknownRoutineVersion(versionID)
                }
                let stamp = StoredInstant(now)
                try RunRecord(
                    id: runID, routineVersionID: versionID, dayKey: dayKey, timeZone: timeZone, status: .active,
                    startedAt: stamp, updatedAt: stamp, walkerState: state
                ).insert(db)
                try AppDatabase.recordSteps(
                    db, runID: runID, steps: steps, stamp: Instant.format(stamp.date), timeZone: timeZone)
            }
        } catch {
            runLocks.release(runID, removeFile: true)
            throw error
        }
    }

    /// Takes the run's exclusive claim for the life of this process (or until
    /// `finishRun`/`releaseRun`), records it active, and returns the run as it stands
    /// *after* the claim — its saved state read in the claim's own transaction, so that a
    /// process that waited for the claim never continues from a state another process
    /// has since moved on from. A run another live process holds throws `runInUse`; a
    /// completed or aborted run throws `runFinished`.
    @discardableResult
    package func claimRun(id: RunID, at now: Date) throws -> RunInfo {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        guard RunLocks.isSafeID(id), let recorded = try recordedStatus(id) else {
            throw StoreError.unknownRun(id.rawValue)
        }
        if recorded.isFinished { throw StoreError.runFinished(id: id, status: recorded) }
        try runLocks.claim(id)
        do {
            return try write { db in
                // Checked again under the lock: the run may have been finished by its
                // previous holder between the first check and the claim.
                let claimed = try RunRecord.filter(key: id)
                    .filter(Self.unfinished.contains(RunRecord.Columns.status))
                    .updateAll(
                        db, RunRecord.Columns.status.set(to: RunStatus.active),
                        RunRecord.Columns.updatedAt.set(to: StoredInstant(now)))
                if claimed == 0 {
                    guard let status = try Self.recordedStatus(db, id) else { throw StoreError.unknownRun(id.rawValue) }
                    throw StoreError.runFinished(id: id, status: status)
                }
                guard
                    let run = try RunListing.fetchOneChecked(
                        db, sql: "\(Self.runSelect) WHERE run.id = ?", arguments: [id])
                else { throw StoreError.unknownRun(id.rawValue) }
                return runInfo(run)
            }
        } catch {
            runLocks.release(id)
            throw error
        }
    }

    /// Drops this process's claim without changing the record (the run reads `paused`).
    public func releaseRun(id: RunID) {
        runLocks.release(id)
    }

    /// One walker step, in one transaction: soft-deletes the entries of `retractions`
    /// (tokens of earlier records), writes `records` as entries carrying the run's id and
    /// DayKey, makes the recorded steps the walker's `steps` (SPEC §14.1: a step undone
    /// is retracted, a new one written), and saves the walker's new state — so that a
    /// crash never leaves the state, the steps and the entries out of step. The run must
    /// be claimed by this process.
    ///
    /// The answer-time check (SPEC §11): before it writes a record, the transaction looks
    /// for a live entry of that habit on the run's DayKey (another run, a `log`, written
    /// since the prompt was shown). If there is one, nothing at all is written and the
    /// outcome names the habit; the caller steps over it as already done.
    @discardableResult
    package func applyStep(
        runID: RunID, state: Data, records: [RunEntryRecord], retractions: [Int], steps: [RunStepRecord] = [],
        at instant: Date, timeZone: String
    ) throws -> StepOutcome {
        guard runLocks.holds(runID) else { throw StoreError.runNotClaimed(runID) }
        do {
            return try writeStep(
                runID: runID, state: state, records: records, retractions: retractions, steps: steps, at: instant,
                timeZone: timeZone)
        } catch StoreError.alreadyRecorded(let habit) {
            return .alreadyRecorded(habit: habit)
        }
    }

    private func writeStep(
        runID: RunID, state: Data, records: [RunEntryRecord], retractions: [Int], steps: [RunStepRecord] = [],
        at instant: Date, timeZone: String
    ) throws -> StepOutcome {
        try write { db in
            guard let run = try RunRecord.filter(key: runID).fetchOneChecked(db) else {
                throw StoreError.unknownRun(runID.rawValue)
            }
            if run.status.isFinished { throw StoreError.runFinished(id: runID, status: run.status) }
            let dayKey = run.dayKey
            let stamp = StoredInstant(instant)
            for token in retractions {
                guard
                    let entryID = try EntryID.fetchOne(
                        db, sql: "SELECT entry_id FROM run_step_entry WHERE run_id = ? AND token = ?",
                        arguments: [runID, token])
                else { throw StoreError.unknownRunToken(run: runID, token: token) }
                try EntryRecord.filter(key: entryID).live()
                    .updateAll(db, EntryRecord.Columns.deletedAt.set(to: stamp))
                try db.execute(
                    sql: "DELETE FROM run_step_entry WHERE run_id = ? AND token = ?", arguments: [runID, token])
            }
            // The habit each record is of now: the walker knows the names its version had
            // when the run started, and a rename or merge since then must be followed.
            let current = try records.map {
                try Self.currentHabitName(db, versionID: run.routineVersionID, walkerName: $0.habit) ?? $0.habit
            }
            for (record, name) in zip(records, current)
            where try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                    WHERE h.name_key = ? AND e.day_key = ? AND e.deleted_at IS NULL AND h.day_target IS NULL)
                    """, arguments: [HabitKey(name), dayKey.description]) == true
            {
                // Throwing rolls back the retractions above too: nothing of this step is written.
                // (A habit with a day target takes several entries a day, SPEC §18.1.)
                throw StoreError.alreadyRecorded(habit: record.habit)
            }
            var resolver = HabitResolver(db: db, now: instant)
            for (record, name) in zip(records, current) {
                if try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM run_step_entry WHERE run_id = ? AND token = ?)",
                    arguments: [runID, record.token]) == true
                {
                    throw StoreError.duplicateRunToken(run: runID, token: record.token)
                }
                let (habit, value) = try resolver.habitForEntry(name, value: record.value, unit: nil)
                let entryID = try AppDatabase.insertEntry(
                    db, habitID: habit.id, dayKey: dayKey, at: instant, timeZone: timeZone, value: value, note: nil,
                    runID: runID)
                try db.execute(
                    sql: "INSERT INTO run_step_entry (run_id, token, entry_id) VALUES (?, ?, ?)",
                    arguments: [runID, record.token, entryID])
            }
            try AppDatabase.recordSteps(
                db, runID: runID, steps: steps, stamp: Instant.format(stamp.date), timeZone: timeZone)
            try RunRecord.filter(key: runID).updateAll(
                db, RunRecord.Columns.walkerState.set(to: state), RunRecord.Columns.updatedAt.set(to: stamp))
            return .written
        }
    }

    /// The current name of the habit a run's version calls `walkerName` (as written in
    /// the file, or as the habit was spelt when the run loaded its version): found by the
    /// habit's id in the version's nodes, which a rename keeps and a merge repoints
    /// (issue 19 item 5). Nil when the version has no such habit node.
    static func currentHabitName(_ db: Database, versionID: Int64, walkerName: String) throws -> String? {
        let key = HabitKey(walkerName).rawValue
        // The habit's stored identity first, then the text the file wrote at the node.
        if let name = try String.fetchOne(
            db,
            sql: """
                SELECT h.name FROM routine_node rn JOIN habit h ON h.id = rn.habit_id
                WHERE rn.version_id = ? AND h.name_key = ? LIMIT 1
                """, arguments: [versionID, key])
        {
            return name
        }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT DISTINCT rn.habit_text, h.name FROM routine_node rn JOIN habit h ON h.id = rn.habit_id
                WHERE rn.version_id = ?
                """, arguments: [versionID])
        for row in rows where HabitKey(try row.decode(atIndex: 0) as String).rawValue == key {
            return try row.decode(atIndex: 1)
        }
        return nil
    }

    /// Ends or pauses a run: records `status` (paused, completed or aborted) and, when
    /// given, the final walker state and its steps, then drops the claim. A run held by
    /// another live process throws `runInUse`; a finished run throws `runFinished`.
    package func finishRun(
        runID: RunID, status: RunStatus, state: Data?, steps: [RunStepRecord]? = nil, at now: Date
    ) throws {
        guard status != .active else { throw StoreError.invalidRunStatus(status.rawValue) }
        let heldBefore = runLocks.holds(runID)
        if !heldBefore { try claimRun(id: runID, at: now) }
        do {
            try write { db in
                var changes = [
                    RunRecord.Columns.status.set(to: status),
                    RunRecord.Columns.updatedAt.set(to: StoredInstant(now)),
                ]
                if let state { changes.append(RunRecord.Columns.walkerState.set(to: state)) }
                try RunRecord.filter(key: runID).updateAll(db, changes)
                if let steps,
                    let zone = try String.fetchOne(
                        db, sql: "SELECT time_zone FROM run WHERE id = ?", arguments: [runID])
                {
                    try AppDatabase.recordSteps(
                        db, runID: runID, steps: steps, stamp: Instant.format(now), timeZone: zone)
                }
            }
        } catch {
            if !heldBefore { runLocks.release(runID) }
            throw error
        }
        runLocks.release(runID, removeFile: status.isFinished)
    }

    /// One run with its effective status, or nil.
    public func run(id: RunID) throws -> RunInfo? {
        guard RunLocks.isSafeID(id) else { return nil }
        return try read { db in
            try RunListing.fetchOneChecked(db, sql: "\(Self.runSelect) WHERE run.id = ?", arguments: [id]).map(runInfo)
        }
    }

    /// Runs, most recently started first; only those whose effective status is `status`
    /// when given. Finished statuses are filtered in SQL; `active` and `paused` read
    /// the unfinished records and ask the run locks which are live.
    public func all(status: RunStatus? = nil) throws -> [RunInfo] {
        var filter = ""
        var arguments: StatementArguments = []
        switch status {
        case nil: break
        case .completed?, .aborted?:
            filter = "WHERE run.status = ?"
            arguments = [status?.rawValue]
        case .active?, .paused?:
            filter = "WHERE run.status IN (?, ?)"
            arguments = StatementArguments(Self.unfinished)
        }
        let runs = try read { db in
            try RunListing.fetchAllChecked(
                db, sql: "\(Self.runSelect) \(filter) ORDER BY run.started_at DESC, run.rowid DESC",
                arguments: arguments
            ).map(runInfo)
        }
        // Active and paused differ only in liveness (a lock, not a column): told apart here.
        guard let status else { return runs }
        return runs.filter { $0.status == status }
    }

    /// The runs of one DayKey, most recently started first (what `today` reads).
    public func all(on day: DayKey) throws -> [RunInfo] {
        try read { db in
            try RunListing.fetchAllChecked(
                db, sql: "\(Self.runSelect) WHERE run.day_key = ? ORDER BY run.started_at DESC, run.rowid DESC",
                arguments: [day.description]
            ).map(runInfo)
        }
    }

    /// When the last live step of each routine on `day` was recorded: for each run of
    /// this store, and for each routine with steps recorded outside any run of this store
    /// (walked on another device and pulled by sync, or imported with `import-answers`).
    /// A step travels with its time, so every device that holds the steps gives the same.
    public func lastSteps(on day: DayKey) throws -> (runs: [RunID: Date], elsewhere: [String: Date]) {
        try read { db in
            var runs: [RunID: Date] = [:]
            var elsewhere: [String: Date] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, s.run_id, max(s.recorded_at) AS at FROM run_step s JOIN routine r ON r.id = s.routine_id
                    WHERE s.day_key = ? AND s.retracted_at IS NULL GROUP BY r.slug, s.run_id
                    """, arguments: [day.description])
            {
                guard let at = Instant.parse(row["at"] as String) else { continue }
                if let run = row["run_id"] as RunID? { runs[run] = at } else { elsewhere[row["slug"]] = at }
            }
            return (runs, elsewhere)
        }
    }

    /// The most recently started run that is effectively paused (what `resume` with no
    /// id continues), or nil.
    public func latestPausedRun() throws -> RunInfo? {
        try all(status: .paused).first
    }

    /// The unfinished run (paused, or walked by a live process) of the routine `slug` for
    /// `dayKey`, the most recently started when there are several (stores from before
    /// the one-run rule may hold more): SPEC §11's one unfinished run per routine and day.
    public func unfinishedRun(slug: String, dayKey: DayKey) throws -> RunInfo? {
        try read { db in
            try RunListing.fetchOneChecked(
                db,
                sql: """
                    \(Self.runSelect) WHERE r.slug = ? AND run.day_key = ? AND run.status IN ('active', 'paused')
                    ORDER BY run.started_at DESC, run.rowid DESC LIMIT 1
                    """, arguments: [slug, dayKey.description]
            ).map(runInfo)
        }
    }

    /// The full id of the run that `text` names: a whole id, or the start of exactly one
    /// (at least 4 characters; case-insensitive). Throws `unknownRun` or `ambiguousRun`.
    public func resolveRunID(_ text: String) throws -> RunID {
        let prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard prefix.count >= 4, RunLocks.isSafeID(prefix) else { throw StoreError.unknownRun(text) }
        let matches = try read { db in
            // `GLOB` is case-sensitive and uses the id index; ids are lower-case.
            try RunID.fetchAll(
                db, sql: "SELECT id FROM run WHERE id GLOB ? ORDER BY started_at DESC LIMIT 50",
                arguments: [prefix + "*"])
        }
        if let whole = matches.first(where: { $0.rawValue == prefix }) { return whole }
        switch matches.count {
        case 0: throw StoreError.unknownRun(text)
        case 1: return matches[0]
        default: throw StoreError.ambiguousRun(prefix: text, matches: matches)
        }
    }

    /// The process id of the live process that walks the run, when another process does.
    public func runHolder(id: RunID) -> Int32? {
        runLocks.holder(id)
    }

    /// The tokens of the run's recorded live entries (what its saved state must agree with).
    public func recordedTokens(runID: RunID) throws -> Set<Int> {
        try read { db in
            try Int.fetchSet(db, sql: "SELECT token FROM run_step_entry WHERE run_id = ?", arguments: [runID])
        }
    }

    /// The live entries a run wrote, in the order written.
    public func entries(runID: RunID) throws -> [EntryInfo] {
        try read { db in
            try EntryListing.fetchAllChecked(
                db, sql: "\(AppDatabase.entrySelect) WHERE e.run_id = ? AND e.deleted_at IS NULL ORDER BY e.id",
                arguments: [runID]
            ).map(\.info)
        }
    }

    private func recordedStatus(_ id: RunID) throws -> RunStatus? {
        try read { db in try Self.recordedStatus(db, id) }
    }

    private static func recordedStatus(_ db: Database, _ id: RunID) throws -> RunStatus? {
        try Row.fetchOne(db, RunRecord.filter(key: id).select(RunRecord.Columns.id, RunRecord.Columns.status)).map {
            try StoredRow($0, table: RunRecord.databaseTableName)("status")
        }
    }

    /// The recorded statuses of a run that may be continued.
    private static let unfinished = [RunStatus.active.rawValue, RunStatus.paused.rawValue]

    /// Runs with their routine's slug and version number, as `RunListing` reads them (a
    /// join, so SQL; callers add the WHERE and ORDER BY).
    static let runSelect = """
        SELECT run.*, r.slug, v.number AS version_number
        FROM run JOIN routine_version v ON v.id = run.routine_version_id JOIN routine r ON r.id = v.routine_id
        """

    /// The effective status is derived here, at read time: an `active` or `paused`
    /// record is `active` exactly when a live process holds the run's lock.
    func runInfo(_ listing: RunListing) -> RunInfo {
        let run = listing.run
        let recorded = run.status
        let effective: RunStatus = recorded.isFinished ? recorded : (runLocks.isHeld(run.id) ? .active : .paused)
        return RunInfo(
            id: run.id, slug: listing.slug, versionID: run.routineVersionID, versionNumber: listing.versionNumber,
            dayKey: run.dayKey, timeZone: run.timeZone, status: effective, recordedStatus: recorded,
            startedAt: run.startedAt.date, updatedAt: run.updatedAt.date, state: run.walkerState)
    }
}
