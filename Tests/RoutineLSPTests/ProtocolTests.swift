import EndToEndSupport
import Foundation
import RoutineLSP
import Testing

/// `routine lsp` at the protocol level: a scripted client over pipes to the real binary.
@Suite struct ProtocolTests {
    static let uri = "file:///tmp/morning.yaml"

    /// A routine with an emoji and a combining mark before the places the tests point at.
    static let routine = """
        routine: morning
        title: "Morning ☀️ café"
        start: [feeling]
        habits:
          Meditate:
            measure: { unit: min, type: time }
            target: 10
        nodes:
          feeling:
            question: "How are you? 😀 e\u{301}"
            options:
              - text: Great
                next: [meditate]
              - text: Tired
                next: [rest]
          meditate:
            habit: Meditate
            next: [journal]
          rest:
            habit: Rest
            when: answer(feeling) == "Tired"
            next: [journal]
          journal:
            habit: Journal

        """

    func started() throws -> LSPClient {
        let client = try LSPClient()
        try client.initialize()
        return client
    }

    /// Line and UTF-16 character of the `occurrence`-th `needle` in `text`.
    static func place(_ needle: String, in text: String, occurrence: Int = 1) -> (Int, Int) {
        var seen = 0
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            var rest = line[...]
            while let found = rest.range(of: needle) {
                seen += 1
                if seen == occurrence { return (number, line[..<found.lowerBound].utf16.count) }
                rest = rest[found.upperBound...]
            }
        }
        return (-1, -1)
    }

    @Test func diagnosticsAreCheckDiagnosticsInUTF16Columns() throws {
        let client = try started()
        // An unknown id after the emoji line, and one after a combining mark on its line.
        let text = Self.routine.replacingOccurrences(of: "next: [rest]", with: "next: [rets]")
            .replacingOccurrences(of: "title: \"Morning ☀️ café\"", with: "title: \"☀️😀\"\nstrat: x")
        client.open(Self.uri, text)
        let published = try client.diagnostics(Self.uri)
        let items = try #require(published["params"]?["diagnostics"]?.array)
        let codes = items.compactMap { $0["code"]?.string }.sorted()
        // `start` misspelt: the nodes are unreachable too (a warning), as `check` says.
        #expect(codes == ["undefined-node", "unknown-key", "unreachable-node"])
        let undefined = try #require(items.first { $0["code"] == "undefined-node" })
        let (line, character) = Self.place("rets", in: text)
        #expect(undefined["range"]?["start"] == ["line": JSON(line), "character": JSON(character)])
        #expect(undefined["range"]?["end"]?["character"] == JSON(character + 4))
        #expect(undefined["message"]?.string?.contains("did you mean 'rest'") == true)
        #expect(undefined["severity"] == 1)

        // The same diagnostics as `check` on the same text.
        let folder = try TemporaryDirectory()
        let path = try folder.write("morning.yaml", text)
        let check = try Binary.run(["check", path], environment: Binary.environment(store: folder.store))
        #expect(check.stdout.contains("\(line + 1):\(character + 1): error: node 'rets' is not defined"))
        let reported = check.stdout.components(separatedBy: "\n").filter {
            $0.contains(": error:") || $0.contains(": warning:")
        }
        #expect(reported.count == items.count)
    }

    @Test func emojiBeforeARefMovesItsUTF16ColumnNotItsScalarColumn() throws {
        let client = try started()
        let text = Self.routine.replacingOccurrences(of: "next: [journal]\n  rest", with: "next: [\"😀x\"]\n  rest")
        client.open(Self.uri, text)
        let items = try #require(try client.diagnostics(Self.uri)["params"]?["diagnostics"]?.array)
        let undefined = try #require(items.first { $0["code"] == "undefined-node" })
        let (line, character) = Self.place("\"😀x\"", in: text)
        #expect(undefined["range"]?["start"] == ["line": JSON(line), "character": JSON(character)])
        // Definition of a ref to the right of the emoji, in UTF-16.
        let (refLine, refCharacter) = Self.place("journal", in: Self.routine, occurrence: 2)
        client.open(
            "file:///tmp/b.yaml",
            Self.routine.replacingOccurrences(of: "next: [journal]\n  rest", with: "next: [journal]  # 😀\n  rest"))
        let definition = try client.call(
            "textDocument/definition", LSPClient.at("file:///tmp/b.yaml", refLine, refCharacter + 3))
        let (defLine, defCharacter) = Self.place("journal:", in: Self.routine)
        #expect(definition["result"]?["range"]?["start"] == ["line": JSON(defLine), "character": JSON(defCharacter)])
    }

    @Test func definitionReferencesAndRename() throws {
        let client = try started()
        client.open(Self.uri, Self.routine)
        let (line, character) = Self.place("feeling", in: Self.routine, occurrence: 1)  // start: [feeling]
        let definition = try client.call("textDocument/definition", LSPClient.at(Self.uri, line, character + 2))
        let (defLine, defCharacter) = Self.place("feeling:", in: Self.routine)
        #expect(definition["result"]?["uri"]?.string == Self.uri)
        #expect(definition["result"]?["range"]?["start"] == ["line": JSON(defLine), "character": JSON(defCharacter)])

        var params = LSPClient.at(Self.uri, defLine, defCharacter)
        if case .object(var fields) = params {
            fields["context"] = ["includeDeclaration": true]
            params = .object(fields)
        }
        let references = try #require(try client.call("textDocument/references", params)["result"]?.array)
        // The definition, `start`, and `answer(feeling)` inside a condition.
        #expect(references.count == 3)
        let (answerLine, answerCharacter) = Self.place("answer(feeling)", in: Self.routine)
        #expect(
            references.contains {
                $0["range"]?["start"] == ["line": JSON(answerLine), "character": JSON(answerCharacter + 7)]
            })

        let prepare = try client.call("textDocument/prepareRename", LSPClient.at(Self.uri, defLine, defCharacter))
        #expect(prepare["result"]?["placeholder"] == "feeling")
        var rename = LSPClient.at(Self.uri, defLine, defCharacter + 1)
        if case .object(var fields) = rename {
            fields["newName"] = "mood"
            rename = .object(fields)
        }
        let edits = try #require(try client.call("textDocument/rename", rename)["result"]?["changes"]?[Self.uri]?.array)
        #expect(edits.count == 3)
        #expect(edits.allSatisfy { $0["newText"] == "mood" })
        // An invalid new id is refused with an error, not applied.
        if case .object(var fields) = rename {
            fields["newName"] = "two words"
            rename = .object(fields)
        }
        let refused = try client.call("textDocument/rename", rename)
        #expect(refused["error"]?["code"] == -32602)
    }

    @Test func completionOffersIdsKeysHabitsAndConditionWords() throws {
        let client = try started()
        // Opened whole, then edited into text that is not YAML yet (`next: [j`): names
        // still complete, from the last version that was.
        client.open(Self.uri, Self.routine)
        _ = try client.diagnostics(Self.uri)
        let text = Self.routine + "  extra:\n    habit: Me\n    next: [j\n    \n    when: done(M\n    when: \n"
        client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": JSON(Self.uri), "version": 2], "contentChanges": [["text": JSON(text)]]])
        let lines = text.components(separatedBy: "\n")
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            let result = try client.call("textDocument/completion", LSPClient.at(Self.uri, line, character))
            return (result["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        }
        let habitLine = lines.firstIndex(of: "    habit: Me") ?? -1
        #expect(try labels(habitLine, 13).contains("Meditate"))
        let nextLine = lines.firstIndex(of: "    next: [j") ?? -1
        let ids = try labels(nextLine, 12)
        #expect(ids.contains("journal") && ids.contains("feeling") && ids.contains("rest"))
        let keyLine = nextLine + 1
        let keys = try labels(keyLine, 4)
        #expect(Set(keys) == ["habit", "question", "options", "next", "when"])
        #expect(try labels(0, 0).contains("routine"))
        let (declaredLine, _) = Self.place("  Meditate:", in: text)
        #expect(try labels(declaredLine, 3).contains("Journal"))  // a name under `habits:`
        let callLine = lines.firstIndex(of: "    when: done(M") ?? -1
        #expect(try labels(callLine, 16).contains("Rest"))
        let whenLine = lines.firstIndex(of: "    when: ") ?? -1
        let words = try labels(whenLine, 10)
        #expect(
            words.contains("done") && words.contains("answer") && words.contains("mon") && words.contains("\"Tired\""))
        let (answerLine, answerCharacter) = Self.place("answer(feeling)", in: text)
        #expect(try labels(answerLine, answerCharacter + 7).contains("feeling"))
    }

    @Test func hoverExplainsNodesHabitsAndKeys() throws {
        let client = try started()
        client.open(Self.uri, Self.routine)
        func hover(_ line: Int, _ character: Int) throws -> String {
            let result = try client.call("textDocument/hover", LSPClient.at(Self.uri, line, character))
            return result["result"]?["contents"]?["value"]?.string ?? ""
        }
        let (journalLine, journalCharacter) = Self.place("journal:", in: Self.routine)
        let journal = try hover(journalLine, journalCharacter + 1)
        #expect(journal.contains("habit node") && journal.contains("reached from: meditate, rest"))
        // `rest` has a `when:`, so the journal behind it is not on every combination.
        #expect(journal.contains("on some combinations"))
        client.open("file:///tmp/one.yaml", "routine: one\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n")
        let one = try client.call("textDocument/hover", LSPClient.at("file:///tmp/one.yaml", 3, 2))
        #expect(one["result"]?["contents"]?["value"]?.string?.contains("on every combination") == true)
        // A file with an error has no path analysis: hover claims none.
        client.open("file:///tmp/bad.yaml", "routine: bad\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n    next: [b]\n")
        let bad = try client.call("textDocument/hover", LSPClient.at("file:///tmp/bad.yaml", 3, 2))
        let badText = try #require(bad["result"]?["contents"]?["value"]?.string)
        #expect(badText.contains("habit node") && !badText.contains("combination"))
        let (habitLine, habitCharacter) = Self.place("Meditate:", in: Self.routine)
        let habit = try hover(habitLine, habitCharacter + 2)
        #expect(habit.contains("min (time)") && habit.contains("target: 10") && habit.contains("recorded at: meditate"))
        let (keyLine, keyCharacter) = Self.place("question:", in: Self.routine)
        #expect(try hover(keyLine, keyCharacter + 1).contains("The question this node asks"))
    }

    /// SPEC §18.1's keys: completed under a habit, and explained on hover, with the habit's
    /// frequency and day target.
    @Test func frequencyAndDayTargetKeysCompleteAndHover() throws {
        let client = try started()
        let uri = "file:///tmp/water.yaml"
        let text = """
            routine: water
            start: [w]
            habits:
              Drink water:
                per: 5/7
                at-least: 8
                \("")
            nodes:
              w: {habit: Drink water}

            """
        client.open(uri, text)
        _ = try client.diagnostics(uri)
        let completion = try client.call("textDocument/completion", LSPClient.at(uri, 6, 4))
        let labels = (completion["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(["per", "at-least", "at-most", "monthly", "weekly"].allSatisfy(labels.contains))
        func hover(_ line: Int, _ character: Int) throws -> String {
            let result = try client.call("textDocument/hover", LSPClient.at(uri, line, character))
            return result["result"]?["contents"]?["value"]?.string ?? ""
        }
        let habit = try hover(3, 4)
        #expect(habit.contains("frequency: 5 done days in every 7") && habit.contains("day target: ≥ 8 a day"))
        #expect(try hover(4, 5).contains("at least N done days in every P"))
        #expect(try hover(5, 5).contains("A day target"))
    }

    @Test func documentSymbolsAndCodeActions() throws {
        let client = try started()
        let text = Self.routine.replacingOccurrences(of: "next: [rest]", with: "next: [rets, nap]")
        client.open(Self.uri, text)
        let symbols = try #require(
            try client.call("textDocument/documentSymbol", ["textDocument": ["uri": JSON(Self.uri)]])["result"]?.array)
        #expect(symbols.compactMap { $0["name"]?.string } == ["feeling", "meditate", "rest", "journal"])
        #expect(symbols.first?["kind"] == 10)
        #expect(symbols.last?["kind"] == 24)

        let diagnostics = try #require(try client.diagnostics(Self.uri)["params"]?["diagnostics"]?.array)
        let actions = try #require(
            try client.call(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": JSON(Self.uri)],
                    "range": diagnostics[0]["range"] ?? .null,
                    "context": ["diagnostics": .array(diagnostics)],
                ])["result"]?.array)
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles.contains("Change to 'rest'"))
        #expect(titles.contains("Create node 'nap'"))
        // Applying "create node" gives a file without that error.
        let create = try #require(actions.first { $0["title"] == "Create node 'nap'" })
        let edit = try #require(create["edit"]?["changes"]?[Self.uri]?[0])
        var document = TextDocument(text: text, version: 1)
        document.apply(range: LSPRange(edit["range"]), text: edit["newText"]?.string ?? "")
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": JSON(Self.uri), "version": 2],
                "contentChanges": [["text": JSON(document.text)]],
            ])
        let after = try #require(try client.diagnostics(Self.uri)["params"]?["diagnostics"]?.array)
        #expect(after.compactMap { $0["message"]?.string }.allSatisfy { !$0.contains("'nap'") })
        // Left: the misspelt `rets`, and `rest` that nothing reaches now.
        #expect(after.compactMap { $0["code"]?.string } == ["undefined-node", "unreachable-node"])
    }
}
