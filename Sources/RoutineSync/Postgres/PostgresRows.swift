/// The rows a statement returned, copied out of libpq's result so nothing C-owned
/// outlives the call. Reads are typed and fail with a `PostgresError.badRead` line, never
/// a crash: a column that is not there, a NULL where a value was expected, a wrong type.
public struct PostgresRows: Sendable {
    /// One field as read: NULL, PostgreSQL's text form, or a bytea already decoded.
    enum Cell: Sendable, Equatable {
        case null
        case text(String)
        case bytes([UInt8])
    }

    /// The column names, in the order of the select list.
    public let columns: [String]
    /// The columns' type OIDs (20 int8, 23 int4, 21 int2, 16 bool, 17 bytea…).
    let types: [UInt32]
    let cells: [Cell]
    /// What the server's command tag counts: rows inserted, updated, deleted or copied.
    public let affected: Int

    init(columns: [String], types: [UInt32], cells: [Cell], affected: Int) {
        self.columns = columns
        self.types = types
        self.cells = cells
        self.affected = affected
    }

    /// How many rows came back.
    public var count: Int { columns.isEmpty ? 0 : cells.count / columns.count }

    public func isNull(_ row: Int, _ column: String) throws(PostgresError) -> Bool {
        try isNull(row, index(of: column))
    }

    public func isNull(_ row: Int, _ column: Int) throws(PostgresError) -> Bool {
        try cell(row, column) == .null
    }

    public func string(_ row: Int, _ column: String) throws(PostgresError) -> String {
        try string(row, index(of: column))
    }

    public func string(_ row: Int, _ column: Int) throws(PostgresError) -> String {
        switch try cell(row, column) {
        case .text(let text): return text
        case .null: throw nullError(row, column)
        case .bytes: throw typeError(row, column, wanted: "text")
        }
    }

    public func int64(_ row: Int, _ column: String) throws(PostgresError) -> Int64 {
        try int64(row, index(of: column))
    }

    public func int64(_ row: Int, _ column: Int) throws(PostgresError) -> Int64 {
        let text = try integerText(row, column)
        guard let value = Int64(text) else { throw typeError(row, column, wanted: "an integer") }
        return value
    }

    public func bool(_ row: Int, _ column: String) throws(PostgresError) -> Bool {
        try bool(row, index(of: column))
    }

    public func bool(_ row: Int, _ column: Int) throws(PostgresError) -> Bool {
        let text = try string(row, column)
        guard types[column] == 16, text == "t" || text == "f" else { throw typeError(row, column, wanted: "a boolean") }
        return text == "t"
    }

    public func bytes(_ row: Int, _ column: String) throws(PostgresError) -> [UInt8] {
        try bytes(row, index(of: column))
    }

    public func bytes(_ row: Int, _ column: Int) throws(PostgresError) -> [UInt8] {
        switch try cell(row, column) {
        case .bytes(let bytes): return bytes
        case .null: throw nullError(row, column)
        case .text: throw typeError(row, column, wanted: "bytea")
        }
    }

    private func integerText(_ row: Int, _ column: Int) throws(PostgresError) -> String {
        let text = try string(row, column)
        guard [20, 21, 23, 26].contains(types[column]) else { throw typeError(row, column, wanted: "an integer") }
        return text
    }

    private func index(of column: String) throws(PostgresError) -> Int {
        guard let index = columns.firstIndex(of: column) else {
            throw .badRead("no column \"\(column)\" (the result has \(columns.joined(separator: ", ")))")
        }
        return index
    }

    private func cell(_ row: Int, _ column: Int) throws(PostgresError) -> Cell {
        guard columns.indices.contains(column) else {
            throw .badRead("no column \(column) (the result has \(columns.count))")
        }
        guard row >= 0, row < count else { throw .badRead("no row \(row) (the result has \(count))") }
        return cells[row * columns.count + column]
    }

    private func nullError(_ row: Int, _ column: Int) -> PostgresError {
        .badRead("\(columns[column]) is NULL in row \(row)")
    }

    private func typeError(_ row: Int, _ column: Int, wanted: String) -> PostgresError {
        .badRead("\(columns[column]) in row \(row) is not \(wanted) (type oid \(types[column]))")
    }
}
