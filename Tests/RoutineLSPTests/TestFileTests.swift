import EndToEndSupport
import Foundation
import RoutineLSP
import Testing

/// `routine lsp` on routine test files (`*.test.yaml`, SPEC §15.3): the diagnostics are
/// `routine test`'s for the file's shape, at the same places in UTF-16 columns, and
/// completion offers the test file's keys. Protocol level, over pipes to the real binary.
@Suite struct TestFileTests {
    static let uri = "file:///tmp/morning.test.yaml"

    /// A valid test file, with emoji before the places the tests point at.
    static let valid = """
        routine: ../morning.yaml
        cases:
          - {name: "☀️😀 a great day", day: 2026-11-23}
          - name: a tired day
            day: 2026-11-24
            history:
              entries: [{habit: Meditate, day: -1}]
            answers: [2]
            asks: [feeling, rest]
            records: [Rest]
            not-due: {meditate: when}
            status: completed

        """

    func started() throws -> LSPClient {
        let client = try LSPClient()
        try client.initialize()
        return client
    }

    func diagnostics(_ client: LSPClient, _ uri: String) throws -> [JSON] {
        try #require(try client.diagnostics(uri)["params"]?["diagnostics"]?.array)
    }

    @Test func aShapeErrorIsRoutineTestsDiagnosticAtItsUTF16Place() throws {
        let client = try started()
        // `day` misspelt after an emoji on the same line; a status no run has.
        let text = Self.valid.replacingOccurrences(of: "a great day\", day:", with: "a great day\", dya:")
            .replacingOccurrences(of: "status: completed", with: "status: finished")
        client.open(Self.uri, text)
        let items = try diagnostics(client, Self.uri)
        #expect(items.compactMap { $0["code"]?.string } == ["missing-key", "unknown-key", "invalid-value"])
        let unknown = try #require(items.first { $0["code"] == "unknown-key" })
        let (line, character) = ProtocolTests.place("dya", in: text)
        #expect(unknown["range"]?["start"] == ["line": JSON(line), "character": JSON(character)])
        #expect(unknown["range"]?["end"]?["character"] == JSON(character + 3))
        #expect(unknown["message"]?.string?.contains("did you mean 'day'") == true)
        #expect(unknown["severity"] == 1)
        let status = try #require(items.first { $0["code"] == "invalid-value" })
        let (statusLine, statusCharacter) = ProtocolTests.place("finished", in: text)
        #expect(status["range"]?["start"] == ["line": JSON(statusLine), "character": JSON(statusCharacter)])

        // `routine test` says the same, at the same lines and (scalar) columns.
        let folder = try TemporaryDirectory()
        let path = try folder.write("morning.test.yaml", text)
        let run = try Binary.run(["test", path], environment: Binary.environment(store: folder.store))
        #expect(run.status == 1)
        for item in items {
            let message = try #require(item["message"]?.string)
            let start = try #require(LSPPosition(item["range"]?["start"]))
            let lineText = text.components(separatedBy: "\n")[start.line]
            let prefix = String(decoding: Array(lineText.utf16.prefix(start.character)), as: UTF16.self)
            let column = prefix.unicodeScalars.count + 1
            #expect(run.stdout.contains("\(start.line + 1):\(column): error: \(message)"), "\(run.stdout)")
        }
    }

