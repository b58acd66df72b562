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

    /// What the person answered: the option text, or the habit's outcome.
    public var answer: String { optionText ?? outcome }

    public var isRetracted: Bool { retractedAt != nil }
}

extension StepInfo: FetchableRecord {
    /// Steps with their routine's slug and their entry's uid (callers add WHERE and ORDER BY).
    static let select = """
        SELECT s.*, r.slug, e.uid AS entry_uid FROM run_step s JOIN routine r ON r.id = s.routine_id
        LEFT JOIN habit_entry e ON e.id = s.entry_id
        """

    public init(row: Row) throws {
        uid = try row.decode(forColumn: "uid")
        runID = try row.decode(forColumn: "run_id")
        routine = try row.decode(forColumn: "slug")
        position = try row.decode(forColumn: "position")
        node = try row.decode(forColumn: "node_id")
        let kindText: String = try row.decode(forColumn: "kind")
        kind = StepKind(rawValue: kindText) ?? .habit
        text = try row.decode(forColumn: "text")
        outcome = try row.decode(forColumn: "outcome")
        optionText = try row.decode(forColumn: "option_text")
        optionPosition = try row.decode(forColumn: "option_position")
        value = try row.decode(forColumn: "value")
        reason = try row.decode(forColumn: "reason")
        entryUID = try row.decode(forColumn: "entry_uid")
        let day: String = try row.decode(forColumn: "day_key")
        dayKey = DayKey(day) ?? DayKey(ordinal: 0)
        let recorded: String = try row.decode(forColumn: "recorded_at")
        recordedAt = Instant.parse(recorded) ?? Date(timeIntervalSince1970: 0)
        timeZone = try row.decode(forColumn: "time_zone")
        let retracted: String? = try row.decode(forColumn: "retracted_at")
        retractedAt = retracted.flatMap(Instant.parse)
    }
}
