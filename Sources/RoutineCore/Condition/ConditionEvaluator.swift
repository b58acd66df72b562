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
    /// The option chosen at question `node` on D − `daysBack` (≥ 1) in the routine's
    /// last run that day; "" if none (SPEC §14.4).
    func pastAnswer(_ node: String, daysBack: Int) -> String
    /// On how many of the `days` DayKeys before D `text` was chosen at `node`.
    func answered(_ node: String, _ text: String, days: Int) -> Int
}

extension ConditionEnvironment {
    /// An environment that knows no past answers (a file walked outside any store).
    public func pastAnswer(_ node: String, daysBack: Int) -> String { "" }
    public func answered(_ node: String, _ text: String, days: Int) -> Int { 0 }
}

/// Evaluates checked conditions. A value of an unexpected type (possible only for a
/// condition that was not checked) makes the comparison false: never a crash.
public enum ConditionEvaluator {
    enum Value: Equatable {
        case bool(Bool)
        case number(Double)
        case weekday(Weekday)
        case string(String)
    }

    public static func evaluate(_ expr: ConditionExpr, in environment: some ConditionEnvironment) -> Bool {
        if case .bool(let result) = value(expr, environment) { return result }
        return false
    }

    static func value(_ expr: ConditionExpr, _ env: some ConditionEnvironment) -> Value {
        switch expr {
        case .or(let left, let right):
            return .bool(evaluate(left, in: env) || evaluate(right, in: env))
        case .and(let left, let right):
            return .bool(evaluate(left, in: env) && evaluate(right, in: env))
        case .not(let inner, _):
            return .bool(!evaluate(inner, in: env))
        case .compare(let op, let left, let right, _):
            return .bool(compare(op, value(left, env), value(right, env)))
        case .member(let left, let items, _):
            let needle = value(left, env)
            return .bool(items.contains { compare(.equal, needle, value($0, env)) })
        case .number(let number, _): return .number(number)
        case .weekdayName(let day, _): return .weekday(day)
        case .bool(let flag, _): return .bool(flag)
        case .string(let text, _): return .string(text)
        case .weekday: return .weekday(env.weekday)
        case .call(let function, let arguments, _):
            let subject = arguments.first?.text ?? ""
            switch function {
            case .done:
                let back = arguments.count > 1 ? Int(arguments[1].text) ?? 0 : 0
                return .bool(env.done(subject, daysBack: back))
            case .daysSince: return .number(Double(env.daysSince(subject)))
            case .streak: return .number(Double(env.streak(subject)))
            case .weekCount: return .number(Double(env.weekCount(subject)))
            case .weekSum: return .number(env.weekSum(subject))
            case .due: return .bool(env.due(subject))
            case .answer:
                guard arguments.count > 1 else { return .string(env.answer(subject)) }
                return .string(env.pastAnswer(subject, daysBack: Int(arguments[1].text) ?? 1))
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
