import Foundation
import RoutineCore
import RoutineFile
import Testing

/// Every kind of edit on each bundled routine: the file reads back to the expected graph,
/// the line diff holds only the lines the edit is about, comments stay, undo and redo
/// are byte for byte (`edited`).
@Suite struct BundledRoutineEditTests {
    /// An edit, the lines it may change (removed, added) and the graph change it makes.
    struct Case: Sendable {
        var edit: RoutineEdit
        var removed: [String]
        var added: [String]
        var change: @Sendable (inout GraphSummary) -> Void
    }

    static let morning: [Case] = [
        Case(
            edit: .connect(from: "water", option: nil, to: "journal"), removed: [], added: ["    next: [journal]"],
            change: { $0.nodes["water"] = "habit Drink Water -> [journal]" }),
        Case(
            edit: .disconnect(from: "feeling", option: 1, to: "water"), removed: ["        next: [water, walk]"],
            added: ["        next: [walk]"],
            change: {
                $0.nodes["feeling"] = $0.nodes["feeling"]?.replacingOccurrences(
                    of: "Okay -> [water,walk]", with: "Okay -> [walk]")
            }),
        Case(
            edit: .addStart("walk"), removed: ["start: [feeling]"], added: ["start: [feeling, walk]"],
            change: { $0.start.append("walk") }),
        Case(
            edit: .setQuestionText(node: "feeling", text: "Comment ça va ? 🌅"),
            removed: ["    question: How are you feeling today?"], added: ["    question: Comment ça va ? 🌅"],
            change: {
                $0.nodes["feeling"] = $0.nodes["feeling"]?.replacingOccurrences(
                    of: "How are you feeling today?", with: "Comment ça va ? 🌅")
            }),
        Case(
            edit: .addOption(node: "feeling", text: "Tired"), removed: [], added: ["      - text: Tired"],
            change: {
                $0.nodes["feeling"] = $0.nodes["feeling"]?.replacingOccurrences(
                    of: "Not so good -> [read]}", with: "Not so good -> [read]; Tired -> []}")
            }),
        Case(
            edit: .deleteNode("meditate"),
            removed: ["        next: [water, meditate]", "  meditate:", "    habit: Meditate", "    next: [journal]"],
            added: ["        next: [water]"],
            change: {
                $0.nodes["meditate"] = nil
                $0.nodes["feeling"] = $0.nodes["feeling"]?.replacingOccurrences(
                    of: "Great! -> [water,meditate]", with: "Great! -> [water]")
            }),
        Case(
            edit: .renameNode(from: "read", to: "book"), removed: ["            id: read"],
            added: ["            id: book"],
            change: {
                $0.nodes["book"] = $0.nodes.removeValue(forKey: "read")
                $0.nodes["feeling"] = $0.nodes["feeling"]?.replacingOccurrences(of: "[read]", with: "[book]")
            }),
    ]

    static let evening: [Case] = [
        Case(
            edit: .setOptionText(node: "secondary-feeling", option: 3, text: "Serein"),
            removed: ["              - text: Content"], added: ["              - text: Serein"],
            change: {
                $0.nodes["secondary-feeling"] = $0.nodes["secondary-feeling"]?.replacingOccurrences(
                    of: "Content -> []", with: "Serein -> []")
            }),
        Case(
            edit: .connect(from: "secondary-feeling", option: 3, to: "call"), removed: [],
            added: ["                next: [call]"],
            change: {
                $0.nodes["secondary-feeling"] = $0.nodes["secondary-feeling"]?.replacingOccurrences(
                    of: "Content -> []", with: "Content -> [call]")
            }),
        Case(
            edit: .removeOption(node: "primary", option: 4),
            removed: ["      - text: Anxiety", "        next: [breathe]"],
            added: [],
            change: {
                $0.nodes["primary"] = $0.nodes["primary"]?.replacingOccurrences(
                    of: "; Anxiety -> [breathe]", with: "")
            }),
        Case(
            edit: .renameNode(from: "stretch", to: "etirement"),
            removed: ["                next: [stretch]", "  stretch:"],
            added: ["                next: [etirement]", "  etirement:"],
            change: {
                $0.nodes["etirement"] = $0.nodes.removeValue(forKey: "stretch")
                $0.nodes["secondary-feeling"] = $0.nodes["secondary-feeling"]?.replacingOccurrences(
                    of: "[stretch]", with: "[etirement]")
            }),
        Case(
            edit: .deleteNode("secondary-feeling"),
            removed: [
                "        next:", "          - id: secondary-feeling", "            question: Which one?",
                "            options:", "              - text: Tired", "                next: [early-night]",
                "              - text: Restless", "                next: [stretch]", "              - text: Lonely",
                "                next: [call]", "              - text: Content",
            ], added: [],
            change: {
                $0.nodes["secondary-feeling"] = nil
                $0.nodes["secondary"] = $0.nodes["secondary"]?.replacingOccurrences(
                    of: "Yes -> [secondary-feeling]", with: "Yes -> []")
            }),
        Case(
            edit: .setTitle("Journal du soir"), removed: ["title: Evening Journal"], added: ["title: Journal du soir"],
            change: { _ in }),
    ]

