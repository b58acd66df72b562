import Foundation
import GRDB
import GRDBSQLite
import RoutineCore

/// A uid as the store keeps it since migration v13-uid-blobs: its 16 bytes, a BLOB in
/// `habit_entry.uid`, `run_step.uid` and `pause.uid`, shown everywhere a person or a file
/// sees it (CSV, JSON, sync payloads, messages) as the lower-case UUID text
/// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. In Swift it stays that text (`text`), so the
/// public values keep their shape; only the column changes. A stored value that is not
/// 16 bytes does not read back (a damaged row, as for any typed column).
struct StoredUID: Hashable, Sendable, Codable, StoredValue {
    /// The lower-case text form.
    var text: String

    /// The uid of a text in UUID form (either case); nil for any other text.
    init?(text: String) {
        guard let bytes = Self.bytes(text) else { return nil }
        self.text = Self.text(bytes)
    }

    private init(canonical text: String) { self.text = text }

    static var storedKind: String { "a uid (16 bytes)" }

    var databaseValue: DatabaseValue {
        guard let bytes = Self.bytes(text) else { return text.databaseValue }
        return Self.blob(bytes).databaseValue
    }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredUID? {
        guard case .blob(let data) = dbValue.storage, data.count == 16 else { return nil }
        return StoredUID(canonical: text(data))
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let uid = StoredUID(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a uid"))
        }
        self = uid
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The 16 bytes of a uid text (either case), in order; nil when it is not one.
    static func bytes(_ text: String) -> (UInt64, UInt64)? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    static func parse(_ chars: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard chars.count == 36 else { return nil }
        var result: (UInt64, UInt64) = (0, 0)
        let ok = withUnsafeMutableBytes(of: &result) { raw -> Bool in
            var out = 0
            var high = true
            for (offset, char) in zip(0..., chars) {
                if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                    guard char == UInt8(ascii: "-") else { return false }
                    continue
                }
                let nibble: UInt8
                switch char {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = char - 48
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = char - 87
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = char - 55
                default: return false
                }
                if high {
                    raw[out] = nibble << 4
                } else {
                    raw[out] |= nibble
                    out += 1
                }
                high.toggle()
            }
            return true
        }
        return ok ? result : nil
    }

    /// The lower-case text of 16 bytes.
    static func text(_ bytes: (UInt64, UInt64)) -> String { AppDatabase.uidText(bytes: bytes) }

    /// The lower-case text of a 16-byte blob.
    static func text(_ data: Data) -> String {
        var bytes: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in _ = data.copyBytes(to: raw) }
        return text(bytes)
    }

    static func blob(_ bytes: (UInt64, UInt64)) -> Data {
        withUnsafeBytes(of: bytes) { Data($0) }
    }

    /// The blob a text uid is stored as by migration v13-uid-blobs: its own bytes, or
    /// for a text that is not a UUID (only a store edited by hand holds one; the column
    /// took any 36 characters) the name-based UUID of that text, so every device that
    /// upgrades gives it the same one.
    static func migrated(_ text: String) -> Data {
        if let bytes = bytes(text) { return blob(bytes) }
        let uuid = UUIDv5.make(name: "stored-uid\u{1F}" + text)
        return withUnsafeBytes(of: uuid.uuid) { Data($0) }
    }

    /// Registers `uid_blob(text)` on `db`'s connection: the blob of a uid text, NULL for
    /// NULL or any other text. An application statement's function (a pull turns every
    /// entry's uid text into its bytes with it), never one the schema names, which
    /// `sqlite3` must be able to write through. Through SQLite's C API: GRDB's functions
    /// box each argument and result, a cost paid once per row of a first pull.
    static func addBlobFunction(_ db: Database) {
        sqlite3_create_function_v2(
            db.sqliteConnection, "uid_blob", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, _, values in
                guard let value = values?[0], sqlite3_value_type(value) == SQLITE_TEXT,
                    let text = sqlite3_value_text(value),
                    let bytes = StoredUID.parse(
                        UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))))
                else {
                    sqlite3_result_null(context)
                    return
                }
                withUnsafeBytes(of: bytes) { sqlite3_result_blob(context, $0.baseAddress, 16, UIDLookup.transient) }
            }, nil, nil, nil)
    }

    /// `uid_from_text(text)`: migration v13-uid-blobs' conversion (`migrated`).
    static let migrationFunction = DatabaseFunction("uid_from_text", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return migrated(text)
    }

    /// The text of the uid blob `expression` in SQL alone (the sync capture triggers,
    /// which also fire in a `sqlite3` session): NULL for NULL.
    static func textSQL(_ expression: String) -> String {
        let hex = "hex(\(expression))"
        return """
            nullif(lower(substr(\(hex), 1, 8) || '-' || substr(\(hex), 9, 4) || '-' || substr(\(hex), 13, 4) || '-' \
            || substr(\(hex), 17, 4) || '-' || substr(\(hex), 21)), '----')
            """
    }
}
