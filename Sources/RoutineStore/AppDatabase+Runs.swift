import Foundation
import GRDB
import RoutineCore

extension AppDatabase {
    /// Records a new run of one routine version, claimed by this process, and returns
    /// its id (a lower-case UUID unless `id` is given). The run's DayKey is fixed here;
    /// every entry of the run carries it.
    public func startRun(
        versionID: Int64, dayKey: DayKey, timeZone: String, state: Data, now: Date, id: RunID? = nil
    ) throws -> RunID {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        let runID = id ?? UUID().uuidString.lowercased()
        guard RunLocks.isSafeID(runID) else { throw StoreError.unknownRun(runID) }
        try runLocks.claim(runID)
        do {
            try write { db in
                guard
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM routine_version WHERE id = ?)", arguments: [versionID])
                        == true
                else { throw StoreError.unknownRoutineVersion(versionID) }
                let stamp = Timestamp.format(now)
                try db.execute(
                    sql: """
                        INSERT INTO run (id, routine_version_id, day_key, time_zone, status, started_at, updated_at, walker_state)
                        VALUES (?, ?, ?, ?, 'active', ?, ?, ?)
                        """, arguments: [runID, versionID, dayKey.description, timeZone, stamp, stamp, state])
            }
        } catch {
            runLocks.release(runID, removeFile: true)
            throw error
        }
        return runID
    }

    /// Takes the run's exclusive claim for the life of this process (or until
    /// `finishRun`/`releaseRun`) and records it active. A run another live process holds
    /// throws `runInUse`; a completed or aborted run throws `runFinished`.
    @discardableResult
    public func claimRun(id: RunID, at now: Date = Date()) throws -> RunClaim {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        guard RunLocks.isSafeID(id), let recorded = try recordedStatus(id) else { throw StoreError.unknownRun(id) }
        if recorded.isFinished { throw StoreError.runFinished(id: id, status: recorded) }
        try runLocks.claim(id)
        do {
            try write { db in
                // Checked again under the lock: the run may have been finished by its
                // previous holder between the first check and the claim.
                try db.execute(
                    sql:
                        "UPDATE run SET status = 'active', updated_at = ? WHERE id = ? AND status IN ('active', 'paused')",
                    arguments: [Timestamp.format(now), id])
                if db.changesCount == 0 {
                    let status =
                        try String.fetchOne(db, sql: "SELECT status FROM run WHERE id = ?", arguments: [id])
                        .flatMap(RunStatus.init) ?? .aborted
                    throw StoreError.runFinished(id: id, status: status)
                }
            }
        } catch {
            runLocks.release(id)
            throw error
        }
        return RunClaim(runID: id)
    }

    /// Drops this process's claim without changing the record (the run reads `paused`).
    public func releaseRun(id: RunID) {
        runLocks.release(id)
    }

    /// One walker step, in one transaction: soft-deletes the entries of `retractions`
    /// (tokens of earlier records), writes `records` as entries carrying the run's id and
    /// DayKey, and saves the walker's new state — so that a crash never leaves the state
    /// and the entries out of step. The run must be claimed by this process.
    /// Returns the entries written, in the order of `records`.
    @discardableResult
    public func applyStep(
        runID: RunID, state: Data, records: [RunEntryRecord], retractions: [Int], at instant: Date, timeZone: String
    ) throws -> [EntryInfo] {
        guard runLocks.holds(runID) else { throw StoreError.runNotClaimed(runID) }
        return try write { db in
            guard
                let row = try Row.fetchOne(db, sql: "SELECT day_key, status FROM run WHERE id = ?", arguments: [runID])
            else { throw StoreError.unknownRun(runID) }
            let status = RunStatus(rawValue: try row.decode(atIndex: 1)) ?? .aborted
            if status.isFinished { throw StoreError.runFinished(id: runID, status: status) }
            guard let dayKey = DayKey(try row.decode(atIndex: 0) as String) else {
                throw StoreError.corrupt(path: path, detail: "run \(runID) has a bad day key")
            }
            let stamp = Timestamp.format(instant)
            for token in retractions {
                guard
                    let entryID = try Int64.fetchOne(
                        db, sql: "SELECT entry_id FROM run_step_entry WHERE run_id = ? AND token = ?",
                        arguments: [runID, token])
                else { throw StoreError.unknownRunToken(run: runID, token: token) }
                try db.execute(
                    sql: "UPDATE habit_entry SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL",
                    arguments: [stamp, entryID])
                try db.execute(
                    sql: "DELETE FROM run_step_entry WHERE run_id = ? AND token = ?", arguments: [runID, token])
            }
            var resolver = HabitResolver(db: db, now: instant)
            var written: [EntryInfo] = []
            for record in records {
                if try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM run_step_entry WHERE run_id = ? AND token = ?)",
                    arguments: [runID, record.token]) == true
                {
                    throw StoreError.duplicateRunToken(run: runID, token: record.token)
                }
                let (habit, value) = try resolver.habitForEntry(record.habit, value: record.value, unit: nil)
                let entryID = try Self.insertEntry(
                    db, habitID: habit.id, dayKey: dayKey, at: instant, timeZone: timeZone, value: value, note: nil,
                    runID: runID)
                try db.execute(
                    sql: "INSERT INTO run_step_entry (run_id, token, entry_id) VALUES (?, ?, ?)",
                    arguments: [runID, record.token, entryID])
                written.append(try Self.fetchEntry(db, id: entryID))
            }
            try db.execute(
                sql: "UPDATE run SET walker_state = ?, updated_at = ? WHERE id = ?", arguments: [state, stamp, runID])
            return written
        }
    }

    /// Ends or pauses a run: records `status` (paused, completed or aborted) and, when
    /// given, the final walker state, then drops the claim. A run held by another live
    /// process throws `runInUse`; a finished run throws `runFinished`.
    public func finishRun(runID: RunID, status: RunStatus, state: Data?, at now: Date = Date()) throws {
        guard status != .active else { throw StoreError.invalidRunStatus(status.rawValue) }
        let heldBefore = runLocks.holds(runID)
        if !heldBefore { try claimRun(id: runID, at: now) }
        do {
            try write { db in
                if let state {
                    try db.execute(
                        sql: "UPDATE run SET status = ?, walker_state = ?, updated_at = ? WHERE id = ?",
                        arguments: [status.rawValue, state, Timestamp.format(now), runID])
                } else {
                    try db.execute(
                        sql: "UPDATE run SET status = ?, updated_at = ? WHERE id = ?",
                        arguments: [status.rawValue, Timestamp.format(now), runID])
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
            try Row.fetchOne(db, sql: "\(Self.runSelect) WHERE run.id = ?", arguments: [id]).map(runInfo)
        }
    }

    /// Runs, most recently started first; only those whose effective status is `status`
    /// when given.
    public func runs(status: RunStatus? = nil) throws -> [RunInfo] {
        let all = try read { db in
            try Row.fetchAll(db, sql: "\(Self.runSelect) ORDER BY run.started_at DESC, run.rowid DESC").map(runInfo)
        }
        guard let status else { return all }
        return all.filter { $0.status == status }
    }

    /// The runs of one DayKey, most recently started first (what `today` reads).
    public func runs(on day: DayKey) throws -> [RunInfo] {
        try read { db in
            try Row.fetchAll(
                db, sql: "\(Self.runSelect) WHERE run.day_key = ? ORDER BY run.started_at DESC, run.rowid DESC",
                arguments: [day.description]
            ).map(runInfo)
        }
    }

    /// The most recently started run that is effectively paused (what `resume` with no
    /// id continues), or nil.
    public func latestPausedRun() throws -> RunInfo? {
        try runs(status: .paused).first
    }

    /// The live entries a run wrote, in the order written.
    public func entries(runID: RunID) throws -> [EntryInfo] {
        try read { db in
            try Row.fetchAll(
                db, sql: "\(Self.entrySelect) WHERE e.run_id = ? AND e.deleted_at IS NULL ORDER BY e.id",
                arguments: [runID]
            ).map(Self.entryInfo)
        }
    }

    private func recordedStatus(_ id: RunID) throws -> RunStatus? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT status FROM run WHERE id = ?", arguments: [id]).flatMap(RunStatus.init)
        }
    }

    static let runSelect = """
        SELECT run.id, r.slug, v.id, v.number, run.day_key, run.time_zone, run.status, run.started_at,
          run.updated_at, run.walker_state
        FROM run JOIN routine_version v ON v.id = run.routine_version_id JOIN routine r ON r.id = v.routine_id
        """

    /// The effective status is derived here, at read time: an `active` or `paused`
    /// record is `active` exactly when a live process holds the run's lock.
    private func runInfo(_ row: Row) throws -> RunInfo {
        let id: String = try row.decode(atIndex: 0)
        let recorded = RunStatus(rawValue: try row.decode(atIndex: 6)) ?? .aborted
        let effective: RunStatus = recorded.isFinished ? recorded : (runLocks.isHeld(id) ? .active : .paused)
        return RunInfo(
            id: id, slug: try row.decode(atIndex: 1), versionID: try row.decode(atIndex: 2),
            versionNumber: try row.decode(atIndex: 3),
            dayKey: DayKey(try row.decode(atIndex: 4) as String) ?? DayKey(ordinal: 0),
            timeZone: try row.decode(atIndex: 5), status: effective,
            recordedStatus: recorded,
            startedAt: Timestamp.parse(try row.decode(atIndex: 7)) ?? Date(timeIntervalSince1970: 0),
            updatedAt: Timestamp.parse(try row.decode(atIndex: 8)) ?? Date(timeIntervalSince1970: 0),
            state: try row.decode(atIndex: 9))
    }
}
