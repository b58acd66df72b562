import RoutineCore

/// A document the editor has open: its text, and the index of its latest version,
/// built only when something asks for it (so rapid edits cost one read, not one each).
final class OpenDocument {
    let uri: String
    var document: TextDocument
    var needsDiagnostics = true
    private var cached: DocumentIndex?
    /// The latest index with a draft (see `namesIndex`).
    private var lastGood: DocumentIndex?

    init(uri: String, text: String, version: Int) {
        self.uri = uri
        document = TextDocument(text: text, version: version)
    }

    func edit(range: LSPRange?, text: String) {
        document.apply(range: range, text: text)
        cached = nil
        needsDiagnostics = true
    }

    var index: DocumentIndex {
        if let cached { return cached }
        let built = DocumentIndex(text: document.text)
        cached = built
        if built.draft != nil { lastGood = built }
        return built
    }

    /// The index to take names from: while a half-typed line breaks the YAML (`next: [jo`
    /// is not YAML yet), ids and habit names still complete from the last version read.
    var namesIndex: DocumentIndex {
        let current = index
        return current.draft != nil ? current : (lastGood ?? current)
    }

    /// The LSP range of a span (one line).
    func range(_ span: DocumentIndex.Span) -> LSPRange {
        LSPRange(
            start: document.position(of: span.location),
            end: document.position(of: span.location, plus: span.length))
    }

    /// The reader's location of a request's `position`.
    func location(_ params: JSON) -> SourceLocation? {
        LSPPosition(params["position"]).map(document.location(of:))
    }
}
