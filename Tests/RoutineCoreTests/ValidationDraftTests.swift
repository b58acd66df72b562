import Testing

@testable import RoutineCore

/// The pure validator over hand-built drafts (no YAML involved).
@Suite struct ValidationDraftTests {
    private func at(_ line: Int, _ column: Int = 1) -> RoutineCore.SourceLocation {
        RoutineCore.SourceLocation(line: line, column: column)
    }

    private func habit(
        _ id: String, _ name: String, line: Int, next: [DraftRef] = [], inline: Bool = false
    ) -> DraftNode {
        DraftNode(
            id: id, idLocation: at(line), location: at(line), isInline: inline,
            body: .habit(name, at: at(line, 10)), next: next)
    }

    @Test func buildsARoutineWithIndices() throws {
        let draft = RoutineDraft(
            slug: "r", start: [DraftRef(.id("a"), at: at(1))],
            nodes: [habit("a", "A", line: 2, next: [DraftRef(.id("b"), at: at(2, 20))]), habit("b", "B", line: 3)])
        let result = RoutineValidator.validate(draft)
        #expect(result.diagnostics.isEmpty)
        let routine = try #require(result.routine)
        #expect(routine.start == [0])
        #expect(routine.nodes[0].next == [1])
    }

    @Test func duplicateIsTheLaterByPositionNotByIndex() {
        // The node listed first in the draft sits later in the file.
        let draft = RoutineDraft(
            slug: "r", start: [DraftRef(.id("x"), at: at(1))],
            nodes: [habit("x", "Late", line: 9), habit("x", "Early", line: 4)])
        let result = RoutineValidator.validate(draft)
        #expect(result.diagnostics.map { $0.code } == [DiagnosticCode.duplicateNode])
        #expect(result.diagnostics.first?.location == at(9))
        #expect(result.routine == nil)
    }

    @Test func cycleThroughAnInlineNodeNamesItsGeneratedID() {
        let draft = RoutineDraft(
            slug: "r", start: [DraftRef(.id("a"), at: at(1))],
            nodes: [
                habit("a", "A", line: 2, next: [DraftRef(.inline(1), at: at(3, 5))]),
                habit("a/next/1", "B", line: 3, next: [DraftRef(.id("a"), at: at(4, 7))], inline: true),
            ])
        let result = RoutineValidator.validate(draft)
        #expect(result.diagnostics.map { $0.message } == ["cycle: a -> a/next/1 -> a"])
        #expect(result.diagnostics.first?.location == at(4, 7))
    }

    @Test func noStartMeansNoRoutineButGraphChecksStillRun() {
        let draft = RoutineDraft(
            slug: "r", nodes: [habit("a", "A", line: 2, next: [DraftRef(.id("zz"), at: at(2, 9))])])
        let result = RoutineValidator.validate(draft)
        #expect(result.routine == nil)
        let codes: [DiagnosticCode] = result.diagnostics.map { $0.code }
        #expect(codes == [.unreachableNode, .undefinedNode])
    }

    @Test func suggestions() {
        #expect(Suggestion.closest(to: "nxt", among: ["habit", "question", "options", "next"]) == "next")
        #expect(Suggestion.closest(to: "qeustion", among: ["habit", "question", "next"]) == "question")
        #expect(Suggestion.closest(to: "colour", among: ["routine", "title", "start"]) == nil)
        #expect(Suggestion.closest(to: "NEXT", among: ["next"]) == "next")
        #expect(Suggestion.editDistance(Array("abc"), Array("acb")) == 1)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
    }

    @Test func measuresCompareByCanonicalUnit() {
        #expect(
            Measure.same(
                Measure(unit: "KM", type: "Distance"), Measure(unit: "kilometres", type: "distance")))
        #expect(
            !Measure.same(Measure(unit: "km", type: "distance"), Measure(unit: "mi", type: "distance")))
        #expect(!Measure.same(nil, Measure(unit: "km", type: "distance")))
        #expect(Measure.same(nil, nil))
    }
}
