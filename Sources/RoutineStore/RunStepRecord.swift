import RoutineCore

/// One step of a run as the store records it (SPEC §14.1): what the walker's `Step`
/// says, in the store's words. The outcome is text — `answered` for a question, else
/// the step's transcript label (`done`, `skipped`, `already-done`, `not-due`, and any
/// kind the walker adds later) — so a new kind of step needs no change here.
public struct RunStepRecord: Sendable, Equatable {
    public var node: String
    public var kind: StepKind
    /// The question text, or the habit's shown name.
    public var text: String
    public var outcome: String
    /// The chosen option's text and its 0-based position among the node's options
    /// (questions only).
    public var optionText: String?
    public var optionPosition: Int?
    public var value: Double?
    public var reason: String?
    /// The walker's token of the entry a `done` step wrote.
    public var token: Int?

    /// The outcome of every answered question.
    public static let answered = "answered"

    public init(_ step: Step) {
        node = step.node
        kind = step.kind
        text = step.text
        if case .option(let index, let text) = step.answer {
            outcome = Self.answered
            optionText = text
            optionPosition = index
        } else {
            outcome = step.answer.label
        }
        value = step.value
        reason = step.reason
        token = step.token
    }

    /// The run's steps as the store records them.
    public static func of(_ steps: [Step]) -> [RunStepRecord] {
        steps.map(RunStepRecord.init)
    }

    /// Whether a recorded live step is this step (so a write leaves it as it is).
    func matches(node: String, outcome: String, optionText: String?, value: Double?) -> Bool {
        self.node == node && self.outcome == outcome && self.optionText == optionText && self.value == value
    }

}
