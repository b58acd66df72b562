import EndToEndSupport
import Foundation
import RoutineLSP
import Testing

/// Issue 31 item 8: a document too large to analyse live gets one diagnostic saying so,
/// a large one is analysed in the background, and other documents go on answering.
@Suite(.serialized) struct LargeDocumentTests {
    static let huge = "file:///tmp/huge.yaml"
    static let big = "file:///tmp/big.yaml"
    static let small = "file:///tmp/small.yaml"
    static let smallText = "routine: s\nstart: [a]\nnodes:\n  a:\n    habit: Walk\n    next: [b]\n  b:\n    habit: \n"

    /// A routine of one chain of nodes, at least `bytes` long.
    static func chain(bytes: Int) -> String {
        var lines = ["routine: big", "start: [n0]", "nodes:"]
        var size = 0
        var number = 0
        while size < bytes {
            let node =
                "  n\(number):\n    habit: Habit number \(number) with a long name to fill the file\n    next: [n\(number + 1)]"
            size += node.utf8.count + 1
            lines.append(node)
            number += 1
        }
        lines.append("  n\(number):\n    habit: Last")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aDocumentOverTheLimitGetsOneDiagnosticAndIsNotRead() throws {
        let client = try LSPClient()
        try client.initialize()
        let text = Self.chain(bytes: LanguageServer.liveAnalysisLimit + 1_000)
        let megabytes = text.utf8.count / 1_000_000
        client.open(Self.huge, text)
        let published = try client.diagnostics(Self.huge, timeout: 60)
        let items = try #require(published["params"]?["diagnostics"]?.array)
        #expect(items.count == 1)
        #expect(
            items.first?["message"]?.string
                == "too large to analyse live (\(megabytes) MB; `routine check` checks it)")
        #expect(items.first?["range"]?["start"] == ["line": 0, "character": 0])
        // Requests on it answer at once, with nothing.
        #expect(try client.call("textDocument/hover", LSPClient.at(Self.huge, 4, 12))["result"] == .null)
        // Another document answers.
        client.open(Self.small, Self.smallText)
        let completion = try client.call("textDocument/completion", LSPClient.at(Self.small, 7, 11))
        let labels = (completion["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(labels == ["Walk"])
        #expect(try client.call("shutdown", .null)["result"] == .null)
    }

    @Test func aLargeDocumentIsAnalysedWhileOtherDocumentsAnswer() throws {
        let client = try LSPClient()
        try client.initialize()
        client.open(Self.big, Self.chain(bytes: 4_000_000))
        // A round trip: the server has taken the large document and is idle, so it starts
        // analysing it now (before the fix it did so on the loop that answers requests).
        #expect(
            try client.call("textDocument/documentSymbol", ["textDocument": ["uri": "file:///none.yaml"]])["result"]
                == .null)
        client.open(Self.small, Self.smallText)
        let completion = client.request("textDocument/completion", LSPClient.at(Self.small, 7, 11))
        let hover = client.request("textDocument/hover", LSPClient.at(Self.small, 4, 12))
        var order: [String] = []
        var answers: [String: JSON] = [:]
        while order.count < 3 {
            let message = try client.wait(timeout: 180, what: "answers and the large document's diagnostics") {
                $0["id"] == JSON(completion) || $0["id"] == JSON(hover)
                    || ($0["method"]?.string == "textDocument/publishDiagnostics"
                        && $0["params"]?["uri"]?.string == Self.big)
            }
            let name =
                message["id"] == JSON(completion)
                ? "completion" : message["id"] == JSON(hover) ? "hover" : "diagnostics"
            order.append(name)
            answers[name] = message
        }
        // The small document's answers come before the large one's diagnostics.
        #expect(order.last == "diagnostics", "\(order)")
        let labels = (answers["completion"]?["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        #expect(labels == ["Walk"])
        #expect(answers["hover"]?["result"]?["contents"]?["value"]?.string?.contains("Walk") == true)
        #expect(answers["diagnostics"]?["params"]?["diagnostics"] == [])
        #expect(try client.call("shutdown", .null)["result"] == .null)
    }
}
