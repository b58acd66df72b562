import GRDB
import GRDBSQLite

/// Whether a table holds a row with a uid, and which, asked through SQLite's C API (a
/// bulk load asks once a row): `import-from`'s entries and pauses, `import-answers`' steps.
struct UIDLookup {
    private let db: Database
    private let statement: Statement
    /// SQLITE_TRANSIENT: SQLite copies the bound text before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// `table` is one of the store's own (`habit_entry`, `pause`, `run_step`), never a user's text.
    init(_ db: Database, table: String) throws {
        self.db = db
        statement = try db.cachedStatement(sql: "SELECT id FROM \(table) WHERE uid = ?")
    }

    /// True when a row with this uid is stored (deleted ones included).
    func contains(_ uid: String) throws -> Bool {
        try id(of: uid) != nil
    }

    /// The row id of the row with this uid, nil when none is stored.
    func id(of uid: String) throws -> Int64? {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_text(handle, 1, uid, -1, Self.transient)
        let code = sqlite3_step(handle)
        let id = sqlite3_column_int64(handle, 0)
        sqlite3_reset(handle)
        switch code {
        case SQLITE_ROW: return id
        case SQLITE_DONE: return nil
        default: throw Self.failure(code, in: db)
        }
    }

    /// SQLite's error of the last call on `db`'s connection.
    static func failure(_ code: Int32, in db: Database) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
