import Foundation
import GRDB
import GRDBSQLite
import RoutineCore

/// A forward scan of one query's rows, read through the SQLite C API: the ledger's
/// lifetime reads (SPEC §17) decode tens of thousands of rows per command, where GRDB's
/// rows (a `DatabaseValue` per column, converted generically) cost more than SQLite's
/// scan itself. Values are checked as strictly as `StoredRow` checks them: a value that
/// is not what its column holds (written by hand) makes the query's rows be read again
/// through `StoredRow`, whose error names the table, the row and the column (the scan
/// selects no row id: reading it from an index costs as much as a column, per row).
struct LedgerScan {
    /// What names the query and reads it again on a damaged value: held by reference, so
    /// that the scan itself is a few words (a scan of 152 bytes was copied whole around
    /// each row's step and column read: about 12 M instructions over 411,000 reads).
    private final class Query {
        let db: Database
        let statement: Statement
        let table: String
        let select: String
        let source: String
        let condition: String
        var arguments: StatementArguments

        init(
            db: Database, statement: Statement, table: String, select: String, source: String, condition: String,
            arguments: StatementArguments
        ) {
            self.db = db
            self.statement = statement
            self.table = table
            self.select = select
            self.source = source
            self.condition = condition
            self.arguments = arguments
        }
    }

    private let query: Query
    private let handle: OpaquePointer
    /// The month of the last day parsed whole (`day`): its first eight bytes (`YYYY-MM-`)
    /// and the ordinal of its first day (`Int.min`: none yet).
    private var month: (bytes: UInt64, first: Int) = (0, Int.min)
    /// The last day read (`day`): its ten bytes and its ordinal (`Int.min`: none yet). A
    /// habit's entries come in day order, so a day often repeats the one before it.
    private var lastDay: (head: UInt64, tail: UInt16, ordinal: Int) = (0, 0, Int.min)
    /// The words read (`word`).
    private var words: [([UInt8], String)] = []

    /// Scans `SELECT select FROM table [INDEXED BY index] WHERE condition`; columns are
    /// read by their position in `select`.
    init(
        _ db: Database, _ select: String, from table: String, indexedBy index: String? = nil, where condition: String,
        arguments: StatementArguments
    )
        throws
    {
        let source = index.map { "\(table) INDEXED BY \($0)" } ?? table
        let statement = try db.makeStatement(sql: "SELECT \(select) FROM \(source) WHERE \(condition)")
        try statement.setArguments(arguments)
        query = Query(
            db: db, statement: statement, table: table, select: select, source: source, condition: condition,
            arguments: arguments)
        handle = statement.sqliteStatement
    }

    /// Scans the query again from its first row, with `arguments` (the statement is
    /// prepared once).
    mutating func restart(_ arguments: StatementArguments) throws {
        try query.statement.setArguments(arguments)
        query.arguments = arguments
    }

