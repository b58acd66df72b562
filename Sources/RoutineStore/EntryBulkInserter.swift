import Foundation
import GRDB
import GRDBSQLite

/// The hot path of a bulk load: rows go into `habit_entry` a hundred at a time, through
/// one prepared multi-row INSERT bound straight through the SQLite C API. Row by row,
/// SQLite set up its cursors, the foreign key and the triggers for every row, which
/// cost more than the insert itself (1.06 against 0.64 s for 365,000 rows); GRDB's
/// argument boxing cost more again. Used inside one write transaction; `finish` writes
/// what is left.
final class EntryBulkInserter {
    /// One entry waiting to be written.
    private struct Pending {
        var habitID: Int64
        var dayKey: String
        var timestamp: String
        var timeZone: String
        var value: Double?
        var note: String?
        var uid: String
    }

    static let rowsPerStatement = 100
    private let many: Statement
    private let one: Statement
    private let lookup: Statement
    private let db: Database
    private var pending: [Pending] = []
    /// SQLITE_TRANSIENT: SQLite copies the bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: Database) throws {
        self.db = db
        many = try db.cachedStatement(sql: AppDatabase.insertEntriesSQL(rows: Self.rowsPerStatement))
        one = try db.cachedStatement(sql: AppDatabase.insertEntriesSQL(rows: 1))
        lookup = try db.cachedStatement(sql: "SELECT 1 FROM habit_entry WHERE uid = ?")
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// Adds one entry (written by this call or a later one, `finish` at the latest);
    /// `dayKey` and `timestamp` must already be in the store's canonical text forms.
    func insert(
        habitID: Int64, dayKey: String, timestamp: String, timeZone: String, value: Double?, note: String?,
        uid: String
    )
        throws
    {
        pending.append(
            Pending(
                habitID: habitID, dayKey: dayKey, timestamp: timestamp, timeZone: timeZone, value: value, note: note,
                uid: uid))
        if pending.count == Self.rowsPerStatement {
            try write(pending, with: many)
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Writes the entries still waiting.
    func finish() throws {
        for entry in pending { try write([entry], with: one) }
        pending.removeAll()
    }

    private func write(_ entries: [Pending], with statement: Statement) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var column: Int32 = 0
        func next() -> Int32 {
            column += 1
            return column
        }
        for entry in entries {
            sqlite3_bind_int64(handle, next(), entry.habitID)
            sqlite3_bind_text(handle, next(), entry.dayKey, -1, Self.transient)
            sqlite3_bind_text(handle, next(), entry.timestamp, -1, Self.transient)
            sqlite3_bind_text(handle, next(), entry.timeZone, -1, Self.transient)
            if let value = entry.value {
                sqlite3_bind_double(handle, next(), value)
            } else {
                sqlite3_bind_null(handle, next())
            }
            if let note = entry.note {
                sqlite3_bind_text(handle, next(), note, -1, Self.transient)
            } else {
                sqlite3_bind_null(handle, next())
            }
            sqlite3_bind_null(handle, next())  // run_id: bulk-loaded entries belong to no run
            sqlite3_bind_text(handle, next(), entry.uid, -1, Self.transient)
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw failure(code)
        }
    }

    /// True when an entry with this uid is stored (deleted ones included).
    func exists(uid: String) throws -> Bool {
        let handle = lookup.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_text(handle, 1, uid, -1, Self.transient)
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw failure(code)
        }
    }

    private func failure(_ code: Int32) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
