import Foundation
import GRDB
import RoutineCore

/// Recorded steps (SPEC §14.1): written in the transaction of the walker step that made
/// them, read back by `runs show`, `answers`, `review` and `insights`.
extension AppDatabase {
    /// Makes the run's live recorded steps the walker's `steps`, in the caller's
    /// transaction: a recorded step that agrees with the walker's at its position stays
    /// as it is; one that differs (a `back`, a repaired run, a habit left for later and
    /// answered in a later pass, SPEC §17.4) is retracted at `stamp` and the walker's
    /// written in its place, so the answers around it keep their rows and uids. A `done`
    /// step points at the entry its token wrote (already inserted in this transaction).
    /// `textUIDs`: the store is not yet at v13-uid-blobs (migration v5's recovery), and a
    /// step's uid is its text.
    static func recordSteps(
        _ db: Database, runID: RunID, steps: [RunStepRecord], stamp: String, timeZone: String, textUIDs: Bool = false
    ) throws {
        guard
            let run = try Row.fetchOne(
                db,
                sql: """
                    SELECT v.routine_id, run.day_key FROM run JOIN routine_version v ON v.id = run.routine_version_id
                    WHERE run.id = ?
                    """, arguments: [runID])
        else { throw StoreError.unknownRun(runID.rawValue) }
        let entries = try Dictionary(
            Row.fetchAll(
                db, sql: "SELECT token, entry_id FROM run_step_entry WHERE run_id = ?", arguments: [runID]
            ).map { row -> (Int, Int64) in (try row.decode(atIndex: 0), try row.decode(atIndex: 1)) },
            uniquingKeysWith: { first, _ in first })
        let live = try Row.fetchAll(
            db,
            sql: """
                SELECT node_id, outcome, option_text, value, entry_id, position FROM run_step
                WHERE run_id = ? AND retracted_at IS NULL ORDER BY position
                """, arguments: [runID])
        var recorded: [Int: Row] = [:]
        for row in live { recorded[try row.decode(atIndex: 5)] = row }
        var written: [Int] = []
        for position in 0..<max(steps.count, (recorded.keys.max() ?? -1) + 1) {
            let row = recorded[position]
            if let row, position < steps.count {
                let step = steps[position]
                let entry: Int64? = try row.decode(atIndex: 4)
                if step.matches(
                    node: try row.decode(atIndex: 0), outcome: try row.decode(atIndex: 1),
                    optionText: try row.decode(atIndex: 2), value: try row.decode(atIndex: 3)),
                    entry == step.token.flatMap({ entries[$0] })
                {
                    continue
                }
            }
            if row != nil {
                try db.execute(
                    sql: """
                        UPDATE run_step SET retracted_at = ? WHERE run_id = ? AND retracted_at IS NULL AND position = ?
                        """, arguments: [stamp, runID, position])
            }
            if position < steps.count { written.append(position) }
        }
        for position in written {
            let step = steps[position]
            try insertStep(
                db, step, runID: runID, routineID: try run.decode(atIndex: 0), position: position,
                dayKey: try run.decode(atIndex: 1), entryID: step.token.flatMap { entries[$0] }, stamp: stamp,
                timeZone: timeZone, textUIDs: textUIDs)
        }
    }

    /// Writes one step row with a new uid (16 bytes; its text before v13-uid-blobs,
    /// `textUIDs`).
    static func insertStep(
        _ db: Database, _ step: RunStepRecord, runID: RunID?, routineID: Int64, position: Int, dayKey: String,
        entryID: Int64?, stamp: String, timeZone: String, note: String? = nil, textUIDs: Bool = false
    ) throws {
        // The note's column only with a note: migration v5 recovers steps through here
        // before v11-habit-notes has made the column.
        let bytes = newUIDBytes()
        var arguments: StatementArguments = [
            textUIDs ? uidText(bytes: bytes) : StoredUID.blob(bytes), runID, routineID, position, step.node,
            step.kind.rawValue, step.text, step.outcome,
            step.optionText, step.optionPosition, step.value, step.reason, entryID, dayKey, stamp, timeZone,
        ]
        if let note { arguments += [note] }
        try db.execute(
            sql: """
                INSERT INTO run_step (uid, run_id, routine_id, position, node_id, kind, text, outcome, option_text,
                  option_position, value, reason, entry_id, day_key, recorded_at, time_zone\(note == nil ? "" : ", note"))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?\(note == nil ? "" : ", ?"))
                """,
            arguments: arguments)
    }
}

extension AppDatabase.Runs {
    /// A run's recorded steps in order (live ones by position; with `includeRetracted`,
    /// the retracted ones too, each where it was written).
    public func steps(runID: RunID, includeRetracted: Bool = false) throws -> [StepInfo] {
        try read { db in
            try StepInfo.fetchAllChecked(
                db,
                sql: """
                    \(StepInfo.select) WHERE s.run_id = ? \(includeRetracted ? "" : "AND s.retracted_at IS NULL")
                    ORDER BY s.id
                    """, arguments: [runID])
        }
    }
}
