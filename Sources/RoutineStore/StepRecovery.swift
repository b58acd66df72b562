import Foundation
import GRDB
import RoutineCore

/// Migration v5's work in code (SPEC §14.1): the steps of runs recorded before steps
/// were, recovered from each run's saved walker state — the answers as they stood when
/// the run last saved (a step undone by `back` before this release was never saved, so
/// it cannot be recovered; its entry stays a deleted entry).
///
/// A recovered step's time is the time of the entry it wrote, else that of the step
/// before it, else the run's start: the saved state kept no times. A state this build
/// cannot read is left alone (the run keeps it; nothing is lost, only not shown).
enum StepRecovery {
    static func recover(_ db: Database) throws {
        let runs = try Row.fetchAll(db, sql: "SELECT id, walker_state, started_at, time_zone FROM run ORDER BY rowid")
        for run in runs {
            let runID: RunID = try run.decode(atIndex: 0)
            let state: Data = try run.decode(atIndex: 1)
            guard let snapshot = try? JSONDecoder().decode(WalkerSnapshot.self, from: state) else { continue }
            let written = try Dictionary(
                Row.fetchAll(
                    db,
                    sql: """
                        SELECT t.token, e.timestamp FROM run_step_entry t JOIN habit_entry e ON e.id = t.entry_id
                        WHERE t.run_id = ?
                        """, arguments: [runID]
                ).map { row -> (Int, String) in (try row.decode(atIndex: 0), try row.decode(atIndex: 1)) },
                uniquingKeysWith: { first, _ in first })
            var stamp: String = try run.decode(atIndex: 2)
            // One step at a time, so each carries its own time; `recordSteps` keeps the ones before.
            var steps: [RunStepRecord] = []
            for step in snapshot.steps {
                let record = RunStepRecord(step)
                if let time = record.token.flatMap({ written[$0] }) { stamp = time }
                steps.append(record)
                try AppDatabase.recordSteps(
                    db, runID: runID, steps: steps, stamp: stamp, timeZone: try run.decode(atIndex: 3), textUIDs: true)
            }
        }
    }
}
