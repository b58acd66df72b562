import Testing

@testable import RoutineCore

/// The condition checker (types, arguments, nodes, habits) and the evaluator at the
/// edges of every function.
@Suite struct ConditionCheckEvalTests {
    private let checker = ConditionChecker(
        node: { ["feeling": .question, "water": .habit][$0] },
        knowsHabit: { ["run", "sleep 8h", "drink water"].contains(HabitName.key($0).lowercased()) })

    private func problems(_ text: String) -> [String] {
        checker.check(text).map { "\($0.offset) \($0.kind)" }
    }

    @Test func wellTypedConditionsPass() {
        for text in [
            "weekday in [sat, sun] and days-since(Run) >= 2", "not done(Sleep 8h, 1)", "due(Run) == true",
            "answer(feeling) == 'Great!' or answer(feeling) in ['Okay', \"Fine\"]", "weekday >= fri",
            "week-count(Run) > 2 and week-sum(Run) <= 10 and streak(Run) != 0", "done(Run, 0)",
        ] {
            #expect(problems(text).isEmpty, "\(text): \(problems(text))")
        }
    }

    @Test func typeErrorsPointAtTheirToken() {
        #expect(problems("weekday == 3") == ["8 invalid"])
        #expect(problems("weekday in [sat, 2]") == ["17 invalid"])
        #expect(problems("streak(Run)") == ["0 invalid"])
        #expect(problems("done(Run) and 3") == ["14 invalid"])
        #expect(problems("not weekday") == ["4 invalid"])
        #expect(problems("answer(feeling) > 'a'") == ["16 invalid"])
        #expect(problems("true < false") == ["5 invalid"])
    }

    @Test func argumentsAreChecked() {
        #expect(problems("done(Run, 2, 3)") == ["0 invalid"])
        #expect(problems("done(Run, x)") == ["10 invalid"])
        #expect(problems("done(Run, '2')") == ["10 invalid"])
        #expect(problems("done(Run, 1.5)") == ["10 invalid"])
        #expect(problems("answer(nowhere) == ''") == ["7 undefinedNode"])
        #expect(problems("answer(water) == ''") == ["7 invalid"])
        #expect(problems("done(Swim) and streak(Fly) > 1") == ["5 unknownHabit", "22 unknownHabit"])
        // All problems of one condition, in one pass.
        #expect(problems("done(Swim) and weekday == 1 and answer(x) == ''").count == 3)
    }

    /// A fixed environment: D is Sunday 2026-11-22.
    private struct Fixed: ConditionEnvironment {
        var weekday: Weekday = .sun
        var doneDays: [String: Set<Int>] = ["run": [0, 1, 3]]
        func done(_ habit: String, daysBack: Int) -> Bool { doneDays[habit.lowercased()]?.contains(daysBack) ?? false }
        func daysSince(_ habit: String) -> Int {
            (doneDays[habit.lowercased()] ?? []).filter { $0 > 0 }.min() ?? 100_000
        }
        func streak(_ habit: String) -> Int { habit.lowercased() == "run" ? 1 : 0 }
        func weekCount(_ habit: String) -> Int { (doneDays[habit.lowercased()] ?? []).filter { $0 < 7 }.count }
        func weekSum(_ habit: String) -> Double { 12.5 }
        func due(_ habit: String) -> Bool { habit.lowercased() != "run" }
        func answer(_ node: String) -> String { node == "feeling" ? "Great!" : "" }
    }

    private func holds(_ text: String, _ env: Fixed = Fixed()) -> Bool {
        guard case .success(let expr) = ConditionParser.parse(text) else { return false }
        return ConditionEvaluator.evaluate(expr, in: env)
    }

    @Test func everyFunctionEvaluates() {
        #expect(holds("weekday == sun and weekday in [sat, sun] and weekday > fri"))
        #expect(holds("done(Run) and done(Run, 1) and not done(Run, 2) and done(run, 3)"))
        #expect(holds("days-since(Run) == 1 and days-since(Swim) == 100000"))
        #expect(holds("streak(Run) == 1 and streak(Swim) == 0"))
        #expect(holds("week-count(Run) == 3 and week-sum(Run) > 12 and week-sum(Run) < 13"))
        #expect(holds("not due(Run) and due(Swim)"))
        #expect(holds("answer(feeling) == 'great!' and answer(other) == ''"))
        #expect(!holds("answer(feeling) != 'Great!'"))
        #expect(holds("true or weekday == 3"))  // unchecked: a mismatch is false, never a crash
        #expect(!holds("weekday == 3"))
    }

    @Test func theFirstDayEverHasNoHistory() {
        let empty = Fixed(doneDays: [:])
        #expect(holds("days-since(Run) == 100000 and not done(Run) and week-count(Run) == 0", empty))
    }

    /// Issue 19 item 1: a flat chain of 40,000 terms crashed the checker (one stack
    /// frame per term). It is one n-ary node: it parses, checks and evaluates.
    @Test func longFlatChainsCheckAndEvaluate() {
        for (word, term, expected) in [("and", "true", true), ("or", "false", false), ("and", "done(Run)", true)] {
            let text = Array(repeating: term, count: 40_000).joined(separator: " \(word) ")
            #expect(problems(text).isEmpty)
            #expect(holds(text) == expected)
            #expect(holds(text + " \(word) \(!expected)") == !expected)
        }
        let mixed = Array(repeating: "false and true", count: 20_000).joined(separator: " or ") + " or weekday == sun"
        #expect(problems(mixed).isEmpty)
        #expect(holds(mixed))
        let wrong = Array(repeating: "true", count: 30_000).joined(separator: " and ") + " and 3"
        #expect(checker.check(wrong).count == 1)
    }

    /// Issue 19 item 10: offsets (and so columns) count Unicode scalars (SPEC §3), not
    /// grapheme clusters: a decomposed "é" is two, a family emoji seven.
    @Test func offsetsCountUnicodeScalars() {
        #expect(problems("answer(feeling) == 'Cafe\u{301}' and 5") == ["31 invalid"])
        #expect(problems("answer(feeling) == 'Caf\u{E9}' and 5") == ["30 invalid"])
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(problems("answer(feeling) == '\(family)' and 5") == ["33 invalid"])
        #expect(problems("done(Run) and\u{301} 5").count == 1)
        if case .failure(let error) = ConditionParser.parse("'Cafe\u{301}' ==") { #expect(error.offset == 10) }
    }
}
