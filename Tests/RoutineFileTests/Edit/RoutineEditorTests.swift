import Foundation
import RoutineCore
import RoutineFile
import Testing

/// A routine with a comment on nearly every line, block and flow lists, an inline node.
let commentedRoutine = """
    # A commented routine: every edit must keep these lines.
    routine: commented   # the slug
    title: Commented     # shown in menus

    # where a run starts
    start: [feeling]  # first question

    nodes:   # the graph
      # how the day began
      feeling:
        question: How are you feeling today?   # asked first
        options:
          # the good path
          - text: Great!
            next: [water, meditate]   # both
          - text: Okay
            next:
              - water   # always water
              - walk
          - text: Not so good  # hmm
            next:
              - habit: Read a book   # inline
                id: read
                next: [journal]
      # the habits
      water:
        habit: Drink Water   # a glass
      meditate:
        habit: Meditate
        next: [journal]  # then write
      walk:
        habit: Go for a walk
        next: [journal]
      journal:   # last
        habit: Journal
    # end of file

    """

@Suite struct RoutineEditorTests {
    // MARK: Adding nodes

    @Test func addHabitAppendsTwoLinesAtTheEndOfNodes() throws {
        let outcome = try edited(commentedRoutine, .addHabit(id: "stretch", name: "Stretch"))
        #expect(outcome.diff.removed.isEmpty)
        #expect(outcome.diff.added == ["  stretch:", "    habit: Stretch"])
        var expected = try #require(graph(commentedRoutine))
        expected.nodes["stretch"] = "habit Stretch -> []"
        #expect(outcome.summary() == expected)
        #expect(outcome.after.hasSuffix("    habit: Stretch\n# end of file\n"))
    }

