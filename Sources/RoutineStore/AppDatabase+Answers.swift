import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Answers {
    /// Live recorded answers (SPEC §14.2), by day then time; only those of `routine`,
    /// of the question `node`, and within `from`…`to` when given.
    public func all(
        routine: String? = nil, node: String? = nil, from: DayKey? = nil, to: DayKey? = nil
    ) throws -> [StepInfo] {
        var answers: [StepInfo] = []
        try eachAnswer(routine: routine, node: node, from: from, to: to) { answers.append($0) }
        return answers
    }

    /// The answers `answers(routine:node:from:to:)` returns, in the same order, handed to
    /// `body` one at a time as SQLite steps through them: an export of a million answers
    /// holds one row in memory, not all of them. Each row is copied before it is decoded,
    /// so a value of the wrong type is an error as in every other read (`fetchAllChecked`).
    public func eachAnswer(
        routine: String? = nil, node: String? = nil, from: DayKey? = nil, to: DayKey? = nil,
        _ body: (StepInfo) throws -> Void
    ) throws {
        var filters = ["s.outcome = 'answered'", "s.retracted_at IS NULL"]
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let routine {
            filters.append("r.slug = ?")
            arguments.append(routine)
        }
        if let node {
            filters.append("s.node_id = ?")
            arguments.append(node)
        }
        if let from {
            filters.append("s.day_key >= ?")
            arguments.append(from.description)
        }
        if let to {
            filters.append("s.day_key <= ?")
            arguments.append(to.description)
        }
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql:
                    "\(StepInfo.select) WHERE \(filters.joined(separator: " AND ")) ORDER BY s.day_key, s.recorded_at, s.id",
                arguments: StatementArguments(arguments))
            while let row = try rows.next() {
                try body(try StepInfo(row: row.copy()))
            }
        }
    }

    /// Every question of the routines' latest versions, then every other question with
    /// recorded answers; by routine, then in the routine's order.
    public func knownQuestions() throws -> [KnownQuestion] {
        try read { db in
            var questions: [KnownQuestion] = []
            let current = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, n.node_id, n.question, n.version_id, n.position FROM routine r
                    JOIN routine_version v ON v.routine_id = r.id
                      AND v.number = (SELECT MAX(number) FROM routine_version WHERE routine_id = r.id)
                    JOIN routine_node n ON n.version_id = v.id AND n.kind = 'question'
                    ORDER BY r.slug, n.position
                    """)
            for row in current {
                let options = try String.fetchAll(
                    db,
                    sql: """
                        SELECT text FROM conditional_option WHERE version_id = ? AND node_position = ? ORDER BY position
                        """, arguments: [row[3], row[4]])
                questions.append(
                    KnownQuestion(
                        routine: try row.decode(atIndex: 0), node: try row.decode(atIndex: 1),
                        text: try row.decode(atIndex: 2), options: options, answers: 0))
            }
            let answered = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, s.node_id, COUNT(*), (SELECT text FROM run_step t WHERE t.routine_id = s.routine_id
                      AND t.node_id = s.node_id AND t.outcome = 'answered' ORDER BY t.day_key DESC, t.id DESC LIMIT 1)
                    FROM run_step s JOIN routine r ON r.id = s.routine_id
                    WHERE s.outcome = 'answered' AND s.retracted_at IS NULL GROUP BY s.routine_id, s.node_id
                    ORDER BY r.slug, s.node_id
                    """)
            for row in answered {
                let routine: String = try row.decode(atIndex: 0)
                let node: String = try row.decode(atIndex: 1)
                let count: Int = try row.decode(atIndex: 2)
                if let index = questions.firstIndex(where: { $0.routine == routine && $0.node == node }) {
                    questions[index].answers = count
                } else {
                    questions.append(
                        KnownQuestion(
                            routine: routine, node: node, text: try row.decode(atIndex: 3), options: [], answers: count)
                    )
                }
            }
            return questions
        }
    }

    /// Loads answers (SPEC §14.2) in one transaction: all rows or none. A row whose uid
    /// is stored is skipped; a row naming a routine the store does not hold, or a node
    /// that no version of it has as a question, throws `invalidEntryRow` at its line, and
    /// so does a uid given by an earlier row of the same load.
    /// The option text is kept as written, even when the routine no longer offers it.
    public func importAnswers(_ rows: [AnswerRow]) throws -> AnswerImportResult {
        var source = AnswerRowList(rows)
        return try importAnswers(from: &source)
    }

    /// `importAnswers(_:)` over rows read one at a time (`import-answers` of a file: a
    /// million rows are never all in memory). The first row that the source or the store
    /// refuses is the one reported; the source's own error (a CSV row that cannot be
    /// read) comes through unchanged.
    public func importAnswers(from source: inout some AnswerRowSource) throws -> AnswerImportResult {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        // `write` turns any error it does not know into `StoreError.database`: the
        // source's own error is kept here and thrown as it was.
        var sourceError: (any Error)?
        do {
            // Every reference an answer makes is to a routine found in the same transaction.
            return try write(checkingForeignKeys: false) { db in
                try db.withLargePageCache {
                    try Self.insertAnswers(from: &source, in: db, sourceError: &sourceError)
                }
            }
        } catch {
            throw sourceError ?? error
        }
    }

    /// `importAnswers` inside a transaction the caller holds.
    static func insertAnswers(_ rows: [AnswerRow], in db: Database) throws -> AnswerImportResult {
        var source = AnswerRowList(rows)
        var sourceError: (any Error)?
        return try insertAnswers(from: &source, in: db, sourceError: &sourceError)
    }

    private static func insertAnswers(
        from source: inout some AnswerRowSource, in db: Database, sourceError: inout (any Error)?
    ) throws -> AnswerImportResult {
        var result = AnswerImportResult(imported: 0, alreadyPresent: 0)
        // Changes for sync go out in batches after the load, not one per row.
        let capture = try SyncSnapshot.suspendCapture(db, SyncSchema.step)
        // A uid found at a row id above this one was written by an earlier row of this load.
        let before = capture.after
        // Into a store without steps no uid can be stored already: none is looked up, and
        // a uid given twice in the file is found by the table's unique index instead.
        let inserter = try AnswerBulkInserter(db, looksUpUIDs: before > 0)
        var questions = AskedQuestions()
        func repeated(_ answer: AnswerBulkInserter.Pending) -> StoreError {
            .invalidEntryRow(
                line: answer.row.line, column: AnswerRow.column("uid"),
                message: "the uid \(answer.uid ?? "") is on an earlier row too")
        }
        do {
            while let row = try AppDatabase.next(keeping: &sourceError, { try source.next() }) {
                func fail(_ column: String, _ message: String) -> StoreError {
                    .invalidEntryRow(line: row.line, column: AnswerRow.column(column), message: message)
                }
                let uid = row.uid.map(AppDatabase.uidText)
                if let uid {
                    switch try inserter.find(uid: uid) {
                    case .stored(let id) where id <= before:
                        result.alreadyPresent += 1
                        continue
                    case .stored, .waiting:
                        throw fail("uid", "the uid \(uid) is on an earlier row too")
                    case .nowhere:
                        break
                    }
                }
                guard let routineID = try questions.routineID(row.routine, db) else {
                    throw fail("routine", "no routine '\(row.routine)' in the store: import the routine first")
                }
                guard let asked = try questions.text(routineID: routineID, node: row.node, db) else {
                    throw fail("node", "routine '\(row.routine)' has no question '\(row.node)'")
                }
                let text = row.question ?? asked
                let note = AppDatabase.cleanNote(row.note)
                try AppDatabase.checkText(
                    note, what: "the note of the answer on \(row.dayKey)", allowingLineBreaks: true)
                try inserter.insert(.init(row: row, routineID: routineID, text: text, uid: uid, note: note))
                questions.recorded(routineID: routineID, node: row.node, text: text)
                result.imported += 1
            }
            try inserter.finish()
        } catch let found as AnswerBulkInserter.StoredUID {
            throw repeated(found.answer)
        } catch {
            // A row still waiting to be written may repeat a uid: it comes first.
            if let found = inserter.firstStoredUID() {
                sourceError = nil
                throw repeated(found.answer)
            }
            throw error
        }
        try SyncSnapshot.resumeCapture(db, capture)
        return result
    }
}

