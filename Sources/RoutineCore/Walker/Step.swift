/// Whether a prompt or step is a question or a habit.
public enum StepKind: String, Codable, Sendable, Equatable {
    case question
    case habit
}

/// How a prompt was answered.
public enum StepAnswer: Codable, Sendable, Equatable {
    /// A question answered with the option at `index` (0-based) whose text is `text`.
    case option(index: Int, text: String)
    /// A habit marked done; `value` for a quantity habit, nil for a binary one.
    case done(value: Double?)
    /// A habit skipped: nothing is written, but the run remembers it was asked.
    case skipped
    /// A habit not asked because it already had a live entry on the run's day.
    case alreadyDone
    /// A node not asked because it is not due (SPEC §10.4): `reason` says why
    /// (`schedule: mon, wed, fri`, `paused`, `when: …`). It activates nothing.
    case notDue(reason: String)
    /// An optional habit (not due by its schedule or a pause, but led to by the
    /// person's own answer, SPEC §13.4) passed with `n` or an empty line: nothing is
    /// written; like a skip, it activates its `next` nodes.
    case declined(reason: String)
    /// A habit left for later (SPEC §17.4): nothing is written; like a skip it activates
    /// its `next` nodes, and the next `run` of the routine on the day asks it again.
    case later

    /// The transcript form: the option text, `done`, `skipped`, `already-done`,
    /// `not-due`, `declined` or `later`.
    public var label: String {
        switch self {
        case .option(_, let text): text
        case .done: "done"
        case .skipped: "skipped"
        case .alreadyDone: "already-done"
        case .notDue: "not-due"
        case .declined: "declined"
        case .later: "later"
        }
    }
}

/// One visited node of a run, as it stands (a step undone by `back` is removed).
public struct Step: Codable, Sendable, Equatable {
    /// The reason of the step `0` records at a binary habit's at-most prompt (SPEC §18.1):
    /// nothing to record, and no day is passed (the ledger reads the entries).
    public static let noneTodayReason = "none today"

    /// The node id.
    public var node: String
    /// The node's index in `Routine.nodes`.
    public var nodeIndex: Int
    public var kind: StepKind
    /// The question text, or the habit's shown name.
    public var text: String
    public var answer: StepAnswer
    /// For a `done` step, the token of the entry it wrote (see `EntryDraft.token`).
    public var token: Int?

    public init(node: String, nodeIndex: Int, kind: StepKind, text: String, answer: StepAnswer, token: Int? = nil) {
        self.node = node
        self.nodeIndex = nodeIndex
        self.kind = kind
        self.text = text
        self.answer = answer
        self.token = token
    }

    /// Why a not-due step was not asked (or a declined one was not due), else nil.
    public var reason: String? {
        switch answer {
        case .notDue(let reason), .declined(let reason): reason
        default: nil
        }
    }

    /// True for steps the walker made without asking (`already-done`, `not-due`):
    /// `back` steps over them.
    public var isStepOver: Bool {
        switch answer {
        case .alreadyDone, .notDue: true
        default: false
        }
    }

    /// The recorded value of a quantity habit marked done, else nil.
    public var value: Double? {
        if case .done(let value) = answer { return value }
        return nil
    }
}
