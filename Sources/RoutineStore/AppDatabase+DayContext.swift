import Foundation
import GRDB
import RoutineCore

extension AppDatabase {
    /// What a run of `routine` reads on `day` (SPEC §10.4): the history of the habits its
    /// conditions name and of its `every:` habits, schedules and pauses, and the streaks
    /// its `streak(H)` conditions read, which the caller takes from the ledger of states
    /// (SPEC §17.2; the store derives no state). The one recipe for the walker, `today`,
    /// `plan` and `paths --day` (through RoutineApp's `runContext`).
    public func dayContext(
        for routine: Routine, day: DayKey, excludingRun runID: RunID? = nil, streaks: [HabitKey: Int]
    ) throws -> DayContext {
        var context = try dayContext(
            habits: routine.contextHabitNames, day: day, excludingRun: runID,
            historyOf: routine.conditionHabitNames, historyDepth: routine.conditionDepth)
        context.streaks = streaks
        let past = routine.conditionPastAnswers
        if !past.nodes.isEmpty, past.depth > 0 {
            context.pastAnswers = try pastAnswers(
                routine: routine.slug, nodes: past.nodes, from: day.adding(days: -past.depth), before: day)
        }
        return context
    }

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

    /// The history snapshot a run reads (SPEC §10.4): for each named habit, its live
    /// entries up to `day` tallied per DayKey and its current schedule, and every pause. One query for the
    /// entries, whatever the store's age. Entries of `excludingRun` are left out (the
    /// walker knows its own), so a context rebuilt on resume does not count them twice.
    ///
    /// Entries are read only for the habits named in `historyOf` (the routine's
    /// conditions) and those of `habits` with an `every:` schedule (nil: all of `habits`):
    /// a run of a routine without them reads no history at all, whatever the store's age.
    ///
    /// With `historyOf`, only the last `historyWindow` days are read, plus each habit's
    /// last entry before them, unless a habit's schedule or day target reads further back
    /// (then its whole history) or `historyDepth` (the furthest `done(H, N)` of the
    /// conditions) asks for more: every figure a condition reads from entries stays exact.
    /// (`streak(H)` reads the ledger's states, not these entries: `DayContext.streaks`.)
    public func dayContext(
        habits names: [String], day: DayKey, excludingRun runID: RunID? = nil, historyOf: [String]? = nil,
        historyDepth: Int = 0
    ) throws -> DayContext {
        let wanted = Set(names.map { HabitKey($0) })
        let everyHabit = try habits()
        let stored = everyHabit.filter { wanted.contains($0.key) }
        var schedules: [HabitKey: Schedule] = [:]
        var doneRules: [HabitKey: DoneRule] = [:]
        for habit in stored {
            if let schedule = habit.schedule { schedules[habit.key] = schedule }
            if let target = habit.dayTarget {
                doneRules[habit.key] = DoneRule(target: target, isQuantity: habit.measure != nil)
            }
        }
        var historyKeys = wanted
        if let historyOf {
            historyKeys = Set(historyOf.map { HabitKey($0) })
            for habit in stored {
                if habit.schedule?.readsHistory == true || habit.dayTarget != nil { historyKeys.insert(habit.key) }
            }
        }
        let allHabits = historyOf == nil ? stored : everyHabit.filter { historyKeys.contains($0.key) }
        let keyOfID = Dictionary(allHabits.map { ($0.id, $0.key) }, uniquingKeysWith: { first, _ in first })
        let pauses = try pauseSpans()
        var history: [HabitKey: [DayTally]] = [:]
        if !keyOfID.isEmpty {
            try read { db in
                let windowStart = day.adding(days: -Self.historyWindow)
                let windowed = historyOf != nil && historyDepth < Self.historyWindow - Self.windowMargin
                history = try Self.tallies(
                    db, keyOfID: keyOfID, from: windowed ? windowStart : nil, to: day, runID: runID)
                guard windowed else { return }
                // Exact despite the window: each habit's last entry before it (days-since,
                // `every:`), and the whole history of a habit whose schedule or day target
                // reads further back.
                var full: [Int64: HabitKey] = [:]
                for (id, key) in keyOfID {
                    if let last = try Self.lastDay(db, habitID: id, before: windowStart, runID: runID) {
                        history[key, default: []].insert(DayTally(day: last), at: 0)
                    }
                    if (schedules[key]?.span ?? 0) >= Self.windowMargin || doneRules[key] != nil { full[id] = key }
                }
                if !full.isEmpty {
                    for (key, tallies) in try Self.tallies(db, keyOfID: full, from: nil, to: day, runID: runID) {
                        history[key] = tallies
                    }
                }
            }
        }
        var context = DayContext(day: day, history: history, pauses: pauses, schedules: schedules)
        context.archived = Set(stored.filter(\.isArchived).map(\.key))
        context.doneRules = doneRules
        return context
    }

    /// Days of history read when a run needs no more (see `dayContext`).
    static let historyWindow = 400
    /// A schedule reading more days back than this (`every: N`, `per: N/P`) reads its
    /// habit's whole history.
    static let windowMargin = 31

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