    /// Moves to the next row; false after the last.
    func next() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(query.db.sqliteConnection)))
        }
    }

    /// The column's value in the current row, read through `sqlite3_value_*`: each
    /// `sqlite3_column_*` call takes the connection's mutex and checks for a failed
    /// allocation, once per call, and a day is three calls (type, text, length). The value
    /// is SQLite's own (unprotected) one: valid until the next step, read on the thread
    /// that steps (a `read` closure holds the connection), as the column calls read it.
    private func value(_ index: Int32) -> OpaquePointer { sqlite3_column_value(handle, index) }

    /// A whole number (an id; a comparison's 0 or 1).
    func int64(_ index: Int32, _ column: String) throws -> Int64 {
        let value = value(index)
        guard sqlite3_value_type(value) == SQLITE_INTEGER else { try damaged(index, column, as: Int64.self) }
        return sqlite3_value_int64(value)
    }

    func bool(_ index: Int32, _ column: String) throws -> Bool { try int64(index, column) != 0 }

    /// A text value's bytes (nil: not a text).
    private func textBytes(_ index: Int32) -> UnsafeBufferPointer<UInt8>? {
        let value = value(index)
        guard sqlite3_value_type(value) == SQLITE_TEXT, let text = sqlite3_value_text(value) else { return nil }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
    }

    /// A day, `YYYY-MM-DD`, parsed where SQLite holds it. Rows come in day order (a run's
    /// steps, a habit's entries): the same ten bytes as the last day read are that day; a
    /// day in the month of the last day parsed whole (its first eight bytes) is that
    /// month's first day plus its two digits, when they are 01–28 (every month has them);
    /// any other day is parsed whole.
    mutating func day(_ index: Int32, _ column: String) throws -> DayKey {
        guard let bytes = textBytes(index), let text = bytes.baseAddress else {
            try damaged(index, column, as: DayKey.self)
        }
        if bytes.count == 10 {
            let raw = UnsafeRawPointer(text)
            let head = raw.loadUnaligned(as: UInt64.self)
            let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
            if head == lastDay.head, tail == lastDay.tail, lastDay.ordinal != Int.min {
                return DayKey(ordinal: lastDay.ordinal)
            }
            if head == month.bytes, month.first != Int.min {
                let zero = UInt8(ascii: "0")
                let (tens, units) = (text[8] &- zero, text[9] &- zero)
                if tens <= 2, units <= 9 {
                    let day = Int(tens) * 10 + Int(units)
                    if day >= 1, day <= 28 {
                        lastDay = (head, tail, month.first + day - 1)
                        return DayKey(ordinal: lastDay.ordinal)
                    }
                }
            }
        }
        guard let day = DayKey(utf8: bytes) else { try damaged(index, column, as: DayKey.self) }
        // A valid day is ten bytes whose last two are its day of the month.
        let raw = UnsafeRawPointer(text)
        let zero = UInt8(ascii: "0")
        month = (raw.loadUnaligned(as: UInt64.self), day.ordinal - (Int(text[8] - zero) * 10 + Int(text[9] - zero)) + 1)
        lastDay = (month.bytes, raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self), day.ordinal)
        return day
    }

    /// A comparison's 0 or 1 (`run_id IS NOT NULL`, `kind = 'habit'`): an expression of
    /// the query, never a stored value, so never of another type.
    func flag(_ index: Int32) -> Bool { sqlite3_value_int64(value(index)) != 0 }

    /// A text known to be one of few values (an outcome), as its `String`: each value is
    /// decoded once per scan, then recognised by its bytes.
    mutating func word(_ index: Int32, _ column: String) throws -> String {
        guard let text = textBytes(index) else { try damaged(index, column, as: String.self) }
        for known in words.indices where words[known].0.count == text.count {
            if text.isEmpty
                || words[known].0.withUnsafeBufferPointer({ memcmp($0.baseAddress!, text.baseAddress!, text.count) })
                    == 0
            {
                return words[known].1
            }
        }
        let bytes = Array(text)
        let word = String(decoding: bytes, as: UTF8.self)
        words.append((bytes, word))
        return word
    }

    /// The text's bytes where SQLite holds them, valid until the next row (`body` must
    /// not keep them).
    func withBytes<T>(_ index: Int32, _ column: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        guard let text = textBytes(index) else { try damaged(index, column, as: String.self) }
        return try body(text)
    }

    func text(_ index: Int32, _ column: String) throws -> String {
        guard let text = textBytes(index) else { try damaged(index, column, as: String.self) }
        return String(decoding: text, as: UTF8.self)
    }

    func optionalText(_ index: Int32, _ column: String) throws -> String? {
        if sqlite3_value_type(value(index)) == SQLITE_NULL { return nil }
        guard let text = textBytes(index) else { try damaged(index, column, as: String.self, orNull: true) }
        return String(decoding: text, as: UTF8.self)
    }

    /// A number; a whole number stored in a REAL column reads as one too.
    func optionalDouble(_ index: Int32, _ column: String) throws -> Double? {
        let value = value(index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_FLOAT, SQLITE_INTEGER: return sqlite3_value_double(value)
        default: try damaged(index, column, as: Double.self, orNull: true)
        }
    }

    /// Reads the query's rows again through `StoredRow` up to the first whose `column`
    /// does not read back as a `T` (`orNull`: or NULL), which throws the error naming it
    /// (a rare path: a store edited by hand).
    private func damaged<T: DatabaseValueConvertible>(
        _ index: Int32, _ column: String, as type: T.Type, orNull: Bool = false
    ) throws -> Never {
        let rows = try Row.fetchCursor(
            query.db, sql: "SELECT \(query.select), id FROM \(query.source) WHERE \(query.condition)",
            arguments: query.arguments)
        while let row = try rows.next() {
            if orNull, row.hasNull(atIndex: Int(index)) { continue }
            _ = try StoredRow(row, table: query.table).at(Int(index), column, as: T.self)
        }
        throw DamagedValue(table: query.table, row: nil, column: column, problem: "cannot be read")
    }
}