    static let training: [Case] = [
        Case(
            edit: .setHabitName(node: "ride", name: "Vélo 🚲"),
            removed: ["          - { id: ride, habit: Cycle, next: [stretch] }"],
            added: ["          - { id: ride, habit: Vélo 🚲, next: [stretch] }"],
            change: { $0.nodes["ride"] = "habit Vélo 🚲 -> [stretch]" }),
        Case(
            edit: .disconnect(from: "ride", option: nil, to: "stretch"),
            removed: ["          - { id: ride, habit: Cycle, next: [stretch] }"],
            added: ["          - { id: ride, habit: Cycle, next: [] }"],
            change: { $0.nodes["ride"] = "habit Cycle -> []" }),
        Case(
            edit: .renameNode(from: "stretch", to: "cool-down"),
            removed: [
                "          - { id: run, habit: Run, next: [stretch] }",
                "          - { id: ride, habit: Cycle, next: [stretch] }",
                "    next: [stretch]", "  stretch:",
            ],
            added: [
                "          - { id: run, habit: Run, next: [cool-down] }",
                "          - { id: ride, habit: Cycle, next: [cool-down] }", "    next: [cool-down]", "  cool-down:",
            ],
            change: {
                $0.nodes["cool-down"] = $0.nodes.removeValue(forKey: "stretch")
                for id in ["run", "ride", "strength"] {
                    $0.nodes[id] = $0.nodes[id]?.replacingOccurrences(of: "[stretch]", with: "[cool-down]")
                }
            }),
        Case(
            edit: .removeStart("warm-up"), removed: ["start: [warm-up, session]"], added: ["start: [session]"],
            change: { $0.start = ["session"] }),
        Case(
            edit: .addHabit(id: "walk", name: "Walk"), removed: [], added: ["  walk:", "    habit: Walk"],
            change: { $0.nodes["walk"] = "habit Walk -> []" }),
    ]

    @Test(arguments: [("morning-checkin", morning), ("evening-journal", evening), ("training", training)])
    func editsOnABundledRoutine(name: String, cases: [Case]) throws {
        let text = try bundledRoutine(name)
        let before = try #require(graph(text))
        for item in cases {
            let outcome = try edited(text, item.edit)
            #expect(outcome.diff.removed == item.removed, "\(name): \(item.edit)")
            #expect(outcome.diff.added == item.added, "\(name): \(item.edit)")
            var expected = before
            item.change(&expected)
            #expect(outcome.summary() == expected, "\(name): \(item.edit)")
        }
    }

    @Test func deleteWithReferencesInEveryKindOfList() throws {
        let text = try bundledRoutine("morning-checkin")
        let refs = try RoutineEditor.references(to: "journal", in: text)
        #expect(refs.map { "\($0.line):\($0.column)" } == ["26:20", "31:12", "34:12"])
        let outcome = try edited(text, .deleteNode("journal"))
        #expect(outcome.diff.added.isEmpty)
        #expect(
            outcome.diff.removed == [
                "            next: [journal]", "    next: [journal]", "    next: [journal]", "  journal:",
                "    habit: Journal",
            ])
        #expect(outcome.summary()?.nodes.values.allSatisfy { !$0.contains("journal") } == true)
    }

    @Test func marksPastManyNonASCIICharacters() throws {
        // libyaml counts characters; a long run of multi-byte ones before the edit tests
        // the conversion to bytes past its checkpoints.
        let header = (0..<120).map { "# ligne \($0): café, thé, 🧘‍♀️ et ✍️" }.joined(separator: "\n")
        let text =
            header
            + "\nroutine: long\nstart: [é1]\nnodes:\n  é1:\n    habit: Thé 🍵\n    next: [z]\n  z:\n    habit: Zzz 😴\n"
        let renamed = try edited(text.replacingOccurrences(of: "é1", with: "e1"), .renameNode(from: "z", to: "sleep"))
        #expect(renamed.diff.removed == ["    next: [z]", "  z:"])
        #expect(renamed.diff.added == ["    next: [sleep]", "  sleep:"])
        let named = try edited(renamed.after, .setHabitName(node: "sleep", name: "Dormir 😴 — tôt"))
        #expect(named.after.hasSuffix("  sleep:\n    habit: Dormir 😴 — tôt\n"))
    }

    @Test func emptyValuesAreEditedOnTheirOwnLine() throws {
        let text = "routine: x\nstart: [a]\nnodes:\n  a:\n    habit: A\n    next:\n  b:\n    habit: B\n"
        let connected = try edited(text, .connect(from: "a", option: nil, to: "b"))
        #expect(connected.after == text.replacingOccurrences(of: "    next:\n", with: "    next: [b]\n"))
        let options = "routine: x\nstart: [q]\nnodes:\n  q:\n    question: Q\n    options:  # none yet\n"
        let added = try edited(options, .addOption(node: "q", text: "A"))
        #expect(added.after == options + "      - text: A\n")
    }
}
