/// Checks a parsed condition against its routine (SPEC §10.3): types of operands and
/// arguments, `answer()` of a question that exists, habits the file knows. Reports
/// every problem, not only the first.
public struct ConditionChecker {
    /// What a node id names, for `answer(X)`.
    public enum NodeKind: Sendable { case question, habit }

    /// The kind of the node with this id, or nil when there is none.
    public var node: (String) -> NodeKind?
    /// True when the file uses or declares this habit (any spelling).
    public var knowsHabit: (String) -> Bool
    /// The option texts of the question with this id (nil when unknown: no
    /// `unknown-option` warning is given then).
    public var options: (String) -> [String]?
    /// The known habit an unknown name is likely a typo of (`Runn` → `Run`), if any.
    public var closestHabit: (String) -> String? = { _ in nil }
    /// Where an unknown habit was looked for, as the warning says it.
    public var habitPlaces = "neither used nor declared in this file (it may be in the store)"

    public init(
        node: @escaping (String) -> NodeKind?, knowsHabit: @escaping (String) -> Bool,
        options: @escaping (String) -> [String]? = { _ in nil }
    ) {
        self.node = node
        self.knowsHabit = knowsHabit
        self.options = options
    }

    /// Parses and checks `text`: the syntax error, or every problem of a well-formed one.
    public func check(_ text: String) -> [ConditionError] {
        switch ConditionParser.parse(text) {
        case .failure(let error): return [error]
        case .success(let expr): return check(expr)
        }
    }

    public func check(_ expr: ConditionExpr) -> [ConditionError] {
        var errors: [ConditionError] = []
        if let type = self.type(of: expr, &errors), type != .bool {
            errors.append(ConditionError("a condition must be true or false, not \(Self.a(type))", at: expr.offset))
        }
        return errors
    }

    static func a(_ type: ConditionType) -> String {
        switch type {
        case .bool: "true/false"
        case .number: "a number"
        case .weekday: "a weekday"
        case .string: "text"
        }
    }

    /// The type of `expr`, or nil when a problem inside it was reported.
    private func type(of expr: ConditionExpr, _ errors: inout [ConditionError]) -> ConditionType? {
        switch expr {
        case .or(let terms), .and(let terms):
            let word = if case .or = expr { "or" } else { "and" }
            for side in terms {
                if let type = type(of: side, &errors), type != .bool {
                    errors.append(
                        ConditionError("'\(word)' needs true/false on both sides, not \(Self.a(type))", at: side.offset)
                    )
                }
            }
            return .bool
        case .not(let inner, _):
            if let type = type(of: inner, &errors), type != .bool {
                errors.append(ConditionError("'not' needs true/false, not \(Self.a(type))", at: inner.offset))
            }
            return .bool
        case .compare(let op, let left, let right, let at):
            let leftType = type(of: left, &errors)
            let rightType = type(of: right, &errors)
            guard let leftType, let rightType else { return .bool }
            warnUnknownOption(left, right, &errors)
            warnUnknownOption(right, left, &errors)
            if leftType != rightType {
                errors.append(
                    ConditionError("cannot compare \(Self.a(leftType)) with \(Self.a(rightType))", at: at))
            } else if op.isOrdering, leftType != .number, leftType != .weekday {
                errors.append(
                    ConditionError("'\(op.rawValue)' compares numbers or weekdays, not \(Self.a(leftType))", at: at))
            }
            return .bool
        case .member(let left, let items, _):
            let leftType = type(of: left, &errors)
            for item in items {
                warnUnknownOption(left, item, &errors)
                if let itemType = type(of: item, &errors), let leftType, itemType != leftType {
                    errors.append(
                        ConditionError(
                            "cannot look for \(Self.a(leftType)) among \(Self.a(itemType)) values", at: item.offset))
                }
            }
            return .bool
        case .number: return .number
        case .weekdayName, .weekday: return .weekday
        case .bool: return .bool
        case .string: return .string
        case .call(let function, let arguments, let at):
            checkCall(function, arguments, at: at, &errors)
            return function.result
        }
    }

    private func checkCall(
        _ function: ConditionFunction, _ arguments: [ConditionArgument], at: Int, _ errors: inout [ConditionError]
    ) {
        let name = function.rawValue
        guard function.arity.contains(arguments.count) else {
            let wanted =
                switch function {
                case .done: "a habit, and optionally a number of days back"
                case .answer: "a question's node id, and optionally a number of days back"
                case .answered: "a question's node id, an option's text and a number of days"
                default: "one habit"
                }
            errors.append(
                ConditionError("\(name)() takes \(wanted), not \(arguments.count) arguments", at: at))
            return
        }
        let first = arguments[0]
        if function.readsAnswers {
            switch node(first.text) {
            case nil:
                let message = "\(name)() of '\(first.text)': no node has that id"
                errors.append(ConditionError(.undefinedNode, message, at: first.offset))
            case .habit:
                errors.append(
                    ConditionError("\(name)() needs a question, but '\(first.text)' is a habit node", at: first.offset))
            case .question: break
            }
            if function == .answer, arguments.count == 2 {
                checkDays(arguments[1], of: "answer()'s second argument is a number of days back", &errors)
            }
            if function == .answered {
                checkDays(arguments[2], of: "answered()'s third argument is a number of days", &errors)
                warnUnknownOption(node: first.text, text: arguments[1], &errors)
            }
            return
        }
        if !knowsHabit(first.text) {
            errors.append(
                ConditionError(
                    .unknownHabit,
                    "habit '\(first.text)' in \(name)() is \(habitPlaces)"
                        + Suggestion.hint(closestHabit(first.text)),
                    at: first.offset))
        }
        if arguments.count == 2 {
            let days = arguments[1]
            if days.quoted || days.text.isEmpty || !days.text.utf8.allSatisfy({ (48...57).contains($0) })
                || days.text.count > 5
            {
                errors.append(
                    ConditionError(
                        "done()'s second argument is a whole number of days back (0 to 99999), not '\(days.text)'",
                        at: days.offset))
            }
        }
    }

    /// A whole number of days, 1 to 99999.
    private func checkDays(_ days: ConditionArgument, of what: String, _ errors: inout [ConditionError]) {
        if days.quoted || days.text.isEmpty || !days.text.utf8.allSatisfy({ (48...57).contains($0) })
            || days.text.count > 5 || Int(days.text) == 0
        {
            errors.append(ConditionError("\(what) (1 to 99999), not '\(days.text)'", at: days.offset))
        }
    }

    /// `unknown-option` when `text` is none of the options of question `node`.
    private func warnUnknownOption(node: String, text: ConditionArgument, _ errors: inout [ConditionError]) {
        guard !text.text.isEmpty, let options = options(node),
            !options.contains(where: { $0.lowercased() == text.text.lowercased() })
        else { return }
        errors.append(
            ConditionError(
                .unknownOption,
                "question '\(node)' has no option '\(text.text)' (options: \(options.joined(separator: ", ")))",
                at: text.offset))
    }

    /// `unknown-option` for a literal compared with `answer(NODE…)`.
    private func warnUnknownOption(_ call: ConditionExpr, _ literal: ConditionExpr, _ errors: inout [ConditionError]) {
        guard case .call(.answer, let arguments, _) = call, let node = arguments.first?.text,
            case .string(let text, let at) = literal
        else { return }
        warnUnknownOption(node: node, text: ConditionArgument(text: text, quoted: true, offset: at), &errors)
    }
}
