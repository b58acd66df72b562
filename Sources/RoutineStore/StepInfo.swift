import Foundation
import GRDB
import RoutineCore

extension StepInfo: FetchableRecord {
    /// Steps with their routine's slug and their entry's uid, columns in the order
    /// `init(row:)` reads them by index (callers add WHERE and ORDER BY). By index, not
    /// by name: a lifetime of answers is tens of thousands of rows.
    static let select = """
        SELECT s.uid, s.run_id, r.slug, s.position, s.node_id, s.kind, s.text, s.outcome, s.option_text,
          s.option_position, s.value, s.reason, e.uid, s.day_key, s.recorded_at, s.time_zone, s.retracted_at,
          s.note
        FROM run_step s JOIN routine r ON r.id = s.routine_id LEFT JOIN habit_entry e ON e.id = s.entry_id
        """

    /// A value that does not read back (a day key, an instant, a kind) is damage naming
    /// the step, its column and the value, never a stand-in day or instant.
    public init(row: Row) throws {
        // Read into constants named as the fields, then built by `StepInfo`'s own
        // initializer (RoutineCore's: an extension in another module must delegate).
        let uid: String, runID: RunID?, routine: String, position: Int, node: String
        let text: String, outcome: String, optionText: String?, optionPosition: Int?, value: Double?
        let reason: String?, entryUID: String?, dayKey: DayKey, recordedAt: Date, timeZone: String
        let retractedAt: Date?, note: String?
        let stored = StoredRow(row, table: "run_step", idColumn: "uid")
        uid = try stored.at(0, "uid", as: StoredUID.self).text
        runID = try row.decode(atIndex: 1)
        routine = try row.decode(atIndex: 2)
        position = try row.decode(atIndex: 3)
        node = try row.decode(atIndex: 4)
        let kindText: String = try stored.at(5, "kind")
        guard let kind = StepKind(rawValue: kindText) else {
            throw DamagedValue(
                table: "run_step", row: uid, column: "kind",
                problem: "holds '\(kindText)', not 'question' or 'habit'")
        }
        text = try row.decode(atIndex: 6)
        outcome = try row.decode(atIndex: 7)
        optionText = try row.decode(atIndex: 8)
        optionPosition = try row.decode(atIndex: 9)
        value = try row.decode(atIndex: 10)
        reason = try row.decode(atIndex: 11)
        entryUID = try stored.optional(at: 12, "entry uid", as: StoredUID.self)?.text
        dayKey = try stored.at(13, "day_key")
        recordedAt = try stored.at(14, "recorded_at", as: StoredInstant.self).date
        timeZone = try row.decode(atIndex: 15)
        retractedAt = try stored.optional(at: 16, "retracted_at", as: StoredInstant.self)?.date
        note = try row.decode(atIndex: 17)
        self.init(
            uid: uid, runID: runID, routine: routine, position: position, node: node, kind: kind, text: text,
            outcome: outcome, optionText: optionText, optionPosition: optionPosition, value: value, reason: reason,
            entryUID: entryUID, dayKey: dayKey, recordedAt: recordedAt, timeZone: timeZone, retractedAt: retractedAt,
            note: note)
    }
}
