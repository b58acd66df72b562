import GRDB
import GRDBSQLite

/// The new entries of a change read in Swift (`SyncEntryItems`) and written a thousand
/// rows a statement, bound through SQLite's C API straight from the change's text: the
/// rows `insertNewEntries`' JSON statement makes, in the same order, with the same ids.
///
/// A thousand (a change's whole snapshot batch), not a hundred as the bulk loader: inside
/// the pull's transaction SQLite copies each page a statement changes to its sub-journal
/// once per statement, and the uid index's pages are random. In a replica of a first pull
/// of 365,000 entries (Python, the same SQLite), a hundred rows a statement journaled
/// 310,000 pages, a thousand 198,000.
extension SyncApplier {
    static let scannedRowsPerStatement = 1000

    /// One multi-row INSERT in the columns' order of `insertNewEntries`' statement; a
    /// uid stored already makes no row, as there — through the uid index, or (`claimed`:
    /// the index is aside) because `PulledEntryIndexes.claim` left its row out.
    static func scannedInsertSQL(rows: Int, claimed: Bool) -> String {
        "INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone, value, note, uid, deleted_at) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
            + (claimed ? "" : " ON CONFLICT (uid) DO NOTHING")
    }

    /// The statements of a whole batch, written once (each call wrote 26 KB of SQL: 2 % of
    /// a first pull).
    static let wholeInsertSQL = scannedInsertSQL(rows: scannedRowsPerStatement, claimed: false)
    static let wholeClaimedInsertSQL = scannedInsertSQL(rows: scannedRowsPerStatement, claimed: true)

    /// Inserts the rows of `scanned` (read from `bytes`) whose habit the store has (its
    /// uid, or one merged into it); returns the number of entries made.
    mutating func insertScanned(_ scanned: SyncEntryItems, in bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
        var habits: [ByteKey: Int64?] = [:]
        var batch: [(row: SyncEntryItems.Row, habit: Int64)] = []
        batch.reserveCapacity(Self.scannedRowsPerStatement)
        var made = 0
        // A snapshot gives each habit's entries in a run: the row before's habit is asked
        // first, byte for byte, before the dictionary hashes the text (3 % of a first pull).
        var last: (key: ByteKey, habit: Int64?)?
        for row in scanned.rows {
            let key = ByteKey(bytes, row.habit)
            let habit: Int64?
            if let last, last.key == key {
                habit = last.habit
            } else if let known = habits[key] {
                habit = known
            } else {
                habit = try scannedHabitID(key)
                habits[key] = habit
            }
            last = (key, habit)
            guard let habit else { continue }
            // The uid index aside: a uid stored, or made earlier in the pull, makes no row.
            if indexes.uidsAside, !indexes.claim(row.uid) { continue }
            batch.append((row, habit))
            if batch.count == Self.scannedRowsPerStatement {
                made += try writeScanned(batch, in: bytes)
                batch.removeAll(keepingCapacity: true)
            }
        }
        // What is left in statements of 512, 256, … rows: a few sizes, each compiled once.
        var start = 0
        var size = Self.scannedRowsPerStatement
        while start < batch.count {
            while size > batch.count - start { size /= 2 }
            made += try writeScanned(Array(batch[start..<start + size]), in: bytes)
            start += size
        }
        return made
    }

    /// The habit a change's habit text names as the statement's join finds it: through
    /// the merged uids (compared byte for byte, as `json_each`'s keys), then by `uid`.
    private func scannedHabitID(_ key: ByteKey) throws -> Int64? {
        let text = String(decoding: key.bytes, as: UTF8.self)
        let uid = aliases.isEmpty ? text : resolvedAliasBytes[Array(key.bytes)] ?? text
        return try db.fetchOneCached(Int64.self, sql: "SELECT id FROM habit WHERE uid = ?", arguments: [uid])
    }

    /// One statement of `entries`, its texts bound where they lie in `bytes` (which
    /// outlives the step). Returns the rows it made.
    private func writeScanned(
        _ entries: [(row: SyncEntryItems.Row, habit: Int64)], in bytes: UnsafeBufferPointer<UInt8>
    ) throws -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let sql =
            entries.count < Self.scannedRowsPerStatement
            ? Self.scannedInsertSQL(rows: entries.count, claimed: indexes.uidsAside)
            : indexes.uidsAside ? Self.wholeClaimedInsertSQL : Self.wholeInsertSQL
        let statement = try db.cachedStatement(sql: sql)
        let uids = entries.map(\.row.uid)
        let handle = statement.sqliteStatement
        return try uids.withUnsafeBufferPointer { uidBuffer -> Int in
            var column: Int32 = 0
            func text(_ span: SyncEntryItems.Span?) {
                column += 1
                guard let span else {
                    sqlite3_bind_null(handle, column)
                    return
                }
                // nil as the destructor is SQLITE_STATIC: the bytes stay until the step.
                let start = UnsafeRawPointer(base + span.start).assumingMemoryBound(to: CChar.self)
                sqlite3_bind_text(handle, column, start, Int32(span.count), nil)
            }
            sqlite3_reset(handle)
            for (index, entry) in entries.enumerated() {
                let row = entry.row
                column += 1
                sqlite3_bind_int64(handle, column, entry.habit)
                text(row.day)
                text(row.at)
                text(row.tz)
                switch row.value {
                case .null: text(nil)
                case .integer(let number):
                    column += 1
                    sqlite3_bind_int64(handle, column, number)
                case .text(let span): text(span)
                }
                text(row.note)
                column += 1
                sqlite3_bind_blob(handle, column, uidBuffer.baseAddress.map { UnsafeRawPointer($0 + index) }, 16, nil)
                text(row.deleted)
            }
            let code = sqlite3_step(handle)
            let failure = code == SQLITE_DONE ? nil : UIDLookup.failure(code, in: db)
            let made = Int(sqlite3_changes(db.sqliteConnection))
            sqlite3_reset(handle)
            // No binding outlives the bytes it points into.
            sqlite3_clear_bindings(handle)
            if let failure { throw failure }
            return made
        }
    }
}
