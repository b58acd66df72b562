import RoutineCore
import RoutineFile
import RoutineTesting

/// A document the editor has open: its text, and the index of its latest version,
/// built only when something asks for it (so rapid edits cost one read, not one each).
final class OpenDocument {
    let uri: String
    /// A routine test file (`*.test.yaml`, `*.test.yml`, as `routine test` finds them):
    /// its diagnostics are the test-file decoder's, and it has no nodes to navigate.
    let isTestFile: Bool
    var document: TextDocument
    var needsDiagnostics = true
    /// How many edits the text has had: a read done in the background is kept only when
    /// no edit came since it began.
    private(set) var revision = 0
    /// The read under way in the background (one at a time): its number, and the
    /// revision it reads.
    var analysing: (read: Int, revision: Int)?
    private var checked: DocumentIndex.Checked?
    private var cached: DocumentIndex?
    /// The latest version that had a draft, and its index once built (see `namesIndex`).
    private var lastGoodRead: (text: String, checked: DocumentIndex.Checked)?
    private var lastGood: DocumentIndex?

    init(uri: String, text: String, version: Int) {
        self.uri = uri
        isTestFile = CheckRun.isTestFile(uri)
        document = TextDocument(text: text, version: version)
    }

    func edit(range: LSPRange?, text: String) {
        document.apply(range: range, text: text)
        revision += 1
        checked = nil
        cached = nil
        needsDiagnostics = true
    }

    /// `check`'s diagnostics of the latest version (`routine test`'s for a test file): all
    /// that publishing needs, so the spans of ids and names are found only when a request
    /// asks for them.
    var diagnostics: [Diagnostic] { read().diagnostics }

    /// Whether the text is past ``LanguageServer/liveAnalysisLimit``: it is then never
    /// read (one diagnostic says so, and requests on it answer nothing).
    var isTooLarge: Bool { document.text.utf8.count > LanguageServer.liveAnalysisLimit }

    /// What `check` (or `routine test`, for a test file) says of a text: pure, so it can
    /// run on any thread.
    static func analyse(_ text: String, isTestFile: Bool) -> DocumentIndex.Checked {
        if isTestFile {
            return DocumentIndex.Checked(diagnostics: TestFileShape.diagnostics(of: text), draft: nil)
        }
        return DocumentIndex.check(text)
    }

    /// Takes read number `number`, made in the background; false (and nothing kept) when
    /// it is not this document's read under way, or the text was edited since it began.
    func adopt(_ read: DocumentIndex.Checked, number: Int) -> Bool {
        guard let started = analysing, started.read == number else { return false }
        analysing = nil
        guard started.revision == revision else { return false }
        if checked == nil { keep(read) }
        return true
    }

    private func read() -> DocumentIndex.Checked {
        if let checked { return checked }
        let read = Self.analyse(document.text, isTestFile: isTestFile)
        keep(read)
        return read
    }

    private func keep(_ read: DocumentIndex.Checked) {
        checked = read
        if !isTestFile, read.draft != nil {
            lastGoodRead = (document.text, read)
            lastGood = nil
        }
    }

    var index: DocumentIndex {
        if let cached { return cached }
        let built = DocumentIndex(document: document, checked: read())
        cached = built
        return built
    }

    /// The index to take names from: while a half-typed line breaks the YAML (`next: [jo`
    /// is not YAML yet), ids and habit names still complete from the last version read.
    var namesIndex: DocumentIndex {
        let current = index
        if current.draft != nil { return current }
        if lastGood == nil, let good = lastGoodRead { lastGood = DocumentIndex(text: good.text, checked: good.checked) }
        return lastGood ?? current
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
