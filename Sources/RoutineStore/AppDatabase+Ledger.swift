import Foundation
import GRDB
import RoutineCore

/// A habit's recorded outcome on a day (SPEC §14.1), as the ledger reads it: from a run
/// of this store or from steps without one (another device's run, pulled by sync).
public struct LedgerStep: Sendable, Equatable {
    public var routine: String
    public var day: DayKey
    /// The habit, by the name the step recorded.
    public var habit: HabitKey
    /// `done`, `already-done`, `skipped`, `declined`, `later`, `not-due`, or a kind this
    /// version does not know (the ledger refuses it, naming it).
    public var outcome: String
    public var reason: String?
    /// Whether a run of this store recorded it.
    public var local: Bool
}

/// A run of this store as the ledger reads it: its routine, its day, whether it is finished.
public struct LedgerRun: Sendable, Equatable {
    public var routine: String
    public var day: DayKey
    public var finished: Bool
}

extension AppDatabase {
    /// Every live habit step recorded on or before `to`, and every routine-day with steps
    /// (of any kind) recorded without a run of this store: what the ledger reads of the
    /// runs (SPEC §17.5: a pulled run is a run). Two lean queries, for lifetimes of steps.
    public func ledgerSteps(to: DayKey) throws -> (habits: [LedgerStep], elsewhere: Set<RoutineDayKey>) {
        try read { db in
            var steps: [LedgerStep] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT r.slug, s.day_key, s.text, s.outcome, s.reason, s.run_id IS NOT NULL
                    FROM run_step s JOIN routine r ON r.id = s.routine_id
                    WHERE s.kind = 'habit' AND s.retracted_at IS NULL AND s.day_key <= ?
                    """, arguments: [to.description])
            while let row = try rows.next() {
                let stored = StoredRow(row, table: "run_step")
                steps.append(
                    LedgerStep(
                        routine: try stored.at(0, "slug"), day: try stored.at(1, "day_key"),
                        habit: HabitKey(try stored.at(2, "text") as String), outcome: try stored.at(3, "outcome"),
                        reason: try stored.optional(at: 4, "reason"), local: try stored.at(5, "run_id")))
            }
            var elsewhere = Set<RoutineDayKey>()
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT r.slug, s.day_key FROM run_step s JOIN routine r ON r.id = s.routine_id
                    WHERE s.run_id IS NULL AND s.retracted_at IS NULL AND s.day_key <= ?
                    """, arguments: [to.description])
            {
                let stored = StoredRow(row, table: "run_step")
                elsewhere.insert(RoutineDayKey(routine: try stored.at(0, "slug"), day: try stored.at(1, "day_key")))
            }
            return (steps, elsewhere)
        }
    }

    /// Every run of this store on or before `to`: its routine, day and whether it is
    /// finished (completed or aborted).
    public func ledgerRuns(to: DayKey) throws -> [LedgerRun] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, run.day_key, run.status IN ('completed', 'aborted')
                    FROM run JOIN routine_version v ON v.id = run.routine_version_id JOIN routine r ON r.id = v.routine_id
                    WHERE run.day_key <= ?
                    """, arguments: [to.description]
            ).map { row in
                let stored = StoredRow(row, table: "run")
                return LedgerRun(
                    routine: try stored.at(0, "slug"), day: try stored.at(1, "day_key"),
                    finished: try stored.at(2, "status"))
            }
        }
    }
}

/// A routine on a day.
public struct RoutineDayKey: Sendable, Hashable {
    public var routine: String
    public var day: DayKey

    public init(routine: String, day: DayKey) {
        self.routine = routine
        self.day = day
    }
}