/// The routines and question texts an answers load resolves, each looked up once: a
/// million rows name a handful of routines and questions.
private struct AskedQuestions {
    private struct Key: Hashable {
        var routineID: Int64
        var node: String
    }

    /// A question's text: as the routine's latest version holding the node asks it
    /// (fixed for the load), else as last recorded (which each answer loaded changes).
    private enum Asked {
        case version(String)
        case recorded(String)
    }

    private var routines: [String: Int64] = [:]
    private var questions: [Key: Asked] = [:]

    mutating func routineID(_ slug: String, _ db: Database) throws -> Int64? {
        if let id = routines[slug] { return id }
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM routine WHERE slug = ?", arguments: [slug])
        if let id { routines[slug] = id }
        return id
    }

    mutating func text(routineID: Int64, node: String, _ db: Database) throws -> String? {
        let key = Key(routineID: routineID, node: node)
        switch questions[key] {
        case .version(let text), .recorded(let text): return text
        case nil: break
        }
        if let text = try String.fetchOne(
            db,
            sql: """
                SELECT n.question FROM routine_node n JOIN routine_version v ON v.id = n.version_id
                WHERE v.routine_id = ? AND n.node_id = ? AND n.kind = 'question' ORDER BY v.number DESC LIMIT 1
                """, arguments: [routineID, node])
        {
            questions[key] = .version(text)
            return text
        }
        let recorded = try String.fetchOne(
            db,
            sql: """
                SELECT text FROM run_step WHERE routine_id = ? AND node_id = ? AND outcome = 'answered'
                ORDER BY id DESC LIMIT 1
                """, arguments: [routineID, node])
        if let recorded { questions[key] = .recorded(recorded) }
        return recorded
    }

