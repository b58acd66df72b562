/// A parsed `when:` expression (SPEC §10.3). Every node keeps its character offset in
/// the expression text, so that diagnostics point at the offending token.
///
/// `and` and `or` hold their whole flat chain (two terms or more) rather than nesting a
/// pair per term: `a and b and … ` of 40,000 terms is one node, so nothing that walks a
/// condition recurses deeper than its parentheses and `not`s (at most 100 levels, see
/// `ConditionParser`), and no chain can exhaust the stack.
public indirect enum ConditionExpr: Sendable, Equatable {
    case or([ConditionExpr])
    case and([ConditionExpr])
    case not(ConditionExpr, at: Int)
    case compare(ConditionOperator, ConditionExpr, ConditionExpr, at: Int)
    /// `left in [a, b, …]`.
    case member(ConditionExpr, [ConditionExpr], at: Int)
    case number(Double, at: Int)
    case weekdayName(Weekday, at: Int)
    case bool(Bool, at: Int)
    case string(String, at: Int)
    /// `weekday`, the weekday of the run's DayKey.
    case weekday(at: Int)
    /// A function call; `name` is one of `ConditionFunction`.
    case call(ConditionFunction, [ConditionArgument], at: Int)

    /// The habits its calls name (every function but `answer`), in order.
    public var habitNames: [String] {
        switch self {
        case .or(let terms), .and(let terms): terms.flatMap(\.habitNames)
        case .compare(_, let left, let right, _): left.habitNames + right.habitNames
        case .not(let inner, _): inner.habitNames
        case .member(let left, let items, _): left.habitNames + items.flatMap(\.habitNames)
        case .call(let function, let arguments, _):
            function == .answer ? [] : arguments.prefix(1).map(\.text)
        case .number, .weekdayName, .bool, .string, .weekday: []
        }
    }

    /// Where the expression starts (characters from the start of the text).
    public var offset: Int {
        switch self {
        case .or(let terms), .and(let terms): terms.first?.offset ?? 0
        case .compare(_, let left, _, _), .member(let left, _, _): left.offset
        case .not(_, let at), .number(_, let at), .weekdayName(_, let at), .bool(_, let at), .string(_, let at),
            .weekday(let at), .call(_, _, let at):
            at
        }
    }
}

/// `== != < <= > >=`.
public enum ConditionOperator: String, Sendable, Equatable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    var isOrdering: Bool { self != .equal && self != .notEqual }
}

/// One argument of a call as written: raw text (a habit name, a node id, a number),
/// trimmed, or a quoted string; with its offset.
public struct ConditionArgument: Sendable, Equatable {
    public var text: String
    public var quoted: Bool
    public var offset: Int

    public init(text: String, quoted: Bool, offset: Int) {
        self.text = text
        self.quoted = quoted
        self.offset = offset
    }
}

/// The functions of SPEC §10.3.
public enum ConditionFunction: String, Sendable, Equatable, CaseIterable {
    case done
    case daysSince = "days-since"
    case streak
    case weekCount = "week-count"
    case weekSum = "week-sum"
    case due
    case answer

    /// The kind of value the call gives.
    var result: ConditionType {
        switch self {
        case .done, .due: .bool
        case .daysSince, .streak, .weekCount, .weekSum: .number
        case .answer: .string
        }
    }

    /// Arguments accepted: `done` takes a habit and an optional number of days back.
    var arity: ClosedRange<Int> { self == .done ? 1...2 : 1...1 }
}

/// The type of a value in a condition.
public enum ConditionType: String, Sendable, Equatable {
    case bool = "true/false"
    case number
    case weekday
    case string = "text"
}
