import RoutineCore
import RoutineFile
import TestSupport
import Testing

@testable import RoutineCLI

/// `routine show`'s terminal tree, drawn by the CLI (`TreeDrawing`): shared nodes where
/// a run reaches them, bounded width, conditions and schedules on their nodes.
@Suite struct TreeDrawingTests {
    private func read(_ text: String) throws -> Routine {
        try #require(RoutineFileReader.read(string: text, path: "test.yaml").routine)
    }

    @Test func treeShowsSharedNodesOnceInVisitOrder() throws {
        // journal follows both walk and the inline "Read a book"; a run visits it after
        // the last of them, so it is drawn there and referred to before.
        let routine = try read(specExample)
        #expect(
            TreeDrawing.draw(routine) == """
                Morning Check-in (morning-checkin)
                └─ ? How are you feeling today?  (feeling)
                   ├─ [Great!]
                   │  ├─ Drink Water  (water)
                   │  └─ Meditate · 10 min  (meditate)
                   ├─ [Okay]
                   │  └─ Go for a walk  (walk)
                   │     └─ → journal (below)
                   └─ [Not so good]
                      └─ Read a book
                         └─ Journal  (journal)

                """)
    }

    @Test func aSharedNodeIsDrawnWhereTheRunReachesIt() throws {
        // SPEC §4.1's example with h3 listed first under A: the run asks h1 before h3.
        let yaml = """
            routine: order
            start: [q]
            nodes:
              q:
                question: Which?
                options:
                  - text: A
                    next: [h3, h1]
                  - text: B
                    next: [h2]
              h1: { habit: One, next: [h3] }
              h2: { habit: Two }
              h3: { habit: Three }
            """
        let routine = try read(yaml)
        #expect(
            TreeDrawing.draw(routine) == """
                order (order)
                └─ ? Which?  (q)
                   ├─ [A]
                   │  ├─ → h3 (below)
                   │  └─ One  (h1)
                   │     └─ Three  (h3)
                   └─ [B]
                      └─ Two  (h2)

                """)
        #expect(VisitOrder(routine).nodes.map { routine.nodes[$0].id } == ["q", "h1", "h3", "h2"])
    }

    @Test func treeOfADeepChainStaysNarrow() throws {
        var nodes = ""
        for index in 0..<300 {
            nodes += "  n\(index):\n    habit: H\(index)\n" + (index < 299 ? "    next: [n\(index + 1)]\n" : "")
        }
        let routine = try read("routine: deep\nstart: [n0]\nnodes:\n" + nodes)
        let tree = TreeDrawing.draw(routine)
        let widest = tree.split(separator: "\n").map(\.count).max() ?? 0
        #expect(tree.split(separator: "\n").count == 301)
        #expect(widest < 200)
    }

    @Test func theTreeShowsConditionsSchedulesAndOptionsThatAddNothing() throws {
        let tree = TreeDrawing.draw(try read(diagramDetailExample))
        #expect(tree.contains("├─ Warm-up  (warm)\n└─ ? Session?  (q)\n"))
        #expect(tree.contains("[Walk]  when: weekday == sat\n"))
        #expect(tree.contains("Walk  (walk)  when: not done(Swim)\n"))
        #expect(tree.contains("Swim · due: tue, thu  (swim)\n"))
        #expect(tree.contains("└─ [Rest]  (adds nothing)\n"))
    }
}
