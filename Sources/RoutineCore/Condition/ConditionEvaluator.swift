/// What a condition reads when a node's turn comes (SPEC §10.3), for the run's DayKey D.
public protocol ConditionEnvironment {
    var weekday: Weekday { get }
    /// A live entry on D − `daysBack`.
    func done(_ habit: String, daysBack: Int) -> Bool
    /// Days from the last live entry before D to D; 100000 when there is none.
    func daysSince(_ habit: String) -> Int
    /// The current streak as of D − 1 (SPEC §6, §10.5).
    func streak(_ habit: String) -> Int
    /// Entries and value sum in the 7 DayKeys ending at D.
    func weekCount(_ habit: String) -> Int
    func weekSum(_ habit: String) -> Double
    /// Due on D by schedule and pauses.
    func due(_ habit: String) -> Bool
    /// The option chosen at question `node` in this run; "" if not asked.
    func answer(_ node: String) -> String
    /// Whether the call's value is fixed already (SPEC §13.1): false for what the rest
    /// of a run may still change (`answer(q)` before q is answered, `done(H)` of the run's
    /// day for a habit the run may still record). A run's own environment knows everything.
    func knows(_ function: ConditionFunction, _ subject: String, daysBack: Int) -> Bool
    /// The option chosen at question `node` on D − `daysBack` (≥ 1) in the routine's
    /// last run that day; "" if none (SPEC §14.4).
    func pastAnswer(_ node: String, daysBack: Int) -> String
    /// On how many of the `days` DayKeys before D `text` was chosen at `node`.
    func answered(_ node: String, _ text: String, days: Int) -> Int
}

extension ConditionEnvironment {
    public func knows(_ function: ConditionFunction, _ subject: String, daysBack: Int) -> Bool { true }
    /// An environment that knows no past answers (a file walked outside any store).
    public func pastAnswer(_ node: String, daysBack: Int) -> String { "" }
    public func answered(_ node: String, _ text: String, days: Int) -> Int { 0 }
}

/// Evaluates checked conditions. A value of an unexpected type (possible only for a
/// condition that was not checked) makes the comparison false: never a crash.
///
/// Three-valued (Kleene) underneath: a call the environment does not know yet
/// (`knows`) is unknown, `false and unknown` is false, `true or unknown` is true, and
/// anything else that reads an unknown is unknown. `truth` says so (nil: unknown), which
/// is how the day planner tells a node that may still be asked from one that cannot be
/// (SPEC §13.1); `evaluate` is for a run, whose environment knows everything.
public enum ConditionEvaluator {
    enum Value: Equatable {
        case bool(Bool)
        case number(Double)
        case weekday(Weekday)
        case string(String)
        case unknown
    }

    public static func evaluate(_ expr: ConditionExpr, in environment: some ConditionEnvironment) -> Bool {
        truth(expr, in: environment) ?? false
    }

    /// The condition's value, or nil when it reads something the environment does not know yet.
    public static func truth(_ expr: ConditionExpr, in environment: some ConditionEnvironment) -> Bool? {
        switch value(expr, environment) {
        case .bool(let result): result
        case .unknown: nil
        default: false
        }
    }

    static func value(_ expr: ConditionExpr, _ env: some ConditionEnvironment) -> Value {
        switch expr {
        case .or(let terms):
            // Kleene: true wins; else any unknown makes the whole unknown.
            var unknown = false
            for term in terms {
                switch truth(term, in: env) {
                case true?: return .bool(true)
                case nil: unknown = true
                default: break
                }
            }
            return unknown ? .unknown : .bool(false)
        case .and(let terms):
            var unknown = false
            for term in terms {
                switch truth(term, in: env) {
                case false?: return .bool(false)
                case nil: unknown = true
                default: break
                }
            }
            return unknown ? .unknown : .bool(true)
        case .not(let inner, _):
            return truth(inner, in: env).map { .bool(!$0) } ?? .unknown
        case .compare(let op, let left, let right, _):
            let (a, b) = (value(left, env), value(right, env))
            if a == .unknown || b == .unknown { return .unknown }
            return .bool(compare(op, a, b))
        case .member(let left, let items, _):
            let needle = value(left, env)
            if needle == .unknown { return .unknown }
            let values = items.map { value($0, env) }
            if values.contains(where: { compare(.equal, needle, $0) }) { return .bool(true) }
            return values.contains(.unknown) ? .unknown : .bool(false)
        case .number(let number, _): return .number(number)
        case .weekdayName(let day, _): return .weekday(day)
        case .bool(let flag, _): return .bool(flag)
        case .string(let text, _): return .string(text)
        case .weekday: return .weekday(env.weekday)
        case .call(let function, let arguments, _):
            let subject = arguments.first?.text ?? ""
            // `done(H, N)` and `answer(NODE, N)` look N days back; N = 0 is the run's own day.
            let back =
                (function == .done || function == .answer) && arguments.count > 1 ? Int(arguments[1].text) ?? 0 : 0
            guard env.knows(function, subject, daysBack: back) else { return .unknown }
            switch function {
            case .done:
                return .bool(env.done(subject, daysBack: back))
            case .daysSince: return .number(Double(env.daysSince(subject)))
            case .streak: return .number(Double(env.streak(subject)))
            case .weekCount: return .number(Double(env.weekCount(subject)))
            case .weekSum: return .number(env.weekSum(subject))
            case .due: return .bool(env.due(subject))
            case .answer:
                guard arguments.count > 1 else { return .string(env.answer(subject)) }
                return .string(env.pastAnswer(subject, daysBack: back))
            case .answered:
                let days = arguments.count > 2 ? Int(arguments[2].text) ?? 0 : 0
                let text = arguments.count > 1 ? arguments[1].text : ""
                return .number(Double(env.answered(subject, text, days: days)))
            }
        }
    }

    static func compare(_ op: ConditionOperator, _ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): return order(op, a, b)
        case (.weekday(let a), .weekday(let b)): return order(op, a.rawValue, b.rawValue)
        case (.bool(let a), .bool(let b)): return equality(op, a == b)
        case (.string(let a), .string(let b)):
            return equality(op, a.lowercased() == b.lowercased())
        default: return false
        }
    }

    private static func equality(_ op: ConditionOperator, _ equal: Bool) -> Bool {
        switch op {
        case .equal: equal
        case .notEqual: !equal
        default: false
        }
    }

    private static func order<T: Comparable>(_ op: ConditionOperator, _ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }
}
