import Foundation
import GRDB
import RoutineCore

/// A recorded step (SPEC §14.1) as read from the store: a question's answer or a
/// habit's outcome, with the texts as they were when it was recorded.
public struct StepInfo: Sendable, Equatable {
    public var uid: String
    /// The run that recorded it; nil for an answer imported from CSV.
    public var runID: RunID?
    /// The routine's slug.
    public var routine: String
    /// Its place among the run's steps.
    public var position: Int
    public var node: String
    public var kind: StepKind
    /// The question text, or the habit's shown name.
    public var text: String
    /// `answered`, or a habit's outcome: `done`, `skipped`, `declined`, `not-due`, `already-done`.
    public var outcome: String
    public var optionText: String?
    public var optionPosition: Int?
    public var value: Double?
    public var reason: String?
    /// The uid of the entry a `done` step wrote.
    public var entryUID: String?
    public var dayKey: DayKey
    public var recordedAt: Date
    public var timeZone: String
    public var retractedAt: Date?
    /// What the person wrote with the answer (an imported Daylio note), or nil.
    public var note: String?

    /// What the person answered: the option text, or the habit's outcome.
    public var answer: String { optionText ?? outcome }

    public var isRetracted: Bool { retractedAt != nil }
}

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
        self.kind = kind
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
    }
}
