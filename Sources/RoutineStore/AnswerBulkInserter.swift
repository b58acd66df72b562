import Foundation
import GRDB
import GRDBSQLite
import RoutineCore

/// The hot path of `import-answers` (as `EntryBulkInserter` is of `import-entries`):
/// answers go into `run_step` a hundred rows to a statement, through one prepared
/// multi-row INSERT bound straight through the SQLite C API, and a uid is looked up
/// through one prepared statement. Through GRDB's query interface each row cost four
/// statements compiled, run and boxed (0.5 ms a row at a million rows). Used inside
/// one write transaction; `finish` writes what is left.
final class AnswerBulkInserter {
    /// One answer waiting to be written: the file's row, its routine and the question
    /// text the store resolved for it, and its uid in text (nil: the store makes one).
    struct Pending {
        var row: AnswerRow
        var routineID: Int64
        var text: String
        var uid: String?
        /// The answer's note, cleaned and checked (v11-habit-notes).
        var note: String?
    }

    /// A value to bind.
    enum Bound {
        case text(String?)
        case integer(Int64?)
        /// A uid text, bound as its 16 bytes (v13-uid-blobs).
        case uid(String)
    }

    /// The columns an imported answer sets, each with its value; every other column is
    /// as the SQL below writes it (no run, position 0, a question answered, no entry). A
    /// new nullable column is one more line here.
    static let columns: [(name: String, value: @Sendable (Pending) -> Bound)] = [
        ("routine_id", { .integer($0.routineID) }),
        ("node_id", { .text($0.row.node) }),
        ("text", { .text($0.text) }),
        ("option_text", { .text($0.row.answer) }),
        ("option_position", { .integer($0.row.option.map { Int64($0 - 1) }) }),
        ("day_key", { .text($0.row.dayKey.description) }),
        ("recorded_at", { .text(Instant.format($0.row.timestamp)) }),
        ("time_zone", { .text($0.row.timeZone) }),
        ("note", { .text($0.note) }),
    ]

    static let rowsPerStatement = 100

    /// The INSERT of `rows` answers: the uid first (made here when the row has none, as
    /// for a step of a run), then `columns`.
    static func insertSQL(rows: Int) -> String {
        let names = ["uid", "run_id", "position", "kind", "outcome"] + columns.map(\.name)
        let values =
            "(?, NULL, 0, 'question', '\(RunStepRecord.answered)', "
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO run_step (\(names.joined(separator: ", "))) VALUES "
            + Array(repeating: values, count: rows).joined(separator: ", ")
    }

    private let many: Statement
    private let one: Statement
    private let lookup: UIDLookup
    private let db: Database
    private var pending: [Pending] = []
    /// The uids of `pending`, which a lookup in the table cannot see yet.
    private var pendingUIDs: Set<String> = []

    /// Whether `find` looks in the table (else a uid the table holds is found when its
    /// batch is written: `StoredUID`).
    private let looksUpUIDs: Bool

    /// A batch could not be written: this answer's uid is in the table already (a load
    /// that does not look uids up, into a store that held none: an earlier row's).
    struct StoredUID: Error {
        var answer: Pending
    }

    init(_ db: Database, looksUpUIDs: Bool = true) throws {
        self.db = db
        self.looksUpUIDs = looksUpUIDs
        many = try db.cachedStatement(sql: Self.insertSQL(rows: Self.rowsPerStatement))
        one = try db.cachedStatement(sql: Self.insertSQL(rows: 1))
        lookup = try UIDLookup(db, table: "run_step")
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// Adds one answer (written by this call or a later one, `finish` at the latest).
    func insert(_ answer: Pending) throws {
        pending.append(answer)
        if let uid = answer.uid { pendingUIDs.insert(uid) }
        if pending.count == Self.rowsPerStatement {
            try write(pending, with: many)
            pending.removeAll(keepingCapacity: true)
            pendingUIDs.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the answers still waiting.
    func finish() throws {
        for answer in pending { try write([answer], with: one) }
        pending.removeAll()
        pendingUIDs.removeAll()
    }

    /// Where a uid is already: in the table (its row id), waiting in this inserter, or
    /// nowhere.
    enum Found {
        case stored(Int64)
        case waiting
        case nowhere
    }

    func find(uid: String) throws -> Found {
        if pendingUIDs.contains(uid) { return .waiting }
        return looksUpUIDs ? try lookUp(uid) : .nowhere
    }

    private func lookUp(_ uid: String) throws -> Found {
        try lookup.id(of: uid).map(Found.stored) ?? .nowhere
    }

    private func write(_ answers: [Pending], with statement: Statement) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var index: Int32 = 0
        for answer in answers {
            index += 1
            if let uid = answer.uid {
                bind(.uid(uid), at: index, handle)
            } else {
                UIDLookup.bind(uid: AppDatabase.newUIDBytes(), at: index, handle)
            }
            for column in Self.columns {
                index += 1
                bind(column.value(answer), at: index, handle)
            }
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            // Its uid index refused the batch: the first answer whose uid the table holds.
            if code & 0xFF == SQLITE_CONSTRAINT {
                for answer in answers {
                    guard let uid = answer.uid, case .stored = try lookUp(uid) else { continue }
                    throw StoredUID(answer: answer)
                }
            }
            throw UIDLookup.failure(code, in: db)
        }
    }

    /// Before an error of a later row is reported: the first answer waiting to be written
    /// whose uid the table holds, if any (then that row is the first bad one).
    func firstStoredUID() -> StoredUID? {
        guard !looksUpUIDs else { return nil }
        do {
            try finish()
        } catch let found as StoredUID {
            return found
        } catch {}
        return nil
    }

    private func bind(_ value: Bound, at index: Int32, _ handle: OpaquePointer?) {
        switch value {
        case .text(var text?):
            // By its length, so that no byte of the text is lost (as GRDB binds it).
            text.withUTF8 { bytes in
                let start = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                sqlite3_bind_text(
                    handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), UIDLookup.transient)
            }
        case .integer(let number?): sqlite3_bind_int64(handle, index, number)
        case .uid(let uid): UIDLookup.bind(uid: uid, at: index, handle)
        case .text(nil), .integer(nil): sqlite3_bind_null(handle, index)
        }
    }
}
