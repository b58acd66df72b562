import Foundation
import GRDB
import RoutineCore

extension AppDatabase.History {
    /// The answer that stands for each DayKey in `from`..<`before` at each of `nodes`
    /// of the routine (SPEC §14.4): the last live one recorded that day, whatever the
    /// run's status (an answer given is an answer; a retracted one is not).
    public func pastAnswers(
        routine slug: String, nodes: [String], from: DayKey, before: DayKey
    ) throws -> [String: [DayKey: String]] {
        try read { db in
            var answers: [String: [DayKey: String]] = [:]
            let marks = nodes.map { _ in "?" }.joined(separator: ", ")
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.node_id, s.day_key, s.option_text FROM run_step s JOIN routine r ON r.id = s.routine_id
                    WHERE r.slug = ? AND s.outcome = 'answered' AND s.retracted_at IS NULL
                      AND s.node_id IN (\(marks)) AND s.day_key >= ? AND s.day_key < ?
                    ORDER BY s.recorded_at, s.id
                    """,
                arguments: StatementArguments([slug] + nodes + [from.description, before.description]))
            for row in rows {
                guard let day = DayKey(try row.decode(atIndex: 1) as String) else { continue }
                answers[try row.decode(atIndex: 0) as String, default: [:]][day] = try row.decode(atIndex: 2)
            }
            return answers
        }
    }

    /// Live entries of some habits up to `day`, tallied per DayKey (the history a run
    /// reads, SPEC §10.4), in one transaction: the habits of `whole` from their first
    /// entry; those of `windowed` from its `start` on, each with its last live DayKey
    /// before it first (a tally of that day alone); entries of `excludingRun`
    /// left out. Which habits, and how far back, is the caller's to say (RoutineApp's
    /// `HistoryWindow`); this reads what it is asked.
    public func entryTallies(
        whole: [Int64: HabitKey], windowed: (habits: [Int64: HabitKey], start: DayKey)? = nil, to day: DayKey,
        excludingRun runID: RunID? = nil
    ) throws -> [HabitKey: [DayTally]] {
        guard !whole.isEmpty || windowed?.habits.isEmpty == false else { return [:] }
        return try read { db in
            var history: [HabitKey: [DayTally]] = [:]
            if !whole.isEmpty { history = try Self.tallies(db, keyOfID: whole, from: nil, to: day, runID: runID) }
            guard let windowed, !windowed.habits.isEmpty else { return history }
            let start = windowed.start
            for (key, tallies) in try Self.tallies(db, keyOfID: windowed.habits, from: start, to: day, runID: runID) {
                history[key] = tallies
            }
            for (id, key) in windowed.habits {
                if let last = try Self.lastDay(db, habitID: id, before: start, runID: runID) {
                    history[key, default: []].insert(DayTally(day: last), at: 0)
                }
            }
            return history
        }
    }

    /// Live entries of the habits in `keyOfID` from `from` (nil: all) to `to`, tallied
    /// per day: raw rows in index order (habit, day), folded here — SQLite's GROUP BY
    /// over a 10-year history costs several times the scan.
    private static func tallies(
        _ db: Database, keyOfID: [Int64: HabitKey], from: DayKey?, to: DayKey, runID: RunID?
    ) throws -> [HabitKey: [DayTally]] {
        var history: [HabitKey: [DayTally]] = [:]
        var sql = """
            SELECT e.habit_id, e.day_key, e.value, e.id FROM habit_entry e
            WHERE e.habit_id IN (\(Array(repeating: "?", count: keyOfID.count).joined(separator: ",")))
              AND e.deleted_at IS NULL AND e.day_key <= ?
            """
        var arguments = StatementArguments(keyOfID.keys.sorted())
        _ = arguments.append(contentsOf: [to.description])
        if let from {
            sql += " AND e.day_key >= ?"
            _ = arguments.append(contentsOf: [from.description])
        }
        if let runID {
            sql += " AND (e.run_id IS NULL OR e.run_id != ?)"
            _ = arguments.append(contentsOf: [runID])
        }
        sql += " ORDER BY e.habit_id, e.day_key"
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var currentID: Int64 = -1
        var tallies: [DayTally] = []
        func flush() {
            if let key = keyOfID[currentID], !tallies.isEmpty { history[key, default: []] += tallies }
            tallies = []
        }
        while let row = try rows.next() {
            // Converted strictly: a value written by hand that is not what its column
            // holds (a day `2026-02-30`) is an error naming the row, not a skip or a trap.
            let stored = StoredRow(row, table: EntryRecord.databaseTableName)
            let habitID: Int64 = try stored.at(0, "habit_id")
            if habitID != currentID {
                flush()
                currentID = habitID
            }
            let entryDay: DayKey = try stored.at(1, "day_key")
            let value: Double? = try stored.optional(at: 2, "value")
            let sample = value.flatMap { $0.isFinite ? $0 : nil } ?? 0
            if let last = tallies.last, last.day == entryDay {
                tallies[tallies.count - 1].count += 1
                tallies[tallies.count - 1].sum += sample
            } else {
                tallies.append(DayTally(day: entryDay, count: 1, sum: sample))
            }
        }
        flush()
        return history
    }

    /// A habit's last DayKey with a live entry before `before` (the index, read backwards).
    private static func lastDay(_ db: Database, habitID: Int64, before: DayKey, runID: RunID?) throws -> DayKey? {
        var sql = "SELECT day_key, id FROM habit_entry WHERE habit_id = ? AND day_key < ? AND deleted_at IS NULL"
        var arguments: StatementArguments = [habitID, before.description]
        if let runID {
            sql += " AND (run_id IS NULL OR run_id != ?)"
            _ = arguments.append(contentsOf: [runID])
        }
        sql += " ORDER BY day_key DESC LIMIT 1"
        return try Row.fetchOne(db, sql: sql, arguments: arguments).map { row in
            try StoredRow(row, table: EntryRecord.databaseTableName).at(0, "day_key")
        }
    }
}
