import Testing

@testable import RoutineCore

/// `answer(NODE, N)` and `answered(NODE, TEXT, DAYS)` (SPEC §14.4): checked like the
/// other functions, with `unknown-option` warnings, and evaluated from the day's context.
@Suite struct PastAnswerConditionTests {
    private let checker = ConditionChecker(
        node: { ["feeling": .question, "water": .habit][$0] },
        knowsHabit: { _ in true },
        options: { $0 == "feeling" ? ["Great!", "Okay", "Not so good"] : nil })

    private func problems(_ text: String) -> [String] {
        checker.check(text).map { "\($0.offset) \($0.kind)" }
    }

    @Test func checkedLikeTheOtherFunctions() {
        #expect(problems("answer(feeling, 1) == 'Great!'").isEmpty)
        #expect(problems("answered(feeling, 'Okay', 7) >= 3").isEmpty)
        #expect(problems("answered(feeling, Great!, 7) >= 3").isEmpty)
        #expect(problems("answer(feeling, 1) == ''").isEmpty)
        #expect(problems("answer(feeling, 0) == 'Okay'") == ["16 invalid"])
        #expect(problems("answer(feeling, x) == 'Okay'") == ["16 invalid"])
        #expect(problems("answered(feeling, 'Okay') > 1") == ["0 invalid"])
        #expect(problems("answered(feeling, 'Okay', 0) > 1") == ["26 invalid"])
        #expect(problems("answered(nothing, 'Okay', 3) > 1") == ["9 undefinedNode"])
        #expect(problems("answered(water, 'Okay', 3) > 1") == ["9 invalid"])
        #expect(problems("answered(feeling, 'Okay', 3)") == ["0 invalid"])
        #expect(problems("answer(feeling, 2) > 1") == ["19 invalid"])
    }

    @Test func anOptionTheQuestionDoesNotOfferIsAWarning() {
        #expect(problems("answered(feeling, 'Bee', 7) > 0") == ["18 unknownOption"])
        #expect(problems("answer(feeling) == 'Bee'") == ["19 unknownOption"])
        #expect(problems("answer(feeling, 1) in ['Okay', 'Bee']") == ["31 unknownOption"])
        #expect(problems("'great!' == answer(feeling, 2)").isEmpty)
    }

    private func environment(_ past: [String: [DayKey: String]], day: DayKey) -> WalkerEnvironment {
        var context = DayContext(day: day)
        context.pastAnswers = past
        return WalkerEnvironment(
            context: context, steps: [], entries: [], knownDone: [], doneByRun: [], habitSpecs: [:])
    }

    private func holds(_ text: String, _ env: WalkerEnvironment) throws -> Bool {
        let expr = try ConditionParser.parse(text).get()
        return ConditionEvaluator.evaluate(expr, in: env)
    }

    @Test func evaluatedFromThePastAnswersOfTheDay() throws {
        let day = DayKey("2026-11-22")!
        let past = [
            "feeling": [
                day.adding(days: -1): "Not so good", day.adding(days: -2): "Great!", day.adding(days: -3): "Great!",
                day.adding(days: -9): "Great!",
            ]
        ]
        let env = environment(past, day: day)
        #expect(try holds("answer(feeling, 1) == 'not so good'", env))
        #expect(try holds("answer(feeling, 2) == 'Great!'", env))
        #expect(try holds("answer(feeling, 4) == ''", env))
        #expect(try holds("answered(feeling, 'Great!', 3) == 2", env))
        #expect(try holds("answered(feeling, 'Great!', 9) == 3", env))
        #expect(try holds("answered(feeling, 'Okay', 30) == 0", env))
        // The first day ever: nothing before it.
        let first = environment([:], day: day)
        #expect(try holds("answer(feeling, 1) == ''", first))
        #expect(try holds("answered(feeling, 'Great!', 7) == 0", first))
        #expect(try !holds("answer(feeling, 1) == 'Great!'", first))
    }

    @Test func theRoutineSaysWhichPastAnswersItReads() throws {
        let routine = try Routine(
            slug: "r", title: nil, start: [0],
            nodes: [
                Node(id: "q", body: .question("Q?", options: [Option(text: "A"), Option(text: "B", next: [1])])),
                Node(id: "h", body: .habit("H"), when: "answered(q, 'A', 14) > 2 or answer(q, 3) == 'B'"),
            ], habits: [])
        let past = routine.conditionPastAnswers
        #expect(past.nodes == ["q"] && past.depth == 14)
    }
}
