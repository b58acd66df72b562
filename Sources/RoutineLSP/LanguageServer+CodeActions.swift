import RoutineCore
import RoutineFile

/// Code actions (SPEC §15.3): apply a diagnostic's "did you mean", and create a node
/// that a ref names but the file does not define.
extension LanguageServer {
    func codeActions(_ document: OpenDocument, _ params: JSON) -> JSON {
        var actions: [JSON] = []
        for diagnostic in params["context"]?["diagnostics"]?.array ?? [] {
            guard let range = LSPRange(diagnostic["range"]), let message = diagnostic["message"]?.string else {
                continue
            }
            if let suggestion = Self.suggestion(in: message) {
                actions.append(
                    action(
                        "Change to '\(suggestion)'", document,
                        edit: ["range": range.json, "newText": JSON(suggestion)], for: diagnostic, preferred: true))
            }
            // A test file names nodes of another file: nothing to create here.
            if !document.isTestFile, diagnostic["code"]?.string == DiagnosticCode.undefinedNode.rawValue,
                let id = Self.quoted(in: message), RoutineKeys.isNodeID(id),
                let edit = newNodeEdit(document, id: id)
            {
                actions.append(action("Create node '\(id)'", document, edit: edit, for: diagnostic, preferred: false))
            }
        }
        return .array(actions)
    }

    private func action(
        _ title: String, _ document: OpenDocument, edit: JSON, for diagnostic: JSON, preferred: Bool
    )
        -> JSON
    {
        [
            "title": JSON(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": .bool(preferred),
            "edit": ["changes": [document.uri: [edit]]],
        ]
    }

    /// The `X` of a message's "did you mean 'X'?".
    static func suggestion(in message: String) -> String? {
        guard let start = message.range(of: "did you mean '") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.range(of: "'?") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// The first quoted name of a message (`node 'x' is not defined`).
    static func quoted(in message: String) -> String? {
        guard let start = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: start)...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    /// An edit adding `id` as a habit node at the end of the `nodes:` mapping, indented
    /// as the nodes before it.
    func newNodeEdit(_ document: OpenDocument, id: String) -> JSON? {
        let text = document.document
        var nodesLine: Int?
        var childIndent: Int?
        var end = text.lineCount
        for number in 0..<text.lineCount {
            guard let shape = YAMLContext.shape(text.line(number)) else { continue }
            if nodesLine != nil {
                if shape.content == 0 && shape.dash == nil {
                    end = number
                    break
                }
                if childIndent == nil { childIndent = shape.dash ?? shape.content }
            } else if shape.content == 0, shape.dash == nil, shape.key == "nodes" {
                nodesLine = number
            }
        }
        let indent = String(repeating: " ", count: max(1, childIndent ?? 2))
        guard nodesLine != nil else { return nil }
        // Back over blank lines and comments, so the node joins the block above them.
        while end > 0, YAMLContext.shape(text.line(end - 1)) == nil, end - 1 > (nodesLine ?? 0) { end -= 1 }
        let atEnd = end >= text.lineCount
        let lastLine = text.line(text.lineCount - 1)
        let position =
            atEnd
            ? LSPPosition(line: text.lineCount - 1, character: lastLine.utf16.count)
            : LSPPosition(line: end, character: 0)
        var insert = "\(indent)\(id):\n\(indent)\(indent)habit: \(id)\n"
        if atEnd && !lastLine.isEmpty { insert = "\n" + insert }
        return ["range": LSPRange(start: position, end: position).json, "newText": JSON(insert)]
    }
}
