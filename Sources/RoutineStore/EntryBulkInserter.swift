import Foundation
import GRDB
import GRDBSQLite
import RoutineCore

/// The hot path of a bulk load: rows go into `habit_entry` a hundred at a time, through
/// one prepared multi-row INSERT bound straight through the SQLite C API. Row by row,
/// SQLite set up its cursors, the foreign key and the triggers for every row, which
/// cost more than the insert itself (1.06 against 0.64 s for 365,000 rows); GRDB's
/// argument boxing cost more again. Used inside one write transaction; `finish` writes
/// what is left.
///
/// A row's texts go into one buffer as it is added, the day and the timestamp written
/// there from their values (no `String` between), a day or a zone the same as the row
/// before's bound from the same bytes; the statement binds them where they lie
/// (SQLITE_STATIC). A struct: its buffers are checked for exclusive access as it is
/// compiled, not at run time on every row as a class's stored properties are.
struct EntryBulkInserter {
    /// One entry waiting to be written: its texts' places in `texts`.
    private struct Pending {
        var habitID: Int64
        var value: Double?
        var day: Span
        var timestamp: Span
        var timeZone: Span
        var note: Span?
        /// The uid's 16 bytes (v13-uid-blobs).
        var uid: Span
    }

    private struct Span {
        var start: Int
        var count: Int
    }

    static let rowsPerStatement = 100
    private let many: Statement
    private let one: Statement
    private let lookup: UIDLookup
    private let db: Database
    private var pending: [Pending] = []
    /// The bytes of the texts (and uids) of the entries waiting.
    private var texts: [UInt8] = []
    /// The day and the zone of the last entry added, and where their bytes are.
    private var lastDay: (day: DayKey, span: Span)?
    private var lastZone: (zone: String, span: Span)?

    init(_ db: Database) throws {
        self.db = db
        many = try db.cachedStatement(sql: AppDatabase.insertEntriesSQL(rows: Self.rowsPerStatement))
        one = try db.cachedStatement(sql: AppDatabase.insertEntriesSQL(rows: 1))
        lookup = try UIDLookup(db, table: "habit_entry")
        pending.reserveCapacity(Self.rowsPerStatement)
    }

    /// Adds one entry (written by this call or a later one, `finish` at the latest), its
    /// day and timestamp stored in their canonical text forms (`timestampText`, the
    /// timestamp's own, when the file gave it so).
    mutating func insert(
        habitID: Int64, dayKey: DayKey, timestamp: Date, timestampText: Instant.StoredText? = nil, timeZone: String,
        value: Double?, note: String?, uid: (UInt64, UInt64)
    )
        throws
    {
        let day: Span
        if let lastDay, lastDay.day == dayKey {
            day = lastDay.span
        } else {
            day = keep { dayKey.appendText(to: &$0) }
            lastDay = (dayKey, day)
        }
        let instant =
            if let timestampText {
                keep { Instant.appendText(timestampText, to: &$0) }
            } else {
                keep { Instant.appendText(of: timestamp, to: &$0) }
            }
        let zone: Span
        if let lastZone, lastZone.zone == timeZone {
            zone = lastZone.span
        } else {
            zone = keep { $0.append(contentsOf: timeZone.utf8) }
            lastZone = (timeZone, zone)
        }
        let noteSpan = note.map { note in keep { $0.append(contentsOf: note.utf8) } }
        let uidSpan = keep { texts in withUnsafeBytes(of: uid) { texts.append(contentsOf: $0) } }
        pending.append(
            Pending(
                habitID: habitID, value: value, day: day, timestamp: instant, timeZone: zone, note: noteSpan,
                uid: uidSpan))
        if pending.count == Self.rowsPerStatement {
            try write(pending[...], with: many)
            empty()
        }
    }

    /// Writes the entries still waiting.
    mutating func finish() throws {
        for index in pending.indices { try write(pending[index...index], with: one) }
        empty()
    }

    private mutating func empty() {
        pending.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        lastDay = nil
        lastZone = nil
    }

    /// Appends bytes to `texts` and returns where they are.
    private mutating func keep(_ append: (inout [UInt8]) -> Void) -> Span {
        let start = texts.count
        append(&texts)
        return Span(start: start, count: texts.count - start)
    }

    /// Binds these entries to `statement` and runs it.
    private func write(_ entries: ArraySlice<Pending>, with statement: Statement) throws {
        let handle = statement.sqliteStatement
        let code = texts.withUnsafeBufferPointer { buffer -> Int32 in
            guard let start = buffer.baseAddress else { return SQLITE_MISUSE }
            let base = UnsafeRawPointer(start)
            var column: Int32 = 0
            func nextColumn() -> Int32 {
                column += 1
                return column
            }
            // nil as the destructor is SQLITE_STATIC: the bytes stay until the step.
            func bindText(_ span: Span) {
                sqlite3_bind_text(
                    handle, nextColumn(), (base + span.start).assumingMemoryBound(to: CChar.self),
                    Int32(span.count), nil)
            }
            sqlite3_reset(handle)
            for entry in entries {
                sqlite3_bind_int64(handle, nextColumn(), entry.habitID)
                bindText(entry.day)
                bindText(entry.timestamp)
                bindText(entry.timeZone)
                if let value = entry.value {
                    sqlite3_bind_double(handle, nextColumn(), value)
                } else {
                    sqlite3_bind_null(handle, nextColumn())
                }
                if let note = entry.note { bindText(note) } else { sqlite3_bind_null(handle, nextColumn()) }
                sqlite3_bind_null(handle, nextColumn())  // run_id: bulk-loaded entries belong to no run
                sqlite3_bind_blob(handle, nextColumn(), base + entry.uid.start, Int32(entry.uid.count), nil)
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
