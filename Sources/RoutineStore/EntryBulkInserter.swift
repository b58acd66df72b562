import Foundation
import GRDB
import GRDBSQLite

/// The hot path of a bulk load: one prepared INSERT into `habit_entry`, bound straight
/// through the SQLite C API (GRDB's argument boxing costs more than SQLite itself at
/// 365,000 rows, most of all in debug builds). Used inside one write transaction.
struct EntryBulkInserter {
    private let statement: Statement
    private let lookup: Statement
    private let db: Database
    /// SQLITE_TRANSIENT: SQLite copies the bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: Database) throws {
        self.db = db
        statement = try db.cachedStatement(sql: AppDatabase.insertEntrySQL)
        lookup = try db.cachedStatement(sql: "SELECT 1 FROM habit_entry WHERE uid = ?")
    }

    /// Inserts one entry; `dayKey` and `timestamp` must already be in the store's
    /// canonical text forms.
    func insert(
        habitID: Int64, dayKey: String, timestamp: String, timeZone: String, value: Double?, note: String?,
        uid: String
    )
        throws
    {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, habitID)
        sqlite3_bind_text(handle, 2, dayKey, -1, Self.transient)
        sqlite3_bind_text(handle, 3, timestamp, -1, Self.transient)
        sqlite3_bind_text(handle, 4, timeZone, -1, Self.transient)
        if let value { sqlite3_bind_double(handle, 5, value) } else { sqlite3_bind_null(handle, 5) }
        if let note { sqlite3_bind_text(handle, 6, note, -1, Self.transient) } else { sqlite3_bind_null(handle, 6) }
        sqlite3_bind_null(handle, 7)  // run_id: bulk-loaded entries belong to no run
        sqlite3_bind_text(handle, 8, uid, -1, Self.transient)
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
