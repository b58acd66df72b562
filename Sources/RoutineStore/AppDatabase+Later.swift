import Foundation
import GRDB
import RoutineCore

/// Runs that left habits for later (SPEC §17.4): found, and opened again for a pass
/// over those habits.
extension AppDatabase.Runs {
    /// The most recently started completed run of the routine `slug` on `dayKey` with a
    /// live step left for later, or nil.
    public func runLeavingLater(slug: String, dayKey: DayKey) throws -> RunInfo? {
        try read { db in
            try RunListing.fetchOneChecked(
                db,
                sql: """
                    \(Self.runSelect) WHERE r.slug = ? AND run.day_key = ? AND run.status = 'completed'
                    AND EXISTS (SELECT 1 FROM run_step s WHERE s.run_id = run.id AND s.outcome = 'later'
                      AND s.retracted_at IS NULL)
                    ORDER BY run.started_at DESC, run.rowid DESC LIMIT 1
                    """, arguments: [slug, dayKey.description]
            ).map(runInfo)
        }
    }

    /// Takes the claim of the completed run `id` and records it active again, for a pass
    /// over the habits it left for later; returns it as it stands after the claim. A run
    /// that is not completed (another process reopened it first) throws `runInUse` when a
    /// live process holds it, else `runFinished`.
    package func reopenRun(id: RunID, at now: Date) throws -> RunInfo {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        guard RunLocks.isSafeID(id) else { throw StoreError.unknownRun(id.rawValue) }
        try runLocks.claim(id)
        do {
            return try write { db in
                let reopened = try RunRecord.filter(key: id)
                    .filter(RunRecord.Columns.status == RunStatus.completed.rawValue)
                    .updateAll(
                        db, RunRecord.Columns.status.set(to: RunStatus.active),
                        RunRecord.Columns.updatedAt.set(to: StoredInstant(now)))
                guard
                    let run = try RunListing.fetchOneChecked(
                        db, sql: "\(Self.runSelect) WHERE run.id = ?", arguments: [id])
                else { throw StoreError.unknownRun(id.rawValue) }
                // Another process reopened it (or it changed) since it was found.
                guard reopened == 1 else { throw StoreError.runFinished(id: id, status: run.run.status) }
                return runInfo(run)
            }
        } catch {
            runLocks.release(id)
            throw error
        }
    }
}
