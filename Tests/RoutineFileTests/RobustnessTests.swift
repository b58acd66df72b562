import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// Hostile and odd inputs: they all end quickly with diagnostics, never a crash.
@Suite struct RobustnessTests {
    @Test func aliasBombIsRefused() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        let result = readYAML(yaml)
        #expect(result.routine == nil)
        #expect(result.diagnostics.contains { $0.code == .invalidValue && $0.message.contains("aliases") })
    }

    @Test func modestAliasesAreExpanded() throws {
        let result = readYAML(
            """
            routine: r
            start: [a]
            nodes:
              a:
                habit: A
                next: &shared [b, c]
              b:
                habit: B
              c:
                habit: C
                next: []
              d:
                habit: D
                next: *shared
            """)
        let warnings = result.diagnostics.map(\.code)
        #expect(warnings == [.unreachableNode])
        let routine = try #require(result.routine)
        #expect(routine.nodes[3].next == [1, 2])
    }

    @Test func veryDeepFlowNestingEndsQuickly() {
        // libyaml's own scanner gives up first here (its limit is 1,000 levels of
        // look-ahead); either way: one error, no crash, no hang.
        let depth = 100_000
        let yaml = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let result = readYAML(yaml)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.routine == nil)
        // Issue 31 item 19: what the limit means, not libyaml's function to raise it.
        #expect(result.diagnostics.first?.message == "nesting deeper than 100 levels")
        #expect(result.diagnostics.first?.code == .invalidValue)
    }

    @Test func deepFlowNestingStopsAtTheLimit() {
        let yaml = String(repeating: "[", count: 150) + String(repeating: "]", count: 150)
        let result = readYAML(yaml)
        #expect(positions(result) == ["1:101 invalid-value"])
    }

    @Test func deepBlockNestingStopsAtTheLimit() {
        var yaml = ""
        for level in 0..<150 {
            yaml += String(repeating: " ", count: level) + "k\(level):\n"
        }
        let result = readYAML(yaml)
        #expect(result.diagnostics.map(\.code) == [.invalidValue])
        #expect(result.diagnostics.first?.message.contains("100") == true)
    }

    @Test func hundredLevelsAreAllowed() {
        let yaml = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let result = readYAML(yaml)
        // Not a routine, but not too deep either: a shape error, not the depth error.
        #expect(!result.diagnostics.contains { $0.message.contains("nesting") })
    }

    @Test func notUTF8IsASyntaxErrorAtTheBadByte() {
        var data = Data("routine: r\nstart: [a]\ntitle: caf\u{E9} ".utf8)
        data.append(0xFF)
        data.append(contentsOf: Array("\nnodes: {a: {habit: A}}\n".utf8))
        let result = RoutineFileReader.read(data: data)
        #expect(positions(result) == ["3:13 syntax"])
        #expect(result.diagnostics.first?.message.contains("UTF-8") == true)
    }

    @Test func truncatedUTF8AtTheEnd() {
        var data = Data("routine: r\n".utf8)
        data.append(0xE2)
        data.append(0x82)
        let result = RoutineFileReader.read(data: data)
        #expect(positions(result) == ["2:1 syntax"])
    }

    @Test func columnsCountCharactersNotBytes() {
        let result = readYAML(
            """
            routine: r
            start: [café]
            nodes:
              café:
                habit: Grüße 🙂
                next: [nöpe, 🙂x]
            """)
        // `café` is not a valid id (reported at the key); the refs are undefined.
        let found = positions(result)
        #expect(found.contains("4:3 invalid-value"))
        #expect(found.contains("6:12 undefined-node"))
        #expect(found.contains("6:18 undefined-node"))
    }

    @Test func columnsAfterWideCharactersInFlowText() {
        let result = readYAML(
            """
            routine: r
            start: [q]
            nodes:
              q: {question: "日本語の質問", options: [{text: 答え}], nxt: []}
            """)
        #expect(positions(result) == ["4:7 single-option", "4:50 unknown-key"])
    }

    @Test func secondDocumentIsReported() {
        let result = readYAML(
            """
            routine: r
            start: [a]
            nodes: {a: {habit: A}}
            ---
            routine: s
            """)
        #expect(positions(result) == ["4:1 invalid-value"])
    }

    @Test func emptyFileMissesTheRequiredKeys() {
        for text in ["", "# only a comment\n", "---\n", "~\n"] {
            let result = readYAML(text)
            #expect(result.diagnostics.map(\.code) == [.missingKey, .missingKey, .missingKey], "\(text)")
            #expect(result.diagnostics.allSatisfy { $0.location == SourceLocation(line: 1, column: 1) })
        }
    }

    @Test func rootMustBeAMapping() {
        let result = readYAML("- a\n- b\n")
        #expect(positions(result) == ["1:1 invalid-value"])
    }

    @Test func duplicateKeyOutsideNodesIsInvalidValue() {
        let result = readYAML(
            """
            routine: r
            routine: s
            start: [a]
            nodes: {a: {habit: A}}
            """)
        #expect(positions(result) == ["2:1 invalid-value"])
        #expect(result.diagnostics.first?.message.contains("duplicate key 'routine'") == true)
    }

    @Test func severalProblemsAreAllReported() {
        let result = readYAML(
            """
            routine: Bad Slug
            start: [a, ghost]
            nodes:
              a:
                habit: A
                nxt: [b]
              b:
                question: ""
                options:
                  - text: One
                  - text: one
              c:
                habit: C
                next: [c]
              a:
                habit: again
            """)
        #expect(
            positions(result) == [
                "1:10 invalid-value", "2:12 undefined-node", "6:5 unknown-key", "7:3 unreachable-node",
                "8:15 invalid-value", "11:15 duplicate-option", "12:3 unreachable-node", "14:12 cycle",
                "15:3 duplicate-node",
            ])
        #expect(result.routine == nil)
    }

    @Test func bothHabitAndQuestion() {
        let result = readYAML(
            """
            routine: r
            start: [a]
            nodes:
              a:
                habit: A
                question: Q?
            """)
        #expect(positions(result) == ["6:5 invalid-value"])
    }

    @Test func wrongShapesEverywhere() {
        let result = readYAML(
            """
            routine: [r]
            title: {a: b}
            start: a
            habits: [x]
            nodes:
              a: just text
              b:
                question: Q
                options: nope
              c:
                habit: [x]
            """)
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes.isSubset(of: [.invalidValue, .unreachableNode, .emptyQuestion]))
        #expect(result.diagnostics.filter { $0.code == .invalidValue }.count == 7)
    }

    @Test func binaryHabitTargetAndWeekly() {
        let result = readYAML(
            """
            routine: r
            habits:
              Read:
                target: 3
                weekly: 2.5
              Swim:
                weekly: 3
            start: [a]
            nodes: {a: {habit: Read}}
            """)
        #expect(positions(result) == ["4:5 invalid-value", "5:13 invalid-value"])
    }

    @Test func inlineNodeIDsAreGenerated() throws {
        let result = readYAML(
            """
            routine: r
            start:
              - question: Q?
                options:
                  - text: A
                    next:
                      - habit: X
                        next: [{habit: Y}]
                  - text: B
                next: [{id: named, habit: Z}, {habit: W}]
            nodes: {}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let routine = try #require(result.routine)
        #expect(routine.nodes.map(\.id) == ["start/1", "start/1/1/1", "start/1/1/1/next/1", "named", "start/1/next/2"])
        #expect(routine.nodes.allSatisfy { $0.isInline })
    }
}
