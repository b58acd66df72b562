import GRDB
import GRDBSQLite

/// The one-day pauses of an import (Loop's SKIPs, harsh's `s`: 26,000 in ten years of a
/// hundred Loop habits), each a `pause` row and its `pause_habit` link, bound straight
/// through SQLite's C API: through GRDB's statement arguments each pause cost more than
/// its two inserts. Used inside one write transaction.
final class OneDayPauseInserter {
    private let db: Database
    private let known: UIDLookup
    private let pause: Statement
    private let link: Statement
    /// The note of a pause that has none of its own: `skipped in Loop`.
    let note: String
    private let createdAt: String

    /// Pauses with this note (`skipped in Loop`), created at `createdAt` (stored form).
    init(_ db: Database, note: String, createdAt: String) throws {
        self.db = db
        self.note = note
        self.createdAt = createdAt
        known = try UIDLookup(db, table: "pause")
        pause = try db.cachedStatement(
            sql: "INSERT INTO pause (from_day, to_day, note, created_at, uid) VALUES (?, ?, ?, ?, ?)")
        link = try db.cachedStatement(sql: "INSERT INTO pause_habit (pause_id, habit_id, position) VALUES (?, ?, 0)")
    }

    /// True when a pause with the uid of these 16 bytes is stored (one of this import's included).
    func exists(uid: (UInt64, UInt64)) throws -> Bool {
        try known.contains(uid)
    }

    /// Pauses the habit `habitID` on `day` (`YYYY-MM-DD`) alone, with `note` (a checked
    /// line) or else the import's.
    func insert(day: String, habitID: Int64, uid: (UInt64, UInt64), note: String? = nil) throws {
        let handle = pause.sqliteStatement
        sqlite3_reset(handle)
        for (column, text) in [day, day, note ?? self.note, createdAt].enumerated() {
            sqlite3_bind_text(handle, Int32(column + 1), text, -1, UIDLookup.transient)
        }
        UIDLookup.bind(uid: uid, at: 5, handle)
        try step(handle)
        let links = link.sqliteStatement
        sqlite3_reset(links)
        sqlite3_bind_int64(links, 1, sqlite3_last_insert_rowid(db.sqliteConnection))
        sqlite3_bind_int64(links, 2, habitID)
        try step(links)
    }

    private func step(_ handle: OpaquePointer) throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else { throw UIDLookup.failure(code, in: db) }
    }
}
