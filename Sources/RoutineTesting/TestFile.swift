import RoutineCore

/// A routine test file as written (SPEC §15.1): the routine it tests and its cases, each
/// value with the place it was written, so that a failure points at its expectation.
public struct TestFile: Sendable {
    /// `routine:` as written: a path relative to the test file, or a stored routine's name.
    public var routine: String
    public var routineLocation: SourceLocation
    public var cases: [TestCase]
}

/// A text, a number or a name as written, with its position.
public struct Marked<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation
}

/// One case: a day, what happened before it, the answers typed, and what the run must do.
/// Every expectation is optional; an absent one is not checked.
public struct TestCase: Sendable {
    public var name: String
    /// The case's mapping in the file.
    public var location: SourceLocation
    public var day: DayKey
    public var history: CaseHistory
    /// The lines typed at the prompts, in order (run commands such as `back` included).
    public var answers: [Marked<String>]
    /// Node ids or habit names: exactly the prompts the run shows, in order.
    public var asks: Marked<[Marked<String>]>?
    /// The entries the run records, in any order.
    public var records: Marked<[RecordExpectation]>?
    /// Nodes (by id, or a habit node by its habit's name) the run steps over as not due.
    public var notDue: Marked<[NotDueExpectation]>?
    public var status: Marked<RunStatus>?
}

/// One expected entry: a habit, and for a quantity habit optionally its value.
public struct RecordExpectation: Sendable {
    public var habit: String
    public var value: Double?
    public var location: SourceLocation
}

/// One node expected to be stepped over as not due, and why.
public struct NotDueExpectation: Sendable {
    public var node: String
    public var reason: NotDueReason
    public var location: SourceLocation
}

/// The reasons a test may name (SPEC §15.1), one per family of the walker's reasons.
public enum NotDueReason: String, Sendable, CaseIterable {
    case schedule
    case paused
    case archived
    case when

    /// The family of a walker's reason: `schedule: mon, wed` is `schedule`; a question
    /// with no option offered is `when` (every option's condition was false).
    public init?(walkerReason reason: String) {
        if reason.hasPrefix("schedule") {
            self = .schedule
        } else if reason.hasPrefix("paused") {
            self = .paused
        } else if reason.hasPrefix("archived") {
            self = .archived
        } else if reason.hasPrefix("when") || reason == "no option offered" {
            self = .when
        } else {
            return nil
        }
    }
}

/// What happened before the case's day: entries, pauses, archived habits, and answers
/// given on earlier days (kept for `answer(NODE, N)` conditions, SPEC §14.4).
public struct CaseHistory: Sendable {
    public var entries: [HistoryEntry] = []
    public var pauses: [Marked<PauseSpan>] = []
    /// Habits archived in the store the case imagines: never due in a run (SPEC §11).
    public var archived: [Marked<String>] = []
    public var answers: [PastAnswer] = []

    public init() {}
}

/// A live entry of the case's history.
public struct HistoryEntry: Sendable {
    public var habit: String
    public var day: DayKey
    public var value: Double?
    public var location: SourceLocation
}

/// An answer given at a question on an earlier day.
public struct PastAnswer: Sendable {
    public var question: String
    public var day: DayKey
    public var answer: String
    public var location: SourceLocation
}