    @Test func aValidTestFileHasNoDiagnostics() throws {
        let client = try started()
        client.open(Self.uri, Self.valid)
        #expect(try diagnostics(client, Self.uri).isEmpty)
        // Made bad by an edit, then good again: each version gets its own.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": JSON(Self.uri), "version": 2],
                "contentChanges": [["text": JSON(Self.valid.replacingOccurrences(of: "cases:", with: "case:"))]],
            ])
        let bad = try diagnostics(client, Self.uri)
        #expect(bad.contains { $0["code"] == "unknown-key" && $0["message"]?.string?.contains("'cases'") == true })
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": JSON(Self.uri), "version": 3],
                "contentChanges": [["text": JSON(Self.valid)]],
            ])
        #expect(try diagnostics(client, Self.uri).isEmpty)
    }

    @Test func theURIDecidesWhichFileItIsAndRoutineFilesAreUnaffected() throws {
        let client = try started()
        // The routine beside the test: `check`'s diagnostics, none of `routine test`'s.
        client.open(ProtocolTests.uri, ProtocolTests.routine)
        #expect(try diagnostics(client, ProtocolTests.uri).isEmpty)
        // The test file's text opened as a routine file is a bad routine file …
        client.open("file:///tmp/tests.yaml", Self.valid)
        let asRoutine = try diagnostics(client, "file:///tmp/tests.yaml")
        #expect(asRoutine.contains { $0["message"]?.string?.contains("unknown key 'cases'") == true })
        // … and a routine file's text opened as a test file is a bad test file.
        client.open("file:///tmp/routine.test.yml", ProtocolTests.routine)
        let asTest = try diagnostics(client, "file:///tmp/routine.test.yml")
        #expect(asTest.contains { $0["message"]?.string?.hasPrefix("unknown key 'title' in the test file") == true })
        #expect(asTest.contains { $0["message"]?.string == "missing key 'cases' in the test file" })
        // Nodes are a routine file's: the same text has symbols as one, none as a test file.
        func symbols(_ uri: String) throws -> [JSON] {
            try client.call("textDocument/documentSymbol", ["textDocument": ["uri": JSON(uri)]])["result"]?.array ?? []
        }
        #expect(try symbols(ProtocolTests.uri).count == 4)
        #expect(try symbols("file:///tmp/routine.test.yml").isEmpty)
    }

    @Test func completionOffersTheTestFilesKeysAndWords() throws {
        let client = try started()
        // Blank places written out: an editor's half-typed lines end in spaces.
        let lines = [
            "routine: ../morning.yaml",
            "cases:",
            "  - name: a day",
            "    ",
            "    history:",
            "      ",
            "      entries:",
            "        - ",
            "    status: ",
            "    not-due:",
            "      stretch: ",
            "  - ",
            "    not-due: {stretch: ",
            "",
        ]
        let text = lines.joined(separator: "\n")
        client.open(Self.uri, text)
        _ = try client.diagnostics(Self.uri)
        func labels(_ line: Int, _ character: Int) throws -> Set<String> {
            let result = try client.call("textDocument/completion", LSPClient.at(Self.uri, line, character))
            return Set((result["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string })
        }
        let caseKeys: Set = ["name", "day", "history", "answers", "asks", "records", "not-due", "status"]
        #expect(try labels(0, 0) == ["routine", "cases"])
        #expect(try labels(3, 4) == caseKeys)  // the blank line inside the first case
        #expect(try labels(11, 4) == caseKeys)  // `  - ` starting the second case
        #expect(try labels(5, 6) == ["entries", "pauses", "answers", "archived"])
        #expect(try labels(7, 10) == ["habit", "day", "value"])  // an entry
        #expect(try labels(8, 12) == ["active", "paused", "completed", "aborted"])
        #expect(try labels(10, 15) == ["schedule", "paused", "archived", "when"])
        #expect(try labels(12, 23) == ["schedule", "paused", "archived", "when"])
        #expect(try labels(12, 14).isEmpty)  // the node: the routine's, not the test file's
        #expect(try labels(2, 12).isEmpty)  // a case's name is the writer's
    }

    @Test func hoverOnAKeySaysWhatItHoldsInATestFile() throws {
        let client = try started()
        client.open(Self.uri, Self.valid)
        _ = try client.diagnostics(Self.uri)
        func hover(_ needle: String) throws -> String? {
            let (line, character) = ProtocolTests.place(needle, in: Self.valid)
            let result = try client.call("textDocument/hover", LSPClient.at(Self.uri, line, character + 1))
            return result["result"]?["contents"]?["value"]?.string
        }
        #expect(
            try hover("routine:") == "**routine**: the routine tested: a file relative to this one, or a stored name")
        #expect(try hover("day: 2026-11-24") == "**day**: the run's day: YYYY-MM-DD")
        #expect(try hover("name: a tired") == "**name**: the case's name (default: case N)")
        #expect(try hover("entries:")?.contains("{habit, day, value?}") == true)
        #expect(try hover("2026-11-24") == nil)  // a value, not a key
    }
}
