import EndToEndSupport
import Foundation
import RoutineLSP
import TestSupport
import Testing

/// Hundreds of seeded random messages — every method the server knows and some it
/// does not, with parameters of the wrong shape, ranges backwards, past the end and
/// inside emoji, text that is not YAML — and the server still answers, with check's
/// diagnostics for the text it ends with.
@Suite struct RandomMessageTests {
    static let uri = "file:///tmp/random.yaml"
    static let methods = [
        "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
        "textDocument/prepareRename", "textDocument/rename", "textDocument/documentSymbol",
        "textDocument/codeAction", "workspace/symbol", "textDocument/formatting", "initialize",
    ]
    static let texts = [
        "routine: r\nstart: [a]\nnodes:\n  a:\n    habit: Walk 😀\n    next: [b]\n  b:\n    question: e\u{301}?\n",
        "{{{ not: [yaml", "", "\u{FEFF}routine: x\n", "- a\n- b\n", "nodes:\n  a:\n    when: answer(a) == \"x\"\n",
    ]

    func number(_ random: inout SeededGenerator) -> JSON {
        let choices: [JSON] = [0, 1, 3, 7, 40, -1, .number(1e12), .number(2.5), "5", .null]
        return choices[random.below(choices.count)]
    }

    func position(_ random: inout SeededGenerator) -> JSON {
        random.below(8) == 0 ? "here" : ["line": number(&random), "character": number(&random)]
    }

    func params(_ random: inout SeededGenerator) -> JSON {
        switch random.below(6) {
        case 0: return .null
        case 1: return 7
        case 2: return ["textDocument": ["uri": JSON(Self.uri)]]
        case 3: return ["textDocument": ["uri": "file:///other.yaml"], "position": position(&random)]
        default:
            return [
                "textDocument": ["uri": JSON(Self.uri)], "position": position(&random),
                "newName": random.below(2) == 0 ? "renamed" : "bad name",
                "context": [
                    "includeDeclaration": .bool(random.below(2) == 0),
                    "diagnostics": [
                        ["range": ["start": position(&random), "end": position(&random)], "message": "x"]
                    ],
                ],
            ]
        }
    }

    @Test func randomMessagesNeverStopTheServer() throws {
        let client = try LSPClient()
        try client.initialize()
        var random = SeededGenerator(seed: 20)
        var version = 1
        client.open(Self.uri, Self.texts[0])
        for _ in 0..<400 {
            switch random.below(4) {
            case 0:
                version += 1
                let change: JSON =
                    random.below(4) == 0
                    ? ["text": JSON(Self.texts[random.below(Self.texts.count)])]
                    : [
                        "range": ["start": position(&random), "end": position(&random)],
                        "text": JSON(["x", "😀", "\n", "  b:\n", "", "é"][random.below(6)]),
                    ]
                client.notify(
                    "textDocument/didChange",
                    ["textDocument": ["uri": JSON(Self.uri), "version": JSON(version)], "contentChanges": [change]])
            case 1:
                client.raw(Array("Content-Length: \(random.below(30))\r\n\r\n{\"jsonrpc\":".utf8))
                client.raw(MessageFramer.frame("{\"id\":\(random.below(1000)),\"method\":7}"))
            default:
                client.request(Self.methods[random.below(Self.methods.count)], params(&random))
            }
        }
        // Still up, answering, and its diagnostics are those of the final text.
        version += 1
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": JSON(Self.uri), "version": JSON(version)],
                "contentChanges": [["text": "routine: r\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n    next: [zz]\n"]],
            ])
        let final = try client.wait(timeout: 60, what: "the final diagnostics") {
            $0["params"]?["version"] == JSON(version)
        }
        let codes = final["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string }
        #expect(codes == ["undefined-node"])
        let symbols = try client.call("textDocument/documentSymbol", ["textDocument": ["uri": JSON(Self.uri)]])
        #expect(symbols["result"]?.array?.count == 1)
        #expect(client.exitStatus() == nil)
    }
}
