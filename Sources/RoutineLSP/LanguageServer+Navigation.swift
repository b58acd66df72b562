import RoutineCore
import RoutineFile

/// Diagnostics, definition, references, rename and document symbols.
extension LanguageServer {
    /// A `check` diagnostic as LSP's: its range runs from its place to the end of the
    /// word written there (a zero-width range would be hard to see).
    func diagnostic(_ document: OpenDocument, _ diagnostic: Diagnostic) -> JSON {
        let location = diagnostic.location ?? SourceLocation(line: 1, column: 1)
        let line = document.document.line(location.line - 1)
        let rest = line.unicodeScalars.dropFirst(max(0, location.column - 1))
        let stops: Set<Unicode.Scalar> = [" ", "\t", ",", "]", "}", "[", "{", ":"]
        let length = max(1, rest.prefix { !stops.contains($0) }.count)
        let range = LSPRange(
            start: document.document.position(of: location), end: document.document.position(of: location, plus: length)
        )
        return [
            "range": range.json,
            "severity": JSON(diagnostic.severity == .error ? 1 : 2),
            "code": JSON(diagnostic.code.rawValue),
            "source": "routine",
            "message": JSON(diagnostic.singleLineMessage),
        ]
    }

    func locationJSON(_ document: OpenDocument, _ span: DocumentIndex.Span) -> JSON {
        ["uri": JSON(document.uri), "range": document.range(span).json]
    }

    func definition(_ document: OpenDocument, _ params: JSON) -> JSON {
        guard let location = document.location(params), let name = document.index.nodeName(at: location),
            let target = document.index.definitions[name.span.name]
        else { return .null }
        return locationJSON(document, target)
    }

    func references(_ document: OpenDocument, _ params: JSON) -> JSON {
        guard let location = document.location(params), let name = document.index.nodeName(at: location) else {
            return .null
        }
        let withDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        let found = document.index.occurrences(of: name.span.name).filter {
            withDeclaration || $0.role == .reference
        }
        return .array(found.map { locationJSON(document, $0.span) })
    }

    func prepareRename(_ document: OpenDocument, _ params: JSON) -> JSON {
        guard let location = document.location(params), let name = document.index.nodeName(at: location) else {
            return .null
        }
        return ["range": document.range(name.span).json, "placeholder": JSON(name.span.name)]
    }

    /// Renames a node id at its definition and every ref (`start`, `next`, `answer(...)`).
    func rename(_ document: OpenDocument, _ params: JSON) -> Result<JSON, Failure> {
        guard let location = document.location(params), let name = document.index.nodeName(at: location) else {
            return .failure(.invalidParams("there is no node id here to rename"))
        }
        guard let newName = params["newName"]?.string, RoutineKeys.isNodeID(newName) else {
            return .failure(.invalidParams("a node id uses letters, digits, '_', '.' and '-' only"))
        }
        if newName != name.span.name, document.index.definitions[newName] != nil {
            return .failure(.invalidParams("node '\(newName)' already exists"))
        }
        let edits: [JSON] = document.index.occurrences(of: name.span.name).map {
            ["range": document.range($0.span).json, "newText": JSON(newName)]
        }
        return .success(["changes": [document.uri: .array(edits)]])
    }

    /// The nodes, with their kind: a habit node is an event, a question an enum of answers.
    func symbols(_ document: OpenDocument) -> JSON {
        guard let draft = document.index.draft else { return [] }
        var result: [JSON] = []
        for node in draft.nodes {
            let span: DocumentIndex.Span
            if let written = document.index.definitions[node.id], !node.id.contains("/") {
                span = written
            } else {
                span = DocumentIndex.Span(name: node.id, location: node.location, length: 1)
            }
            let (kind, detail): (Int, String) =
                switch node.body {
                case .habit(let name, _): (24, "habit: \(name)")
                case .question(let prompt, let options, _): (10, "question: \(prompt) (\(options.count) options)")
                case .missing: (13, "neither habit nor question")
                }
            let range = document.range(span).json
            result.append([
                "name": JSON(node.id), "detail": JSON(detail), "kind": JSON(kind), "range": range,
                "selectionRange": range,
            ])
        }
        return .array(result)
    }
}
