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

    /// True when a row with the uid of these 16 bytes is stored.
    func contains(_ uid: (UInt64, UInt64)) throws -> Bool {
        try id { Self.bind(uid: uid, at: 1, $0) } != nil
    }

    /// The row id of the row with this uid, nil when none is stored.
    func id(of uid: String) throws -> Int64? {
        try id { Self.bind(uid: uid, at: 1, $0) }
    }

    private func id(binding bind: (OpaquePointer?) -> Void) throws -> Int64? {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        bind(handle)
        let code = sqlite3_step(handle)
        let id = sqlite3_column_int64(handle, 0)
        sqlite3_reset(handle)
        switch code {
        case SQLITE_ROW: return id
        case SQLITE_DONE: return nil
        default: throw Self.failure(code, in: db)
        }
    }

    /// Binds a uid text as the store holds it (v13-uid-blobs: its 16 bytes); a text that
    /// is not a uid is bound as it is, which no stored uid equals and the column refuses.
    static func bind(uid: String, at index: Int32, _ handle: OpaquePointer?) {
        if let bytes = StoredUID.bytes(uid) {
            bind(uid: bytes, at: index, handle)
        } else {
            sqlite3_bind_text(handle, index, uid, -1, transient)
        }
    }

    /// Binds a uid's 16 bytes (copied by SQLite before the call returns).
    static func bind(uid bytes: (UInt64, UInt64), at index: Int32, _ handle: OpaquePointer?) {
        withUnsafeBytes(of: bytes) { raw in
            _ = sqlite3_bind_blob(handle, index, raw.baseAddress, 16, transient)
        }
    }

    /// SQLite's error of the last call on `db`'s connection.
    static func failure(_ code: Int32, in db: Database) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
