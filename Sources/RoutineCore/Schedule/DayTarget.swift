/// A habit's day target (SPEC §18.1): what a day's entries must come to for the day to
/// be done. The amount is the day's sum for a quantity habit and its number of entries
/// for a binary one.
///
/// - `atLeast(V)`: done when the amount reaches V; below it (but above 0) the day is
///   partial (`5/8`).
/// - `atMost(V)`: a limit: done when the amount is at most V; a day with no entry counts
///   as 0, so `Smoke` with `at-most: 0` builds a streak of days without.
///
/// A habit has at most one (decision, docs/file-format.md: `at-least` and `at-most` on one
/// habit exclude each other, as in Loop Habit Tracker, whose habits carry one target type).
public enum DayTarget: Sendable, Hashable, CustomStringConvertible {
    case atLeast(Double)
    case atMost(Double)

    /// The bound.
    public var value: Double {
        switch self {
        case .atLeast(let value), .atMost(let value): value
        }
    }

    public var isAtMost: Bool {
        if case .atMost = self { return true }
        return false
    }

    /// The key as written in a file: `at-least` or `at-most`.
    public var key: String { isAtMost ? "at-most" : "at-least" }

    /// The day's amount: the sum of values for a quantity habit, the number of entries
    /// for a binary one.
    public static func amount(count: Int, sum: Double, isQuantity: Bool) -> Double {
        isQuantity ? MetricNumber.tidy(sum) : Double(count)
    }

    /// Whether a day with this amount is done (an at-most day with no entry is 0: done).
    public func isDone(amount: Double) -> Bool {
        switch self {
        case .atLeast(let value): amount >= value
        case .atMost(let value): amount <= value
        }
    }

    /// Whether a day's entries meet the target: the one rule of SPEC §17.1's **done** for a
    /// habit with a target (`count` live entries summing to `sum`).
    public func isDone(count: Int, sum: Double, isQuantity: Bool) -> Bool {
        isDone(amount: Self.amount(count: count, sum: sum, isQuantity: isQuantity))
    }

    /// As shown to people: `≥ 8 a day`, `≤ 2 a day`, `≥ 30 min a day` with a unit.
    public func text(unit: String?) -> String {
        (isAtMost ? "≤ " : "≥ ") + MetricNumber.text(value, unit: unit) + " a day"
    }

    public var description: String { text(unit: nil) }

    /// The text kept in the store and sent by sync: `at-least:8`, `at-most:0`.
    public var storedText: String { key + ":" + JSONValue.numberText(value) }

    /// Reads `storedText` back; nil for anything else (a damaged store): the value must
    /// be a finite number ≥ 0.
    public init?(storedText text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value >= 0 else { return nil }
        switch parts[0] {
        case "at-least": self = .atLeast(value)
        case "at-most": self = .atMost(value)
        default: return nil
        }
    }
}

extension DayTarget: StoredText {
    public static var storedTextKind: String { "a day target" }
}

/// What a day target may be (SPEC §18.1), in one place for `check`, `habit target` and
/// the store: a number from 0 to `Quantity.maximum`, whole for a binary habit (it counts
/// entries), and above 0 for `at-least` (a target of 0 is met by every day).
public enum DayTargetRule {
    /// Why `target` does not fit a habit (quantity or binary), or nil when it does.
    public static func problem(_ target: DayTarget, isQuantity: Bool) -> String? {
        let value = target.value
        guard value.isFinite, value >= 0, value <= Quantity.maximum else {
            return "\(target.key) must be a number from 0 to \(JSONValue.numberText(Quantity.maximum))"
        }
        if !isQuantity, value != value.rounded() {
            return
                "\(target.key) of a habit without a measure counts entries: a whole number, not \(MetricNumber.text(value, decimals: 6))"
        }
        if case .atLeast = target, value == 0 {
            return "at-least must be above 0 (every day reaches 0)"
        }
        return nil
    }
}

/// SPEC §17.1's **done** and **partial** for one habit, from a day's live entries: the one
/// rule every reader of a day's entries applies (the ledger, a run's due-ness, `streak(H)`).
public struct DoneRule: Sendable, Hashable {
    public var target: DayTarget?
    public var isQuantity: Bool

    public init(target: DayTarget? = nil, isQuantity: Bool = false) {
        self.target = target
        self.isQuantity = isQuantity
    }

    /// A habit without a day target: any entry makes the day done.
    public static let anyEntry = DoneRule()

    /// Whether a day with `count` live entries summing to `sum` is done (an at-most day
    /// with no entry is 0: done).
    public func isDone(count: Int, sum: Double) -> Bool {
        guard let target else { return count > 0 }
        return target.isDone(count: count, sum: sum, isQuantity: isQuantity)
    }

    /// Whether a day without any entry is done: only under an at-most limit.
    public var emptyDayIsDone: Bool { target?.isAtMost == true }

    /// The day's amount and the target when the day is partial: entries below an
    /// at-least target (`5/8`); nil otherwise.
    public func partial(count: Int, sum: Double) -> (amount: Double, target: Double)? {
        guard count > 0, case .atLeast(let value) = target else { return nil }
        let amount = DayTarget.amount(count: count, sum: sum, isQuantity: isQuantity)
        return amount < value ? (amount, value) : nil
    }
}
