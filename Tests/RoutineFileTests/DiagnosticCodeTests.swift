import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// One test per diagnostic code of SPEC §3, each with its exact line and column.
@Suite struct DiagnosticCodeTests {
    /// The only diagnostic of `yaml` must be `code` at `line:column`; returns its message.
    @discardableResult
    private func only(
        _ code: DiagnosticCode, at line: Int, _ column: Int, in yaml: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> String {
        let result = readYAML(yaml)
        #expect(
            positions(result) == ["\(line):\(column) \(code.rawValue)"],
            "\(result.diagnostics)", sourceLocation: sourceLocation)
        #expect(result.routine == nil || code.severity == .warning, sourceLocation: sourceLocation)
        #expect(result.routine != nil || code.severity == .error, sourceLocation: sourceLocation)
        return result.diagnostics.first?.message ?? ""
    }

    @Test func syntax() {
        let message = only(
            .syntax, at: 2, 11,
            in: """
                routine: r
                start: [a]: b
                nodes: {a: {habit: A}}
                """)
        #expect(!message.isEmpty)
    }

    @Test func unknownKeyWithSuggestion() {
        let message = only(
            .unknownKey, at: 6, 5,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: A
                    nxt: [a]
                """)
        #expect(message == "unknown key 'nxt' in the node 'a'; did you mean 'next'?")
    }

    @Test func unknownKeyWithoutSuggestion() {
        let message = only(
            .unknownKey, at: 2, 1,
            in: """
                routine: r
                colour: blue
                start: [a]
                nodes: {a: {habit: A}}
                """)
        #expect(!message.contains("did you mean"))
    }

    @Test func missingKeyOptionText() {
        only(
            .missingKey, at: 7, 9,
            in: """
                routine: r
                start: [q]
                nodes:
                  q:
                    question: Q?
                    options:
                      - next: [a]
                      - text: B
                  a:
                    habit: A
                """)
    }

    @Test func missingKeyRoutine() {
        let message = only(
            .missingKey, at: 1, 1,
            in: """
                start: [a]
                nodes: {a: {habit: A}}
                """)
        #expect(message.contains("'routine'"))
    }

    @Test func missingKeyHabitOrQuestion() {
        only(
            .missingKey, at: 4, 3,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    next: []
                """)
    }

    @Test func invalidValueNext() {
        let message = only(
            .invalidValue, at: 6, 11,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: A
                    next: 3
                """)
        #expect(message.contains("'next'"))
    }

    @Test func invalidValueSlug() {
        only(
            .invalidValue, at: 1, 10,
            in: """
                routine: Morning Check
                start: [a]
                nodes: {a: {habit: A}}
                """)
    }

    @Test func invalidValueNegativeTarget() {
        let message = only(
            .invalidValue, at: 5, 13,
            in: """
                routine: r
                habits:
                  Run:
                    measure: {unit: km, type: distance}
                    target: -5
                start: [a]
                nodes: {a: {habit: Run}}
                """)
        #expect(message.contains("negative"))
    }

    @Test func invalidValueEmptyText() {
        only(
            .invalidValue, at: 7, 15,
            in: """
                routine: r
                start: [q]
                nodes:
                  q:
                    question: Q?
                    options:
                      - text: ""
                      - text: B
                """)
    }

    @Test func invalidValueMeasureWithoutType() {
        only(
            .invalidValue, at: 4, 14,
            in: """
                routine: r
                habits:
                  Run:
                    measure: {unit: km}
                start: [a]
                nodes: {a: {habit: Run}}
                """)
    }

    @Test func duplicateNodeFromYAMLKeys() {
        let message = only(
            .duplicateNode, at: 6, 3,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: A
                  a:
                    habit: B
                """)
        #expect(message.contains("line 4"))
    }

    @Test func duplicateNodeInlineID() {
        only(
            .duplicateNode, at: 6, 17,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: A
                    next: [{id: a, habit: B}]
                """)
    }

    @Test func undefinedNodeWithSuggestion() {
        let message = only(
            .undefinedNode, at: 6, 12,
            in: """
                routine: r
                start: [walk, journal]
                nodes:
                  walk:
                    habit: Walk
                    next: [jounral]
                  journal:
                    habit: Journal
                """)
        #expect(message == "node 'jounral' is not defined; did you mean 'journal'?")
    }

    @Test func cycleAtTheLastEdge() {
        let message = only(
            .cycle, at: 9, 12, in: CheckSamples.walkJournalCycle(slug: "r"))
        #expect(message == "cycle: walk -> journal -> walk")
    }

    @Test func selfLoop() {
        let message = only(
            .cycle, at: 6, 12,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: A
                    next: [a]
                """)
        #expect(message == "cycle: a -> a")
    }

    @Test func emptyQuestion() {
        only(
            .emptyQuestion, at: 5, 5,
            in: """
                routine: r
                start: [q]
                nodes:
                  q:
                    question: Anything?
                    options: []
                """)
    }

    @Test func duplicateOptionIsCaseInsensitive() {
        only(
            .duplicateOption, at: 8, 15,
            in: """
                routine: r
                start: [q]
                nodes:
                  q:
                    question: How?
                    options:
                      - text: Great
                      - text: great
                """)
    }

    @Test func measureConflict() {
        only(
            .measureConflict, at: 6, 14,
            in: """
                routine: r
                habits:
                  Run:
                    measure: {unit: km, type: distance}
                  " run ":
                    measure: {unit: min, type: time}
                start: [a]
                nodes: {a: {habit: Run}}
                """)
    }

    @Test func sameMeasureInOtherSpellingsIsNoConflict() {
        let result = readYAML(
            """
            routine: r
            habits:
              Run:
                measure: {unit: km, type: distance}
              run:
                measure: {unit: Kilometres, type: Distance}
            start: [a]
            nodes: {a: {habit: Run}}
            """)
        #expect(!result.diagnostics.contains { $0.code == .measureConflict })
    }

    @Test func unreachableNode() {
        let message = only(
            .unreachableNode, at: 6, 3,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: A
                  stretch:
                    habit: Stretch
                """)
        #expect(message == "node 'stretch' is not reachable from start")
    }

    @Test func singleOption() {
        only(
            .singleOption, at: 5, 5,
            in: """
                routine: r
                start: [q]
                nodes:
                  q:
                    question: Ready?
                    options:
                      - text: Yes
                """)
    }

    @Test func repeatedHabit() {
        only(
            .repeatedHabit, at: 11, 12,
            in: """
                routine: r
                start: [a]
                nodes:
                  a:
                    habit: Drink water
                    next: [b]
                  b:
                    habit: Stretch
                    next: [c]
                  c:
                    habit: " drink  Water"
                """)
    }
}