    /// An answer with `text` was loaded: the last recorded text of a question no version asks.
    mutating func recorded(routineID: Int64, node: String, text: String) {
        let key = Key(routineID: routineID, node: node)
        if case .recorded = questions[key] { questions[key] = .recorded(text) }
    }
}

extension AppDatabase.Answers {
    /// The days each habit was asked by a run (SPEC §13.6: a day a run asked a habit —
    /// done, skipped or declined — is a due day), by the habit's key; live steps only.
    public func askedHabitDays(from: DayKey? = nil, to: DayKey? = nil) throws -> [HabitKey: Set<DayKey>] {
        try read { db in
            var sql = """
                SELECT text, day_key FROM run_step WHERE kind = 'habit' AND retracted_at IS NULL
                AND outcome IN ('done', 'skipped', 'declined')
                """
            var arguments: [String] = []
            if let from {
                sql += " AND day_key >= ?"
                arguments.append(from.description)
            }
            if let to {
                sql += " AND day_key <= ?"
                arguments.append(to.description)
            }
            var days: [HabitKey: Set<DayKey>] = [:]
            for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)) {
                guard let day = DayKey(try row.decode(atIndex: 1) as String) else { continue }
                days[HabitKey(try row.decode(atIndex: 0) as String), default: []].insert(day)
            }
            return days
        }
    }

    /// The habits that a node of the latest version of some routine asks (archived
    /// routines included): their due days come from runs; the others' from their schedules.
    public func routineHabitKeys() throws -> Set<HabitKey> {
        try read { db in
            try HabitKey.fetchSet(
                db,
                sql: """
                    SELECT DISTINCT h.name_key FROM routine r
                    JOIN routine_version v ON v.routine_id = r.id
                      AND v.number = (SELECT MAX(number) FROM routine_version WHERE routine_id = r.id)
                    JOIN routine_node n ON n.version_id = v.id AND n.kind = 'habit' JOIN habit h ON h.id = n.habit_id
                    """)
        }
    }
}

extension AppDatabase.Answers {
    /// The standing answer of each day at each question (SPEC §14: the last live one
    /// recorded that day), ordered by routine, node and day; only those of `routine`, of
    /// `node`, and within `from`…`to` when given.
    public func standingAnswers(
        routine: String? = nil, node: String? = nil, from: DayKey? = nil, to: DayKey? = nil
    ) throws -> [AnswerDay] {
        var filters = ["s.outcome = 'answered'", "s.retracted_at IS NULL"]
        var arguments: [String] = []
        for (column, value) in [("r.slug = ?", routine), ("s.node_id = ?", node)] {
            guard let value else { continue }
            filters.append(column)
            arguments.append(value)
        }
        for (column, value) in [("s.day_key >= ?", from), ("s.day_key <= ?", to)] {
            guard let value else { continue }
            filters.append(column)
            arguments.append(value.description)
        }
        return try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.slug, s.node_id, s.text, s.day_key, s.option_text
                    FROM run_step s JOIN routine r ON r.id = s.routine_id
                    WHERE \(filters.joined(separator: " AND "))
                    ORDER BY r.slug, s.node_id, s.day_key, s.recorded_at, s.id
                    """, arguments: StatementArguments(arguments))
            var days: [AnswerDay] = []
            days.reserveCapacity(rows.count)
            for row in rows {
                guard let day = DayKey(try row.decode(atIndex: 3) as String) else { continue }
                let answer = AnswerDay(
                    routine: try row.decode(atIndex: 0), node: try row.decode(atIndex: 1),
                    text: try row.decode(atIndex: 2), day: day, answer: try row.decode(atIndex: 4))
                // Ordered by time within a day: a later answer of the same day replaces it.
                if let last = days.last, last.day == day, last.node == answer.node, last.routine == answer.routine {
                    days[days.count - 1] = answer
                } else {
                    days.append(answer)
                }
            }
            return days
        }
    }
}
