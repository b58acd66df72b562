import Foundation

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

    public init(
        uid: String, runID: RunID?, routine: String, position: Int, node: String, kind: StepKind, text: String,
        outcome: String, optionText: String?, optionPosition: Int?, value: Double?, reason: String?, entryUID: String?,
        dayKey: DayKey, recordedAt: Date, timeZone: String, retractedAt: Date?, note: String?
    ) {
        self.uid = uid
        self.runID = runID
        self.routine = routine
        self.position = position
        self.node = node
        self.kind = kind
        self.text = text
        self.outcome = outcome
        self.optionText = optionText
        self.optionPosition = optionPosition
        self.value = value
        self.reason = reason
        self.entryUID = entryUID
        self.dayKey = dayKey
        self.recordedAt = recordedAt
        self.timeZone = timeZone
        self.retractedAt = retractedAt
        self.note = note
    }

    /// What the person answered: the option text, or the habit's outcome.
    public var answer: String { optionText ?? outcome }

    public var isRetracted: Bool { retractedAt != nil }
}
