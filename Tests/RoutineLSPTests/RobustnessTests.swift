import EndToEndSupport
import Foundation
import RoutineLSP
import Testing

/// Whatever an editor or a person sends, `routine lsp` answers and stays up; it exits
/// only on `exit` (0 after `shutdown`, 1 without), or when its input ends.
@Suite struct RobustnessTests {
    static let uri = "file:///tmp/r.yaml"

    func started() throws -> LSPClient {
        let client = try LSPClient()
        try client.initialize()
        return client
    }

    /// The server still answers a request (after whatever was sent before).
    func stillAnswers(_ client: LSPClient) throws {
        let response = try client.call("textDocument/documentSymbol", ["textDocument": ["uri": "file:///none.yaml"]])
        #expect(response["result"] == .null)
        #expect(client.exitStatus() == nil)
    }

    @Test func malformedMessagesGetErrorsAndTheServerStaysUp() throws {
        let client = try started()
        client.raw(MessageFramer.frame("{not json"))
        let parse = try client.wait(timeout: 20, what: "a parse error") { $0["error"]?["code"] == -32700 }
        #expect(parse["id"] == .null)
        client.raw(Array("garbage without a header\r\n\r\nContent-Length: x\r\n\r\n".utf8))
        client.raw(MessageFramer.frame("[1,2,3]"))
        let notMessage = try client.wait(timeout: 20, what: "an invalid request") { $0["error"]?["code"] == -32600 }
        #expect(notMessage["id"] == .null)
        client.raw(MessageFramer.frame(#"{"jsonrpc":"2.0","id":5}"#))
        let invalid = try client.response(5)
        #expect(invalid["error"]?["code"] == -32600)
        client.raw(MessageFramer.frame(#"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":7}"#))
        #expect(try client.response(6)["error"]?["code"] == -32602)
        try stillAnswers(client)
    }

    @Test func unknownMethodsGetMethodNotFound() throws {
        let client = try started()
        let response = try client.call("textDocument/semanticTokens/full", ["textDocument": ["uri": JSON(Self.uri)]])
        #expect(response["error"]?["code"] == -32601)
        client.notify("$/unknownNotification", [:])  // notifications get no answer
        try stillAnswers(client)
    }

    @Test func requestsBeforeInitializeAreRefused() throws {
        let client = try LSPClient()
        let response = try client.call("textDocument/hover", LSPClient.at(Self.uri, 0, 0))
        #expect(response["error"]?["code"] == -32002)
    }

    @Test func unopenedDocumentsAndPositionsPastTheEnd() throws {
        let client = try started()
        for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion"] {
            #expect(try client.call(method, LSPClient.at("file:///never.yaml", 3, 3))["result"] == .null)
        }
        client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": "file:///never.yaml", "version": 2], "contentChanges": [["text": "x"]]])
        client.open(Self.uri, "routine: r\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n")
        for (line, character) in [(1000, 0), (0, 100_000), (-5, -5), (4, 999)] {
            for method in [
                "textDocument/hover", "textDocument/definition", "textDocument/completion",
                "textDocument/references", "textDocument/prepareRename",
            ] {
                let response = try client.call(method, LSPClient.at(Self.uri, line, character))
                #expect(response["error"] == nil, "\(method) at \(line):\(character)")
            }
        }
        // An edit whose range is past the end appends rather than failing.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": JSON(Self.uri), "version": 2],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 99, "character": 0], "end": ["line": 99, "character": 5]],
                        "text": "  b:\n    habit: Run\n",
                    ]
                ],
            ])
        var diagnostics = try client.diagnostics(Self.uri)
        while diagnostics["params"]?["version"] == 1 { diagnostics = try client.diagnostics(Self.uri) }
        #expect(diagnostics["params"]?["version"] == 2)
        #expect(diagnostics["params"]?["diagnostics"]?.array?.first?["code"] == "unreachable-node")
        try stillAnswers(client)
    }

    @Test func aDocumentThatIsNotYAMLGetsOneSyntaxDiagnostic() throws {
        let client = try started()
        client.open(Self.uri, "routine: [unclosed\n\t- : : {\u{0}")
        let items = try #require(try client.diagnostics(Self.uri)["params"]?["diagnostics"]?.array)
        #expect(items.count == 1)
        #expect(items.first?["code"] == "syntax")
        #expect(
            try client.call("textDocument/documentSymbol", ["textDocument": ["uri": JSON(Self.uri)]])["result"] == [])
        try stillAnswers(client)
    }

    @Test func aTenMegabyteDocumentIsReadAndEdited() throws {
        let client = try started()
        var text = "routine: big\nstart: [n0]\nnodes:\n"
        var number = 0
        while text.utf8.count < 10_000_000 {
            text += "  n\(number):\n    habit: Habit number \(number) with a long name to fill the file\n"
            text += "    next: [n\(number + 1)]\n"
            number += 1
        }
        text += "  n\(number):\n    habit: Last\n"
        client.open(Self.uri, text)
        let first = try client.diagnostics(Self.uri, timeout: 120)
        #expect(first["params"]?["diagnostics"] == [])
        // Break the last ref, at the end of the file.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": JSON(Self.uri), "version": 2],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": JSON(3 + 3 * number), "character": 4],
                            "end": ["line": JSON(3 + 3 * number), "character": 16],
                        ],
                        "text": "habit: Last one",
                    ]
                ],
            ])
        var second = try client.diagnostics(Self.uri, timeout: 120)
        while second["params"]?["version"] == 1 { second = try client.diagnostics(Self.uri, timeout: 120) }
        #expect(second["params"]?["version"] == 2)
        // Completion of ids in `next: [n1` offers at most 1,000 of them, all starting `n1`.
        let completion = try client.call("textDocument/completion", LSPClient.at(Self.uri, 5, 13))
        let items = try #require(completion["result"]?["items"]?.array)
        #expect(items.count == 1_000)
        #expect(items.allSatisfy { $0["label"]?.string?.hasPrefix("n1") == true })
        #expect(completion["result"]?["isIncomplete"] == .bool(true))
        try stillAnswers(client)
    }

    @Test func rapidEditsEndInTheDiagnosticsOfTheLastText() throws {
        let client = try started()
        client.open(Self.uri, "routine: r\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n    next: []\n")
        _ = try client.diagnostics(Self.uri)
        // Type `zzzz…` into `next: []` one character at a time, 200 edits in a burst.
        for step in 0..<200 {
            client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": JSON(Self.uri), "version": JSON(step + 2)],
                    "contentChanges": [
                        [
                            "range": [
                                "start": ["line": 5, "character": JSON(11 + step)],
                                "end": ["line": 5, "character": JSON(11 + step)],
                            ],
                            "text": "z",
                        ]
                    ],
                ])
        }
        var last: JSON = .null
        while last["params"]?["version"] != 201 { last = try client.diagnostics(Self.uri) }
        let items = try #require(last["params"]?["diagnostics"]?.array)
        #expect(items.count == 1)
        let zs = String(repeating: "z", count: 200)
        #expect(items.first?["message"]?.string?.hasPrefix("node '\(zs)' is not defined") == true)
    }

    @Test func cancelledRequestsAnswerRequestCancelled() throws {
        let client = try started()
        client.open(Self.uri, "routine: r\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n")
        // Cancelled before it is read: always cancelled.
        client.notify("$/cancelRequest", ["id": 42])
        client.request("textDocument/hover", LSPClient.at(Self.uri, 3, 3), id: 42)
        #expect(try client.response(42)["error"]?["code"] == -32800)
        // A cancel for a request already answered changes nothing.
        let answered = try client.call("textDocument/hover", LSPClient.at(Self.uri, 3, 3))
        #expect(answered["result"] != nil)
        client.notify("$/cancelRequest", ["id": 999_999])
        try stillAnswers(client)
    }

    /// Issue 31 item 19: an integer id past 2^53 is answered with that id, digit for digit.
    @Test func requestIdsPastTwoToTheFiftyThirdComeBackExact() throws {
        let client = try started()
        for id in ["12345678901234567", "-9007199254740993"] {
            let body =
                #"{"jsonrpc":"2.0","id":"# + id
                + #","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///none.yaml"}}}"#
            client.raw(MessageFramer.frame(body))
            let response = try client.wait(timeout: 20, what: "the response to \(id)") { $0["result"] != nil }
            #expect(response["id"]?.text == id)
        }
        try stillAnswers(client)
    }

    @Test func shutdownThenExitEndsWithZero() throws {
        let client = try started()
        #expect(try client.call("shutdown", .null)["result"] == .null)
        #expect(try client.call("textDocument/hover", LSPClient.at(Self.uri, 0, 0))["error"]?["code"] == -32600)
        client.notify("exit", .null)
        #expect(client.exitStatus(timeout: 20) == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() throws {
        let client = try started()
        client.notify("exit", .null)
        #expect(client.exitStatus(timeout: 20) == 1)
    }

    @Test func theShellDoesNotStartAServerOnTheTerminal() throws {
        let folder = try TemporaryDirectory()
        let result = try Binary.run(
            [], input: "lsp\nschema\nquit\n", environment: Binary.environment(store: folder.store))
        #expect(result.stderr.contains("lsp is for editors to start"))
        #expect(result.stdout.contains("\"$schema\""))  // the shell carried on
    }

    @Test func theEndOfInputEndsTheServer() throws {
        let client = try started()
        try client.closeInput()
        #expect(client.exitStatus(timeout: 20) == 1)
    }
}
