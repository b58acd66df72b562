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
        /// The uid's 16 bytes (v13-uid-blobs).
        var uid: (UInt64, UInt64)
    }

    static let rowsPerStatement = 100
    private let many: Statement
    private let one: Statement
    private let lookup: UIDLookup
    private let db: Database
    private var pending: [Pending] = []
    /// The bytes of the texts (and uids) bound to the statement being written.
    private var texts: [UInt8] = []

    init(_ db: Database) throws {
        self.db = db
        many = try db.cachedStatement(sql: AppDatabase.insertEntriesSQL(rows: Self.rowsPerStatement))
        one = try db.cachedStatement(sql: AppDatabase.insertEntriesSQL(rows: 1))
        lookup = try UIDLookup(db, table: "habit_entry")
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// Adds one entry (written by this call or a later one, `finish` at the latest);
    /// `dayKey` and `timestamp` must already be in the store's canonical text forms.
    func insert(
        habitID: Int64, dayKey: String, timestamp: String, timeZone: String, value: Double?, note: String?,
        uid: (UInt64, UInt64)
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
        // The texts of the whole statement, copied once into one buffer that outlives the
        // step and bound where they lie (SQLITE_STATIC): bound one by one as transient,
        // each was measured, allocated and copied again by SQLite.
        texts.removeAll(keepingCapacity: true)
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(entries.count * 5)
        func keep(_ text: String) {
            spans.append((texts.count, text.utf8.count))
            texts.append(contentsOf: text.utf8)
        }
        // In the order they are bound: day, timestamp, time zone, note (when given), uid.
        for entry in entries {
            keep(entry.dayKey)
            keep(entry.timestamp)
            keep(entry.timeZone)
            if let note = entry.note { keep(note) }
            spans.append((texts.count, 16))
            withUnsafeBytes(of: entry.uid) { texts.append(contentsOf: $0) }
        }
        let handle = statement.sqliteStatement
        let code = texts.withUnsafeBufferPointer { buffer -> Int32 in
            guard let start = buffer.baseAddress else { return SQLITE_MISUSE }
            let base = UnsafeRawPointer(start)
            var column: Int32 = 0
            var span = 0
            func nextColumn() -> Int32 {
                column += 1
                return column
            }
            // nil as the destructor is SQLITE_STATIC: the bytes stay until the step.
            func bindText() {
                let (start, count) = spans[span]
                span += 1
                sqlite3_bind_text(
                    handle, nextColumn(), (base + start).assumingMemoryBound(to: CChar.self), Int32(count), nil)
            }
            sqlite3_reset(handle)
            for entry in entries {
                sqlite3_bind_int64(handle, nextColumn(), entry.habitID)
                bindText()  // day
                bindText()  // timestamp
                bindText()  // time zone
                if let value = entry.value {
                    sqlite3_bind_double(handle, nextColumn(), value)
                } else {
                    sqlite3_bind_null(handle, nextColumn())
                }
                if entry.note != nil { bindText() } else { sqlite3_bind_null(handle, nextColumn()) }
                sqlite3_bind_null(handle, nextColumn())  // run_id: bulk-loaded entries belong to no run
                let (start, count) = spans[span]
                span += 1
                sqlite3_bind_blob(handle, nextColumn(), base + start, Int32(count), nil)  // uid
            }
            let code = sqlite3_step(handle)
            sqlite3_reset(handle)
            return code
        }
        guard code == SQLITE_DONE else {
            throw UIDLookup.failure(code, in: db)
        }
    }

    /// True when an entry with this uid is stored (deleted ones included).
    func exists(uid: (UInt64, UInt64)) throws -> Bool {
        try lookup.contains(uid)
    }

}