    @Test func addQuestionFollowsTheFileIndentation() throws {
        let four = """
            routine: four
            start: [a]
            nodes:
                a:
                    habit: A
                    next:
                    -   b
                b:
                    habit: B

            """
        let outcome = try edited(four, .addQuestion(id: "q", text: "Which one?", options: ["Yes", "Café ☕️"]))
        #expect(
            outcome.diff.added == [
                "    q:", "        question: Which one?", "        options:", "        - text: \"Yes\"",
                "        - text: Café ☕️",
            ])
        #expect(outcome.summary()?.nodes["q"] == "question Which one? {Yes -> []; Café ☕️ -> []} -> []")
    }

    @Test func addNodeOnBundledRoutines() throws {
        for name in ["morning-checkin", "evening-journal", "training"] {
            let text = try bundledRoutine(name)
            let outcome = try edited(text, .addQuestion(id: "extra", text: "Yes: or no?", options: ["yes", "no"]))
            #expect(outcome.diff.removed.isEmpty)
            #expect(outcome.diff.added.count == 5)
            var expected = try #require(graph(text))
            expected.nodes["extra"] = "question Yes: or no? {yes -> []; no -> []} -> []"
            #expect(outcome.summary() == expected, "\(name)")
        }
    }

    @Test func addNodeCreatesNodesWhenMissingOrEmpty() throws {
        for nodes in ["", "nodes:\n", "nodes: {}\n", "nodes: ~\n", "nodes:  # none yet\n"] {
            let text = "routine: empty\nstart: [a]\n" + nodes
            let outcome = try edited(text, .addHabit(id: "a", name: "A"))
            #expect(outcome.summary() == GraphSummary(start: ["a"], nodes: ["a": "habit A -> []"]), "\(nodes)")
            #expect(outcome.after.contains("nodes:\n  a:\n    habit: A\n") || nodes.contains("#"), "\(nodes)")
        }
        let noBreak = try edited("routine: x\nstart: [a]\nnodes:\n  b:\n    habit: B", .addHabit(id: "a", name: "A"))
        #expect(noBreak.after == "routine: x\nstart: [a]\nnodes:\n  b:\n    habit: B\n  a:\n    habit: A\n")
    }

    // MARK: Connecting

    @Test func connectAppendsInTheListsOwnStyle() throws {
        let flow = try edited(commentedRoutine, .connect(from: "feeling", option: 0, to: "walk"))
        #expect(flow.diff.removed == ["        next: [water, meditate]   # both"])
        #expect(flow.diff.added == ["        next: [water, meditate, walk]   # both"])
        let block = try edited(commentedRoutine, .connect(from: "feeling", option: 1, to: "journal"))
        #expect(block.diff.removed.isEmpty)
        #expect(block.diff.added == ["          - journal"])
        #expect(block.summary()?.nodes["feeling"]?.contains("Okay -> [water,walk,journal]") == true)
        let created = try edited(commentedRoutine, .connect(from: "water", option: nil, to: "journal"))
        #expect(created.diff.added == ["    next: [journal]"])
        #expect(created.summary()?.nodes["water"] == "habit Drink Water -> [journal]")
        let inline = try edited(commentedRoutine, .connect(from: "read", option: nil, to: "walk"))
        #expect(inline.summary()?.nodes["read"] == "habit Read a book -> [journal,walk]")
    }

    @Test func connectToAFlowInlineNodesList() throws {
        let text = try bundledRoutine("training")
        let outcome = try edited(text, .connect(from: "run", option: nil, to: "foam-roll"))
        #expect(outcome.diff.added == ["          - { id: run, habit: Run, next: [stretch, foam-roll] }"])
        #expect(outcome.summary()?.nodes["run"] == "habit Run -> [stretch,foam-roll]")
        #expect(
            refusal(
                .connect(from: "swim", option: nil, to: "run"),
                in: text.replacingOccurrences(of: "  swim:\n    habit: Swim", with: "  swim: {habit: Swim}"))
                == "this part is written as a flow mapping; edit it in a text editor")
    }

    @Test func connectRefusesWhatIsAlreadyThere() {
        #expect(
            refusal(.connect(from: "feeling", option: 0, to: "water"), in: commentedRoutine)
                == "option 1 of 'feeling' already leads to 'water'")
        #expect(
            refusal(.connect(from: "feeling", option: 2, to: "read"), in: commentedRoutine)
                == "option 3 of 'feeling' already leads to 'read'")
        #expect(
            refusal(.connect(from: "walk", option: nil, to: "nowhere"), in: commentedRoutine)
                == "no node 'nowhere' in the file")
        #expect(
            refusal(.connect(from: "feeling", option: 7, to: "walk"), in: commentedRoutine)
                == "'feeling' has no option 8 (it has 3)")
    }

    @Test func disconnectRemovesOneEntry() throws {
        let flow = try edited(commentedRoutine, .disconnect(from: "feeling", option: 0, to: "water"))
        #expect(flow.diff.added == ["        next: [meditate]   # both"])
        let block = try edited(commentedRoutine, .disconnect(from: "feeling", option: 1, to: "walk"))
        #expect(block.diff.removed == ["          - walk"] && block.diff.added.isEmpty)
        let between = commentedRoutine.replacingOccurrences(
            of: "          - water   # always water\n",
            with: "          - water   # always water\n          # then a walk\n")
        let kept = try edited(between, .disconnect(from: "feeling", option: 1, to: "water"))
        #expect(kept.diff.removed == ["          - water   # always water"] && kept.diff.added.isEmpty)
        #expect(kept.after.contains("        next:\n          # then a walk\n          - walk\n"))
        let last = try edited(commentedRoutine, .disconnect(from: "walk", option: nil, to: "journal"))
        #expect(last.diff.removed == ["    next: [journal]"] && last.diff.added.isEmpty)
        #expect(last.summary()?.nodes["walk"] == "habit Go for a walk -> []")
        #expect(
            refusal(.disconnect(from: "feeling", option: 2, to: "read"), in: commentedRoutine)
                == "'read' is written inside option 3 of 'feeling'; delete it to remove it")
        #expect(
            refusal(.disconnect(from: "water", option: nil, to: "walk"), in: commentedRoutine)
                == "'water' does not lead to 'walk'")
    }

    // MARK: Start

    @Test func startEntriesComeAndGo() throws {
        let added = try edited(commentedRoutine, .addStart("water"))
        #expect(added.diff.added == ["start: [feeling, water]  # first question"])
        #expect(added.summary()?.start == ["feeling", "water"])
        let removed = try edited(added.after, .removeStart("feeling"))
        #expect(removed.diff.added == ["start: [water]  # first question"])
        #expect(refusal(.addStart("water"), in: added.after) == "'water' is already a start node")
        #expect(refusal(.removeStart("walk"), in: commentedRoutine) == "'walk' is not a start node")
        let block = "routine: b\nstart:\n  - a\nnodes:\n  a:\n    habit: A\n  b:\n    habit: B\n"
        let appended = try edited(block, .addStart("b"))
        #expect(appended.after == "routine: b\nstart:\n  - a\n  - b\nnodes:\n  a:\n    habit: A\n  b:\n    habit: B\n")
        let none = try edited("routine: b\ntitle: B\nnodes:\n  a:\n    habit: A\n", .addStart("a"))
        #expect(none.after == "routine: b\ntitle: B\nstart: [a]\nnodes:\n  a:\n    habit: A\n")
        let emptied = try edited(block, .removeStart("a"))
        #expect(emptied.after == "routine: b\nstart: []\nnodes:\n  a:\n    habit: A\n  b:\n    habit: B\n")
        let commented = "routine: b\nstart:  # where to begin\n  - a\n  # then\n  - a\nnodes:\n  a:\n    habit: A\n"
        let cleared = try edited(commented, .removeStart("a"))
        #expect(cleared.after == "routine: b\nstart: []  # where to begin\n  # then\nnodes:\n  a:\n    habit: A\n")
    }

    // MARK: Texts

    @Test func textsAreReplacedInPlace() throws {
        let title = try edited(commentedRoutine, .setTitle("Le matin: café"))
        #expect(title.diff.added == ["title: \"Le matin: café\"     # shown in menus"])
        #expect(RoutineFileReader.read(string: title.after).routine?.title == "Le matin: café")
        let question = try edited(commentedRoutine, .setQuestionText(node: "feeling", text: "Ça va? 🙂"))
        #expect(question.diff.added == ["    question: Ça va? 🙂   # asked first"])
        let habit = try edited(question.after, .setHabitName(node: "read", name: "yes"))
        #expect(habit.diff.added == ["          - habit: \"yes\"   # inline"])
        #expect(habit.summary()?.nodes["read"] == "habit yes -> [journal]")
        let option = try edited(habit.after, .setOptionText(node: "feeling", option: 2, text: "Pas très bien — 😕"))
        #expect(option.diff.added == ["      - text: Pas très bien — 😕  # hmm"])
        #expect(option.summary()?.nodes["feeling"]?.contains("Pas très bien — 😕 -> [read]") == true)
        let untitled = try edited("routine: x\nstart: [a]\nnodes:\n  a:\n    habit: A\n", .setTitle("X"))
        #expect(untitled.after == "routine: x\ntitle: X\nstart: [a]\nnodes:\n  a:\n    habit: A\n")
    }

    @Test func blockScalarsAreReplacedWithoutTheirLineBreak() throws {
        let text =
            "routine: x\nstart: [q]\nnodes:\n  q:\n    question: |\n      Long\n      text\n    options:\n      - text: A\n"
        let outcome = try edited(text, .setQuestionText(node: "q", text: "Short"))
        #expect(
            outcome.after
                == "routine: x\nstart: [q]\nnodes:\n  q:\n    question: Short\n    options:\n      - text: A\n")
    }

    @Test func textsAreChecked() {
        #expect(refusal(.setTitle("  "), in: commentedRoutine) == "the title is empty")
        #expect(
            refusal(.setQuestionText(node: "water", text: "Why?"), in: commentedRoutine)
                == "'water' is a habit node, not a question")
        #expect(
            refusal(.setHabitName(node: "feeling", name: "X"), in: commentedRoutine)
                == "'feeling' is a question node, not a habit")
        #expect(
            refusal(.addOption(node: "feeling", text: "okay"), in: commentedRoutine)
                == "'feeling' already has the option 'Okay'")
        #expect(
            refusal(.setOptionText(node: "feeling", option: 0, text: "OKAY"), in: commentedRoutine)
                == "'feeling' already has the option 'Okay'")
        #expect(
            refusal(.addQuestion(id: "q", text: "Q", options: []), in: commentedRoutine)
                == "a question needs at least one option")
        #expect(
            refusal(.setHabitName(node: "water", name: "a\nb"), in: commentedRoutine)?.contains("control character")
                == true)
    }

    // MARK: Options

    @Test func optionsAreAddedAndRemoved() throws {
        let added = try edited(commentedRoutine, .addOption(node: "feeling", text: "Tired"))
        #expect(added.diff.removed.isEmpty && added.diff.added == ["      - text: Tired"])
        #expect(added.summary()?.nodes["feeling"]?.hasSuffix("; Tired -> []} -> []") == true)
        let training = try bundledRoutine("training")
        let removed = try edited(training, .removeOption(node: "session", option: 0))
        #expect(
            removed.diff.removed == [
                "      - text: Run", "        next:", "          - { id: run, habit: Run, next: [stretch] }",
            ])
        #expect(removed.summary()?.nodes["run"] == nil)
        let flow = "routine: x\nstart: [q]\nnodes:\n  q:\n    question: Q\n    options: [{text: A}, {text: B}]\n"
        let flowAdded = try edited(flow, .addOption(node: "q", text: "C"))
        #expect(flowAdded.after.contains("options: [{text: A}, {text: B}, {text: C}]"))
        let flowRemoved = try edited(flow, .removeOption(node: "q", option: 0))
        #expect(flowRemoved.after.contains("options: [{text: B}]"))
        #expect(
            refusal(.removeOption(node: "q", option: 0), in: flowRemoved.after)
                == "a question keeps at least one option; delete the node instead")
    }

    // MARK: Delete

    @Test func deleteRemovesTheNodeAndEveryReference() throws {
        let outcome = try edited(commentedRoutine, .deleteNode("water"))
        #expect(
            outcome.diff.removed == [
                "        next: [water, meditate]   # both", "          - water   # always water", "  water:",
                "    habit: Drink Water   # a glass",
            ])
        #expect(outcome.diff.added == ["        next: [meditate]   # both"])
        var expected = try #require(graph(commentedRoutine))
        expected.nodes["water"] = nil
        expected.nodes["feeling"] =
            "question How are you feeling today? {Great! -> [meditate]; Okay -> [walk]; Not so good -> [read]} -> []"
        #expect(outcome.summary() == expected)
    }

    @Test func deleteAnInlineNodeAndTheLastEntryOfALIst() throws {
        let outcome = try edited(commentedRoutine, .deleteNode("read"))
        #expect(
            outcome.diff.removed
                == [
                    "    next:", "      - habit: Read a book   # inline", "        id: read", "        next: [journal]",
                ].map { "    " + $0 })
        #expect(outcome.summary()?.nodes["read"] == nil)
        let journal = try edited(commentedRoutine, .deleteNode("journal"))
        #expect(journal.summary()?.nodes["walk"] == "habit Go for a walk -> []")
        #expect(journal.summary()?.nodes["read"] == "habit Read a book -> []")
    }

    @Test func referencesListWhatADeleteRemoves() throws {
        let refs = try RoutineEditor.references(to: "journal", in: commentedRoutine)
        #expect(refs.map { "\($0.line):\($0.column)" } == ["24:20", "30:12", "33:12"])
        let start = try RoutineEditor.references(to: "feeling", in: commentedRoutine)
        #expect(start.map { "\($0.line):\($0.column)" } == ["6:9"])
        #expect(throws: RoutineEditError.self) { try RoutineEditor.references(to: "nope", in: commentedRoutine) }
    }

    // MARK: Rename

    @Test func renameMovesEveryReference() throws {
        let outcome = try edited(commentedRoutine, .renameNode(from: "journal", to: "journal-e2"))
        #expect(outcome.diff.removed.count == 4 && outcome.diff.added.count == 4)
        let summary = try #require(outcome.summary())
        #expect(summary.nodes["journal-e2"] == "habit Journal -> []")
        #expect(summary.nodes["walk"] == "habit Go for a walk -> [journal-e2]")
        let inline = try edited(commentedRoutine, .renameNode(from: "read", to: "book"))
        #expect(inline.diff.added == ["            id: book"])
        let quoted = try edited(commentedRoutine, .renameNode(from: "walk", to: "true"))
        #expect(quoted.after.contains("  \"true\":\n") && quoted.after.contains("      - \"true\"\n"))
        #expect(quoted.summary()?.nodes["true"] == "habit Go for a walk -> [journal]")
    }

    @Test func renameGivesAnInlineNodeWithoutIdAnId() throws {
        let text =
            "routine: x\nstart: [q]\nnodes:\n  q:\n    question: Q\n    options:\n      - text: A\n        next:\n          - habit: H\n"
        let outcome = try edited(text, .renameNode(from: "q/1/1", to: "h"))
        #expect(outcome.after.hasSuffix("          - habit: H\n            id: h\n"))
        #expect(outcome.summary()?.nodes["h"] == "habit H -> []")
        let invalid = try edited(
            text.replacingOccurrences(of: "- habit: H\n", with: "- habit: H\n            id: a b\n"),
            .renameNode(from: "q/1/1", to: "h"))
        #expect(invalid.after.hasSuffix("          - habit: H\n            id: h\n"))
        let journal = try bundledRoutine("evening-journal")
        #expect(
            refusal(.renameNode(from: "self-care/1/1", to: "out"), in: journal)
                == "this part is written as a flow mapping; edit it in a text editor")
        let name = try edited(journal, .setHabitName(node: "self-care/1/1", name: "Time in the park"))
        #expect(name.diff.added == ["        next: [{ habit: Time in the park }]"])
    }

    @Test func idsAreChecked() {
        #expect(refusal(.renameNode(from: "walk", to: "water"), in: commentedRoutine) == "'water' is already an id")
        #expect(refusal(.renameNode(from: "walk", to: "read"), in: commentedRoutine) == "'read' is already an id")
        #expect(
            refusal(.addHabit(id: "a b", name: "X"), in: commentedRoutine)
                == "'a b' is not a valid node id (use letters, digits, '_', '.', '-')")
        #expect(refusal(.addHabit(id: "", name: "X"), in: commentedRoutine)?.contains("not a valid node id") == true)
        #expect(refusal(.deleteNode("nope"), in: commentedRoutine) == "no node 'nope' in the file")
        let twice = commentedRoutine.replacingOccurrences(
            of: "  journal:   # last", with: "  walk:\n    habit: W\n  journal:   # last")
        #expect(
            refusal(.deleteNode("walk"), in: twice) == "'walk' is the id of 2 nodes; fix that in a text editor first")
    }

    // MARK: What is refused

    @Test func anchorsTagsAndBrokenYAMLAreRefused() {
        let anchored = commentedRoutine.replacingOccurrences(
            of: "next: [journal]  # then write", with: "next: &j [journal]  # then write")
        #expect(refusal(.addHabit(id: "x", name: "X"), in: anchored)?.contains("anchors, aliases or tags") == true)
        let tagged = commentedRoutine.replacingOccurrences(of: "habit: Meditate", with: "habit: !!str Meditate")
        #expect(refusal(.deleteNode("walk"), in: tagged)?.contains("anchors, aliases or tags") == true)
        #expect(
            refusal(.deleteNode("walk"), in: "routine: [x\n")?.hasPrefix("the file is not valid YAML (line 2") == true)
        #expect(
            refusal(.deleteNode("walk"), in: "- a\n")
                == "the file's top level is not a block mapping of keys; edit it in a text editor")
        let flowNodes = "routine: x\nstart: [a]\nnodes: {a: {habit: A}}\n"
        #expect(
            refusal(.addHabit(id: "b", name: "B"), in: flowNodes)
                == "this part is written as a flow mapping; edit it in a text editor")
        #expect(
            refusal(.connect(from: "a", option: nil, to: "a"), in: flowNodes)
                == "this part is written as a flow mapping; edit it in a text editor")
    }

    // MARK: Text encodings

    @Test func nonASCIITextsAndAByteOrderMark() throws {
        let bad =
            "\u{FEFF}routine: cafe\ntitle: Thé 🍵\nstart: [t]\nnodes:\n  t:\n    habit: Thé vert 🍵 — 🧘‍♀️\n    next: [x]\n  x:\n    habit: Écrire ✍️\n"
        let renamed = try edited(bad, .renameNode(from: "x", to: "write"))
        #expect(
            renamed.after
                == bad.replacingOccurrences(of: "[x]", with: "[write]").replacingOccurrences(
                    of: "  x:", with: "  write:"))
        let named = try edited(renamed.after, .setHabitName(node: "t", name: "Matcha 🍵 ü"))
        #expect(named.after.contains("    habit: Matcha 🍵 ü\n    next: [write]\n"))
        #expect(named.after.hasPrefix("\u{FEFF}routine: cafe\n"))
        let connected = try edited(named.after, .addStart("write"))
        #expect(connected.summary()?.start == ["t", "write"])
    }

    @Test func crlfFilesGetCRLFLines() throws {
        let text = "routine: x\r\nstart: [a]\r\nnodes:\r\n  a:\r\n    habit: A\r\n"
        let outcome = try edited(text, .addHabit(id: "b", name: "B"))
        #expect(outcome.after == text + "  b:\r\n    habit: B\r\n")
        let connected = try edited("\u{FEFF}" + outcome.after, .connect(from: "a", option: nil, to: "b"))
        #expect(
            connected.after == "\u{FEFF}"
                + outcome.after.replacingOccurrences(of: "A\r\n", with: "A\r\n    next: [b]\r\n"))
        let deleted = try edited(connected.after, .deleteNode("b"))
        #expect(deleted.after == "\u{FEFF}" + text)
        #expect(deleted.summary() == GraphSummary(start: ["a"], nodes: ["a": "habit A -> []"]))
    }

    // MARK: From nothing

    @Test func aRoutineIsBuiltFromAnAlmostEmptyFile() throws {
        var text = "routine: new  # made in the studio\n"
        let edits: [RoutineEdit] = [
            .addQuestion(id: "mood", text: "How is it going?", options: ["Fine", "Not great"]),
            .addHabit(id: "walk", name: "Walk"), .addHabit(id: "rest", name: "Rest"),
            .connect(from: "mood", option: 0, to: "walk"), .connect(from: "mood", option: 1, to: "rest"),
            .connect(from: "rest", option: nil, to: "walk"), .addStart("mood"), .setTitle("New"),
        ]
        for edit in edits { text = try edited(text, edit).after }
        #expect(
            text == """
                routine: new  # made in the studio
                title: New
                start: [mood]
                nodes:
                  mood:
                    question: How is it going?
                    options:
                      - text: Fine
                        next: [walk]
                      - text: Not great
                        next: [rest]
                  walk:
                    habit: Walk
                  rest:
                    habit: Rest
                    next: [walk]

                """)
        #expect(RoutineFileReader.read(string: text).diagnostics.isEmpty)
        for empty in ["", "# nothing yet\n", "# no line break"] {
            let first = try edited(empty, .addHabit(id: "a", name: "A"))
            #expect(first.after == empty + (empty.hasSuffix("k") ? "\n" : "") + "nodes:\n  a:\n    habit: A\n")
            #expect(try edited(empty, .setTitle("T")).after.hasSuffix("title: T\n"))
            #expect(try edited(first.after, .addStart("a")).after.contains("start: [a]\nnodes:\n"))
        }
    }

    @Test func listsThatCannotLoseAnEntrySafelyAreRefused() {
        let commented = commentedRoutine.replacingOccurrences(
            of: "next: [water, meditate]   # both", with: "next: [water,  # first\n          meditate]")
        #expect(
            refusal(.disconnect(from: "feeling", option: 0, to: "meditate"), in: commented)
                == "this list has comments between its entries; edit it in a text editor")
        let compact = """
            routine: x
            start: [a]
            nodes:
              a:
                habit: A
                next:
                  - # the walk
                    walk
                  - b
              b:
                habit: B
              walk:
                habit: Walk

            """
        #expect(
            refusal(.disconnect(from: "a", option: nil, to: "walk"), in: compact)
                == "this list is written in a compact form; edit it in a text editor")
        let long = String(repeating: "é", count: 201)
        #expect(
            refusal(.setHabitName(node: "water", name: long), in: commentedRoutine)
                == "a habit name is at most 200 characters")
    }
}
