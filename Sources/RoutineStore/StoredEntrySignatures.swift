import Foundation
import GRDB

/// The entries a store held before an import, as what makes two entries the same
/// record when neither names a uid: habit, day, value, note and timestamp, or all but
/// the timestamp for a row whose file gives none (issue 19 item 13: a CSV written by
/// hand, without uids, was imported again on every import).
///
/// Read once, in the import's transaction, before any row is written; an empty store
/// (the bulk load of a fresh machine) reads nothing and compares nothing.
struct StoredEntrySignatures {
    private struct Signature: Hashable {
        var habitID: Int64
        var dayKey: String
        var value: Double?
        var note: String?
        var timestamp: String
    }

    private var signatures: Set<Signature> = []
    /// The same without the timestamp, for rows whose file gave none.
    private var loose: Set<Signature> = []

    init(_ db: Database) throws {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT habit_id, day_key, value, note, timestamp FROM habit_entry")
        while let row = try rows.next() {
            var signature = Signature(habitID: row[0], dayKey: row[1], value: row[2], note: row[3], timestamp: row[4])
            signatures.insert(signature)
            signature.timestamp = ""
            loose.insert(signature)
        }
    }

    /// True when the store held no entry (deleted ones included) before the import:
    /// then no row can be one already stored, by uid or by its fields.
    var isEmpty: Bool { signatures.isEmpty }

    /// True when an entry stored before the import has these fields; `timestamp` nil
    /// matches any timestamp.
    func contains(habitID: Int64, dayKey: String, value: Double?, note: String?, timestamp: String?) -> Bool {
        guard !signatures.isEmpty else { return false }
        let signature = Signature(
            habitID: habitID, dayKey: dayKey, value: value, note: note, timestamp: timestamp ?? "")
        return timestamp == nil ? loose.contains(signature) : signatures.contains(signature)
    }
}
