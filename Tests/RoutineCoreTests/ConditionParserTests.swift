import Testing

@testable import RoutineCore

/// The `when:` expression parser (SPEC §10.3): precedence, positions, and every error.
@Suite struct ConditionParserTests {
    private func parse(_ text: String) -> ConditionExpr? {
        if case .success(let expr) = ConditionParser.parse(text) { return expr }
        return nil
    }

    private func error(_ text: String) -> ConditionError? {
        if case .failure(let error) = ConditionParser.parse(text) { return error }
        return nil
    }

    /// A compact rendering with explicit grouping, to check precedence.
    private func shape(_ expr: ConditionExpr?) -> String {
        guard let expr else { return "nil" }
        switch expr {
        case .or(let terms): return "(" + terms.map(shape).joined(separator: " or ") + ")"
        case .and(let terms): return "(" + terms.map(shape).joined(separator: " and ") + ")"
        case .not(let a, _): return "(not \(shape(a)))"
        case .compare(let op, let a, let b, _): return "(\(shape(a)) \(op.rawValue) \(shape(b)))"
        case .member(let a, let items, _): return "(\(shape(a)) in [\(items.map(shape).joined(separator: ","))])"
        case .number(let n, _): return JSONValue.number(n).text
        case .weekdayName(let day, _): return day.description
        case .bool(let flag, _): return String(flag)
        case .string(let text, _): return "'\(text)'"
        case .weekday: return "weekday"
        case .call(let function, let arguments, _):
            return function.rawValue + "(" + arguments.map(\.text).joined(separator: "|") + ")"
        }
    }

    @Test func orIsLowestThenAndThenNot() {
        #expect(shape(parse("true or false and not false")) == "(true or (false and (not false)))")
        #expect(shape(parse("not true or false")) == "((not true) or false)")
        #expect(shape(parse("(true or false) and false")) == "((true or false) and false)")
        #expect(shape(parse("a == b")) == "nil")
        #expect(
            shape(parse("weekday in [sat, SUN] and days-since(Run) >= 2"))
                == "((weekday in [sat,sun]) and (days-since(Run) >= 2))")
        #expect(shape(parse("NOT done(Sleep 8h, 1)")) == "(not done(Sleep 8h|1))")
    }

    @Test func habitNamesAreWrittenAsTheyAreOrQuoted() {
        #expect(shape(parse("done( Drink  Water )")) == "done(Drink  Water)")
        #expect(shape(parse(#"done("Rest, then (stretch)", 2)"#)) == "done(Rest, then (stretch)|2)")
        #expect(shape(parse("week-sum('Run') > 12.5")) == "(week-sum(Run) > 12.5)")
        #expect(shape(parse("answer(feeling) == 'Great!'")) == "(answer(feeling) == 'Great!')")
        #expect(shape(parse("streak(Run) < .5")) == "(streak(Run) < 0.5)")
    }

    @Test func offsetsPointAtTokens() {
        guard case .and(let terms)? = parse("weekday in [sat, sun] and  days-since(Run) >= 2"), terms.count == 2,
            let left = terms.first, let right = terms.last
        else {
            Issue.record("not an and")
            return
        }
        #expect(left.offset == 0)
        guard case .compare(_, let call, let two, let at) = right, case .call(_, let arguments, let callAt) = call
        else {
            Issue.record("not a comparison")
            return
        }
        #expect(callAt == 27)
        #expect(arguments.first?.offset == 38)
        #expect(at == 43)
        #expect(two.offset == 46)
    }

    @Test func everySyntaxErrorHasItsMessageAndPosition() {
        let cases: [(String, Int, String)] = [
            ("", 0, "the condition is empty"),
            ("   ", 0, "the condition is empty"),
            ("done(Run", 4, "missing ')'"),
            ("(true", 0, "missing ')'"),
            ("true and", 8, "ends too early"),
            ("true true", 5, "unexpected 'true' after the condition"),
            ("frobnicate(Run)", 0, "unknown function 'frobnicate'"),
            ("dne(Run)", 0, "did you mean 'done'?"),
            ("wekday == mon", 0, "unknown name 'wekday'; did you mean 'weekday'?"),
            ("streak > 2", 0, "'streak' needs its argument in parentheses"),
            ("done()", 5, "missing argument"),
            ("done(Run,)", 9, "missing argument"),
            ("done(Ru(n))", 7, "quote a name that holds a parenthesis"),
            (#"answer(q) == "open"#, 13, "not closed"),
            ("weekday in sat", 11, "expected '['"),
            ("weekday in []", 12, "empty"),
            ("weekday in [sat sun]", 16, "expected ',' or ']'"),
            ("streak(Run) > 1e3", 14, "'1e…' is not a number"),
            ("streak(Run) > 1.2.3", 14, "'1.2.3' is not a number"),
            ("streak(Run) > -1", 14, "unexpected '-'"),
            (#"done("Run" x)"#, 11, "expected ',' or ')'"),
            ("weekday == mon ; drop", 15, "unexpected ';'"),
        ]
        for (text, offset, fragment) in cases {
            let found = error(text)
            #expect(found?.offset == offset, "\(text): \(String(describing: found))")
            #expect(found?.message.contains(fragment) == true, "\(text): \(String(describing: found))")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 5000) + "true" + String(repeating: ")", count: 5000)
        #expect(error(deep)?.message.contains("deeper than 100") == true)
        let nots = String(repeating: "not ", count: 5000) + "true"
        #expect(error(nots)?.message.contains("deeper than 100") == true)
        let fine = String(repeating: "(", count: 50) + "true" + String(repeating: ")", count: 50)
        #expect(parse(fine) != nil)
    }
}
