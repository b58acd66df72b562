import RoutineCore
import Testing

@testable import RoutineFile

/// Issue 19 item 20: `show`, DOT and Mermaid show when a node is asked (`when:`,
/// schedules), options that lead to no node, and the order of the start nodes.
@Suite struct DiagramDetailTests {
    private let yaml = """
        routine: d
        start: [warm, q]
        habits:
          Swim:
            days: [tue, thu]
        nodes:
          warm:
            habit: Warm-up
          q:
            question: Session?
            options:
              - text: Swim
                next: [swim]
              - text: Walk
                when: weekday == sat
                next: [walk]
              - text: Rest
          swim:
            habit: Swim
          walk:
            habit: Walk
            when: not done(Swim)

        """

    private func routine() throws -> Routine {
        try #require(readYAML(yaml).routine)
    }

    @Test func theTreeShowsConditionsSchedulesAndOptionsThatAddNothing() throws {
        let tree = TreeDrawing.draw(try routine())
        #expect(tree.contains("├─ Warm-up  (warm)\n└─ ? Session?  (q)\n"))
        #expect(tree.contains("[Walk]  when: weekday == sat\n"))
        #expect(tree.contains("Walk  (walk)  when: not done(Swim)\n"))
        #expect(tree.contains("Swim · due: tue, thu  (swim)\n"))
        #expect(tree.contains("└─ [Rest]  (adds nothing)\n"))
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
