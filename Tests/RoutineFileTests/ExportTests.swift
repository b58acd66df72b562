import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

@Suite struct ExportTests {
    /// YAML → Routine → YAML → Routine must give equal routines, and exporting again
    /// must give the same text.
    private func roundTrip(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Routine
    {
        let first = readYAML(yaml)
        #expect(!first.hasErrors, "\(first.diagnostics)", sourceLocation: sourceLocation)
        let routine = try #require(first.routine, sourceLocation: sourceLocation)
        let exported = RoutineExporter.yaml(routine)
        let second = readYAML(exported)
        #expect(!second.hasErrors, "\(second.diagnostics)\n\(exported)", sourceLocation: sourceLocation)
        #expect(second.routine == routine, "\(exported)", sourceLocation: sourceLocation)
        if let again = second.routine {
            #expect(RoutineExporter.yaml(again) == exported, sourceLocation: sourceLocation)
        }
        return routine
    }

    @Test func specExampleRoundTrips() throws {
        let routine = try roundTrip(specExample)
        let yaml = RoutineExporter.yaml(routine)
        #expect(
            yaml.contains(
                "      - text: Not so good\n        next:\n          - habit: Read a book\n            next: [journal]\n"
            ))
        #expect(yaml.contains("  Meditate:\n    measure: {unit: min, type: time}\n    target: 10\n"))
    }

    @Test func awkwardTextsSurvive() throws {
        let routine = try roundTrip(
            """
            routine: "2024"
            title: "  leading spaces"
            start: [q]
            habits:
              "Yes":
                measure: {unit: "#x", type: "a: b"}
                target: 2.5
            nodes:
              q:
                question: "What's up? Really: tell me # now"
                options:
                  - text: "Yes"
                    next: [ "true" ]
                  - text: "- dash"
                    next: [{habit: "null"}]
                  - text: "tab\\there \\"quoted\\" back\\\\slash"
                    next: [{habit: "[list]", id: "007"}]
                  - text: "  "
              "true":
                habit: "Yes"
              "2024.1":
                habit: "{a}"
            """.replacingOccurrences(of: "- text: \"  \"", with: "- text: \"~\""))
        #expect(routine.slug == "2024")
        #expect(routine.title == "  leading spaces")
        #expect(routine.habits.first?.measure == Measure(unit: "#x", type: "a: b"))
    }

    @Test func inlineNodesWithIDsSharedAndKeyOrder() throws {
        // `nodes:` before `start:`, an inline node with an id referenced before and
        // after its definition, and nested inline nodes.
        let routine = try roundTrip(
            """
            nodes:
              a:
                habit: A
                next: [shared]
              b:
                question: B?
                options:
                  - text: one
                    next:
                      - id: shared
                        habit: Shared
                        next:
                          - habit: Deep
                            next: [{question: Deeper?, options: [{text: x}, {text: y, next: [c]}]}]
                  - text: two
                    next: [shared, c]
              c:
                habit: C
            routine: order
            start: [b, {habit: First inline}, a]
            """)
        #expect(
            routine.nodes.map(\.id) == [
                "a", "b", "c", "start/2", "shared", "shared/next/1", "shared/next/1/next/1",
            ])
    }

    @Test func quantityHabitsAndEmptyHabits() throws {
        let routine = try roundTrip(
            """
            routine: q
            habits:
              Run:
                measure: {unit: kilometres, type: distance}
                weekly: 15
              Read: {}
              Push-ups:
                measure: {unit: reps, type: count}
                target: 20
                weekly: 100
            start: [run]
            nodes:
              run: {habit: Run, next: [read, pu]}
              read: {habit: Read}
              pu: {habit: Push-ups}
            """)
        #expect(routine.habits.map(\.name) == ["Run", "Read", "Push-ups"])
        #expect(routine.habits[2].target == 20)
    }

    @Test func scalarQuoting() {
        for plain in ["Drink Water", "Great!", "Not so good", "café au lait", "a-b_c.d"] {
            #expect(YAMLScalar.render(plain) == plain)
        }
        for quoted in ["Yes", "no", "2024", "a: b", "#x", " lead", "trail ", "", "null", "~", "-x", "[a]", "x\ny"] {
            #expect(YAMLScalar.render(quoted).hasPrefix("\""), "\(quoted)")
        }
        #expect(YAMLScalar.doubleQuoted("a\"b\\c\u{1}\u{2028}") == "\"a\\\"b\\\\c\\x01\\L\"")
    }

    @Test func dotEscapesIDsAndTexts() throws {
        // A line break cannot come from a file any more (it is a control character,
        // SPEC §11), but a store made before may hold one: the export still escapes it.
        var routine = try #require(
            readYAML(
                """
                routine: dot
                start: [q]
                nodes:
                  q:
                    question: 'Say "hi" \\ now'
                    options:
                      - text: "a-b"
                        next: [h.1]
                      - text: other
                  h.1:
                    habit: Walk
                """
            ).routine)
        var nodes = routine.nodes
        if case .question(let text, var options) = nodes[0].body {
            options[0].text = "a\nb"
            nodes[0].body = .question(text, options: options)
        }
        routine = try Routine(
            slug: routine.slug, title: routine.title, start: routine.start, nodes: nodes, habits: routine.habits)
        let dot = RoutineExporter.dot(routine)
        #expect(dot.contains(#"  "q" [shape=diamond, label="Say \"hi\" \\ now"];"#))
        #expect(dot.contains(#"  "q" -> "h.1" [label="a\nb"];"#))
        #expect(dot.contains(#"  ":start" -> "q";"#))
        #expect(dot.hasPrefix("digraph \"dot\" {\n"))
        #expect(dot.hasSuffix("}\n"))
    }

    @Test func mermaidEscapesTexts() throws {
        let routine = try #require(
            readYAML(
                """
                routine: m
                start: [q]
                nodes:
                  q:
                    question: "Pick <one> | \\"two\\" #3 & `four`"
                    options:
                      - text: "A|B"
                        next: [h]
                      - text: plain
                  h:
                    habit: Walk
                """
            ).routine)
        let mermaid = RoutineExporter.mermaid(routine)
        #expect(mermaid.contains("  n0{\"Pick #lt;one#gt; #124; #quot;two#quot; #35;3 #amp; #96;four#96;\"}"))
        #expect(mermaid.contains("  n0 -->|\"A#124;B\"| n1"))
        #expect(mermaid.contains("  start --> n0"))
        #expect(mermaid.hasPrefix("flowchart TD\n"))
    }

    @Test func jsonShape() throws {
        let routine = try #require(readYAML(specExample).routine)
        let json = RoutineExporter.json(routine)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["routine"] as? String == "morning-checkin")
        #expect(object["start"] as? [String] == ["feeling"])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        #expect(nodes.count == 6)
        #expect(nodes[5]["id"] as? String == "feeling/3/1")
        #expect(nodes[5]["inline"] as? Bool == true)
        #expect(
            json.hasPrefix("{\"routine\":\"morning-checkin\",\"title\":\"Morning Check-in\",\"start\":[\"feeling\"]"))
    }
}
