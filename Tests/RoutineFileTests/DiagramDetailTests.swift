import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// Issue 19 item 20: DOT and Mermaid show when a node is asked (`when:`, schedules),
/// options that lead to no node, and the order of the start nodes (`show`'s tree, which
/// the CLI draws: RoutineCLITests' TreeDrawingTests).
@Suite struct DiagramDetailTests {
    private let yaml = diagramDetailExample

    private func routine() throws -> Routine {
        try #require(readYAML(yaml).routine)
    }

    @Test func dotShowsThemAndNumbersTheStartNodes() throws {
        let dot = GraphFormats.dot(try routine())
        #expect(dot.contains(#"":start" -> "warm" [label="1"];"#))
        #expect(dot.contains(#"":start" -> "q" [label="2"];"#))
        #expect(dot.contains(#""swim" [label="Swim\ndue: tue, thu"];"#))
        #expect(dot.contains(#""walk" [label="Walk\nwhen: not done(Swim)"];"#))
        #expect(dot.contains(#""q" -> "walk" [label="Walk\nwhen: weekday == sat"];"#))
        #expect(dot.contains(#"":nowhere:1:2" [shape=point, label=""];"#))
        #expect(dot.contains(#""q" -> ":nowhere:1:2" [label="Rest"];"#))
    }

    @Test func mermaidShowsThemAndNumbersTheStartNodes() throws {
        let mermaid = GraphFormats.mermaid(try routine())
        #expect(mermaid.contains("  start -->|\"1\"| n0\n  start -->|\"2\"| n1\n"))
        #expect(mermaid.contains("  n2[\"Swim · due: tue, thu\"]\n"))
        #expect(mermaid.contains("  n3[\"Walk · when: not done(Swim)\"]\n"))
        #expect(mermaid.contains("  n1 -->|\"Walk · when: weekday == sat\"| n3\n"))
        #expect(mermaid.contains("  x1_2(( ))\n  n1 -->|\"Rest\"| x1_2\n"))
    }

    @Test func aSingleStartIsNotNumbered() throws {
        let one = try #require(readYAML("routine: e\nstart: [a]\nnodes:\n  a:\n    habit: A\n").routine)
        #expect(GraphFormats.dot(one).contains("\":start\" -> \"a\";\n"))
        #expect(GraphFormats.mermaid(one).contains("  start --> n0\n"))
    }
}
