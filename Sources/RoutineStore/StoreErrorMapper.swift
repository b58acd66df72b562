import Foundation
import GRDB
import RoutineCore

/// Turns SQLite and GRDB errors into `StoreError`s with one clear line.
enum StoreErrorMapper {
    static func map(_ error: Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let damage = error as? DamagedValue {
            return .corrupt(path: path, detail: damage.detail)
        }
        if error is RowDecodingError {
            // A value of the wrong type, e.g. written by hand with sqlite3: refuse, never crash.
            return .corrupt(path: path, detail: "a stored value has an unexpected type")
        }
        guard let error = error as? DatabaseError else {
            return .database(path: path, detail: String(describing: error))
        }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notADatabase(path: path)
        case .SQLITE_CORRUPT:
            return .corrupt(path: path, detail: error.message ?? "database disk image is malformed")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .locked(path: path)
        case .SQLITE_READONLY:
            return .readOnly(path: path)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_PERM, .SQLITE_AUTH:
            return .unreadable(path: path)
        case .SQLITE_CANTOPEN:
            return .database(path: path, detail: "cannot open the database file")
        default:
            return .database(path: path, detail: error.message ?? "\(error.resultCode)")
        }
    }
}
