import RoutineCore
import Testing

@testable import RoutineTesting

/// A case's history of answers reaches the conditions over past answers (SPEC §14.4):
/// `answer(NODE, 1)` reads what the case says was answered the day before.
@Suite struct PastAnswerCaseTests {
    private static let routine = """
        routine: mood
        start: [feeling, rest]
        nodes:
          feeling:
            question: How are you?
            options: [{text: Fine}, {text: Tired}]
          rest:
            habit: Early night
            when: answer(feeling, 1) == "Tired"

        """

    @Test func yesterdaysAnswerDecidesWhatIsAsked() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - name: tired yesterday
                day: 2026-11-23
                history:
                  answers: [{question: feeling, day: -1, answer: Tired}]
                answers: [1, y]
                asks: [feeling, Early night]
              - name: fine yesterday
                day: 2026-11-23
                history:
                  answers: [{question: feeling, day: -1, answer: Fine}]
                answers: [1]
                asks: [feeling]
                not-due: {rest: when}
            """, routine: Self.routine)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.failureLines == [])
        #expect(result.cases.map(\.passed) == [true, true])
    }
}
