import Foundation
import GRDB
import RoutineCore

/// A row of one table, read column by column into Swift types (the records'
/// `init(row:)` and the bulk readers that go by position). A stored value that does not
/// convert — a day `2026-02-30`, a status `done`, text in a number column, NULL in a
/// column that must hold a value — throws `DamagedValue` naming the table, the row and
/// the column, which the store reports as `StoreError.corrupt`: a damaged row is an
/// error, never a silent default.
///
/// Conversion goes through `DatabaseValueConvertible.fromDatabaseValue`, which is strict
/// whatever the row came from (a copied row or a statement cursor).
struct StoredRow {
    let row: Row
    let table: String
    /// The column holding the row's id (a join may rename it, `v.id AS version_id`).
    let idColumn: String

    init(_ row: Row, table: String, idColumn: String = "id") {
        self.row = row
        self.table = table
        self.idColumn = idColumn
    }

    /// The value of `column`; NULL is damage.
    func callAsFunction<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T {
        let value = try stored(column)
        guard let converted = T.fromDatabaseValue(value) else { throw damage(column, value, T.self) }
        return converted
    }

    /// The value of `column`, nil for NULL.
    func optional<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T? {
        let value = try stored(column)
        if value.isNull { return nil }
        guard let converted = T.fromDatabaseValue(value) else { throw damage(column, value, T.self) }
        return converted
    }

    /// The value at position `index` (bulk reads select their columns in a known order),
    /// reported as `column`; NULL is damage.
    func at<T: DatabaseValueConvertible>(_ index: Int, _ column: String, as type: T.Type = T.self) throws -> T {
        let value: DatabaseValue = row[index]
        guard let converted = T.fromDatabaseValue(value) else { throw damage(column, value, T.self) }
        return converted
    }

    /// The value at position `index`, nil for NULL.
    func optional<T: DatabaseValueConvertible>(at index: Int, _ column: String, as type: T.Type = T.self) throws -> T? {
        let value: DatabaseValue = row[index]
        if value.isNull { return nil }
        guard let converted = T.fromDatabaseValue(value) else { throw damage(column, value, T.self) }
        return converted
    }

    private func stored(_ column: String) throws -> DatabaseValue {
        guard row.hasColumn(column) else {
            throw DamagedValue(table: table, row: rowName, column: column, problem: "is missing")
        }
        return row[column]
    }

    private func damage(_ column: String, _ value: DatabaseValue, _ type: Any.Type) -> DamagedValue {
        let kind = (type as? any StoredValue.Type)?.storedKind ?? Self.kind(of: type)
        let problem = value.isNull ? "is empty, but must hold \(kind)" : "holds \(Self.shown(value)), not \(kind)"
        return DamagedValue(table: table, row: rowName, column: column, problem: problem)
    }

    /// The row's `id` as the message shows it, or nil when the read did not select one.
    private var rowName: String? {
        guard row.hasColumn(idColumn) else { return nil }
        switch (row[idColumn] as DatabaseValue).storage {
        case .int64(let id): return String(id)
        case .string(let id): return id
        case .blob(let uid) where uid.count == 16: return StoredUID.text(uid)
        default: return nil
        }
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is Int64.Type, is Int.Type, is Int32.Type: "a whole number"
        case is String.Type: "text"
        default: "a value of type \(type)"
        }
    }

    /// A stored value as one short line shows it: text quoted and cut at 40 characters.
    private static func shown(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text):
            let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "'\(cut)'"
        case .blob(let data): return "a blob of \(data.count) bytes"
        }
    }
}

/// A stored value that does not read back as its type; `StoreErrorMapper` turns it into
/// `StoreError.corrupt` with the store's path.
struct DamagedValue: Error, Equatable {
    var table: String
    /// The row's id, when known.
    var row: String?
    var column: String
    var problem: String

    /// `table habit_entry, row 12: day_key holds '2026-02-30', not a day (YYYY-MM-DD)`.
    var detail: String {
        "table \(table), " + (row.map { "row \($0): " } ?? "") + "\(column) \(problem)"
    }
}
