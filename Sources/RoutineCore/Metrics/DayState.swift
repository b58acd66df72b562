/// The state of a habit on one DayKey (SPEC §17.1): exactly one, the first that applies.
/// The ledger of the application layer (`HabitLedger`) computes them; every view reads
/// them, and streaks and momentum are derived from them (`HabitDays`).
///
/// Days up to today take one of SPEC §17.1's states; today may also hold §13's classes
/// for what is not decided yet (`possible`, `optional`). Days after today are `open` when
/// due, else not due (nothing after today is over, so nothing there is missed).
public enum DayState: Sendable, Hashable {
    /// Live entries on the day that meet its day target (any entry without one; under an
    /// at-most limit, no entry too).
    case done
    /// Entries below an at-least target (SPEC §17.1, 2): `5/8`.
    case partial(amount: Double, target: Double)
    /// A pause covers the day.
    case paused
    /// A run on the day recorded `n` at a prompt where the habit was due.
    case skipped
    /// The person passed an optional prompt (SPEC §13.4): the habit was not due.
    case declined
    /// Left for later in a run on the day (SPEC §17.4); only while the day is today.
    case later
    /// Due, the day is over, and none of the above.
    case missed
    /// Due on today (or a later day), and none of the above.
    case open
    /// Today: behind an answer not yet given, or a condition the run may still change.
    case possible(dependsOn: String)
    /// Today: not due by its schedule or a pause, but an answer may still lead to it.
    case optional(reason: String)
    case notDue(NotDue)

    /// Why a habit was not due (SPEC §17.1, state 9).
    public enum NotDue: Sendable, Hashable {
        /// Its schedule leaves the day out (`schedule: mon, wed`, `schedule: every 3 days`).
        case schedule(String)
        /// Its frequency is met (SPEC §18.1): `frequency met: 3 of 3 this week`.
        case frequencyMet(String)
        /// The day's answers did not lead to it, or the run did not reach it.
        case branchNotTaken
        /// A `when:` that is false on the day.
        case condition(String)
        case archived
        /// Before the earlier of its first entry and its creation.
        case beforeFirstDay

        /// The reason's name in JSON and text: `schedule`, `frequency met`, `branch not taken`,
        /// `condition`, `archived`, `before its first day`.
        public var name: String {
            switch self {
            case .schedule: "schedule"
            case .frequencyMet: DueStatus.frequencyMetPrefix
            case .branchNotTaken: "branch not taken"
            case .condition: "condition"
            case .archived: "archived"
            case .beforeFirstDay: "before its first day"
            }
        }

        /// The reason with its detail: `schedule: mon, wed`, `when: weekday in [sat]`.
        public var text: String {
            switch self {
            case .schedule(let detail), .condition(let detail), .frequencyMet(let detail): detail
            default: name
            }
        }
    }

    /// The state's name in JSON (`done`, `paused`, `skipped`, `declined`, `later`,
    /// `missed`, `open`, `possible`, `optional`, `not-due`).
    public var name: String {
        switch self {
        case .done: "done"
        case .partial: "partial"
        case .paused: "paused"
        case .skipped: "skipped"
        case .declined: "declined"
        case .later: "later"
        case .missed: "missed"
        case .open: "open"
        case .possible: "possible"
        case .optional: "optional"
        case .notDue: "not-due"
        }
    }

    /// SPEC §13.3's class of the state, for the views that print both: what is due and
    /// not done is `certain` (open, later), a past day's is `missed`; a pause is `not-due`.
    public var className: String {
        switch self {
        case .open, .later, .partial: "certain"
        case .paused: "not-due"
        default: name
        }
    }

    /// Due on the day (SPEC §17.1's "due"; a done day may or may not have been due, and
    /// counts as done either way).
    public var isDue: Bool {
        switch self {
        case .skipped, .later, .missed, .open: true
        default: false
        }
    }

    /// `5/8`: a day's amount of an at-least target.
    public static func progress(_ amount: Double, of target: Double) -> String {
        MetricNumber.text(amount) + "/" + MetricNumber.text(target)
    }

    /// A break of a streak (SPEC §17.2): missed or skipped.
    public var breaksStreak: Bool {
        // A switch, not `==`: comparing with a case compares payloads (every day of years).
        switch self {
        case .missed, .skipped: true
        default: false
        }
    }

    /// Done (SPEC §17.1, 1): what extends a streak.
    public var isDone: Bool {
        if case .done = self { return true }
        return false
    }

    /// What it depends on, or why it is not due, when the state says; a partial day's progress.
    public var detail: String? {
        switch self {
        case .partial(let amount, let target): Self.progress(amount, of: target)
        case .possible(let why), .optional(let why): why
        case .notDue(let reason): reason.text
        default: nil
        }
    }
}
