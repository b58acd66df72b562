import Foundation
import RoutineCore

/// `routine lsp`: a language server for routine files over standard input and output
/// (SPEC §15.3).
///
/// One thread reads and frames messages into a queue; the main loop takes every message
/// waiting, answers them in order, and only when the queue is empty starts checking the
/// documents that changed, each on a thread of its own (one read per document at a time;
/// its result comes back through the queue and is published if no edit came meanwhile).
/// So a burst of edits costs one check, not one per keystroke, a request is never stuck
/// behind diagnostics of versions already replaced, and a large document being checked
/// holds up no other document (issue 31 item 8). A document past `liveAnalysisLimit` is
/// not read at all: one diagnostic says so.
/// It reads a store only when given a reader (never writes one), and survives any input: a message it cannot read gets a
/// JSON-RPC error (or, without an id, a line on standard error); it exits only on
/// `exit`, or when its input ends (the editor is gone).
public final class LanguageServer {
    let writer: MessageWriter
    let queue = MessageQueue()
    var documents: [String: OpenDocument] = [:]
    var initialized = false
    var shuttingDown = false
    /// How many background reads of documents were started (each result names its own).
    var reads = 0
    /// Request ids cancelled before they were answered (LSP `$/cancelRequest`).
    var cancelled = Set<String>()
    let log: @Sendable (String) -> Void
    /// The store's habits, when a store is configured (read-only, off the main thread).
    let store: StoreHabits
    /// The day it is now (the caller's clock): hover's path coverage is that day's week.
    let today: @Sendable () -> DayKey

    public init(
        output: Int32 = 1, store reader: StoreReader? = nil, today: @escaping @Sendable () -> DayKey,
        log: @escaping @Sendable (String) -> Void = LanguageServer.standardError
    ) {
        writer = MessageWriter(descriptor: output)
        self.today = today
        self.log = log
        store = StoreHabits(reader: reader, log: log)
    }

    public static func standardError(_ line: String) {
        FileHandle.standardError.write(Data("routine lsp: \(line)\n".utf8))
    }

    /// Serves until `exit` or the end of input; returns the exit status (0 after
    /// `shutdown`, 1 otherwise, as the protocol asks).
    public func run(input: Int32 = 0) -> Int32 {
        let queue = self.queue
        let log = self.log
        let reader = Thread {
            MessageQueue.readAll(from: input, into: queue, log: log)
        }
        reader.stackSize = 1 << 20
        reader.start()
        while true {
            let batch = queue.takeAll()
            for item in batch {
                if case .message(let message) = item, message["method"]?.string == "$/cancelRequest",
                    let id = message["params"]?["id"]
                {
                    cancelled.insert(id.text)
                }
            }
            for item in batch {
                switch item {
                case .message(let message):
                    if let status = handle(message) { return status }
                case .unreadable(let reason):
                    writer.send(Self.error(id: .null, code: -32700, message: "parse error: \(reason)"))
                case .end:
                    return shuttingDown ? 0 : 1
                case .analysed(let uri, let number, let checked):
                    if let document = documents[uri], document.adopt(checked, number: number) {
                        publish(document)
                    }
                }
            }
            if queue.isEmpty { publishChangedDiagnostics() }
        }
    }

    /// Answers one message; returns an exit status when it was `exit`.
    func handle(_ message: JSON) -> Int32? {
        guard case .object = message else {
            // JSON, but not a message (LSP has no batches).
            writer.send(Self.error(id: .null, code: -32600, message: "invalid request: not a JSON-RPC message"))
            return nil
        }
        guard let method = message["method"]?.string else {
            if let id = message["id"], message["result"] == nil, message["error"] == nil {
                writer.send(Self.error(id: id, code: -32600, message: "invalid request: no method"))
            }
            return nil  // a response to a request of ours: the server sends none, so nothing to match
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        if method == "exit" { return shuttingDown ? 0 : 1 }
        guard let id else {
            notification(method, params)
            return nil
        }
        if cancelled.remove(id.text) != nil {
            writer.send(Self.error(id: id, code: -32800, message: "request cancelled"))
            return nil
        }
        if !initialized && method != "initialize" {
            writer.send(Self.error(id: id, code: -32002, message: "the server is not initialized"))
            return nil
        }
        if shuttingDown {
            writer.send(Self.error(id: id, code: -32600, message: "the server is shutting down"))
            return nil
        }
        switch request(method, params) {
        case .success(let result): writer.send(["jsonrpc": "2.0", "id": id, "result": result])
        case .failure(let failure): writer.send(Self.error(id: id, code: failure.code, message: failure.message))
        }
        return nil
    }

    struct Failure: Error {
        var code: Int
        var message: String
        static func invalidParams(_ message: String) -> Failure { Failure(code: -32602, message: message) }
    }

    func request(_ method: String, _ params: JSON) -> Result<JSON, Failure> {
        switch method {
        case "initialize":
            initialized = true
            store.refresh()
            return .success(["capabilities": Self.capabilities, "serverInfo": ["name": "routine"]])
        case "shutdown":
            shuttingDown = true
            return .success(.null)
        case "textDocument/completion": return withDocument(params) { .success(completion($0, params)) }
        case "textDocument/hover": return withDocument(params) { .success(hover($0, params)) }
        case "textDocument/definition": return withDocument(params) { .success(definition($0, params)) }
        case "textDocument/references": return withDocument(params) { .success(references($0, params)) }
        case "textDocument/prepareRename": return withDocument(params) { .success(prepareRename($0, params)) }
        case "textDocument/rename": return withDocument(params) { rename($0, params) }
        case "textDocument/documentSymbol": return withDocument(params) { .success(symbols($0)) }
        case "textDocument/codeAction": return withDocument(params) { .success(codeActions($0, params)) }
        default:
            return .failure(Failure(code: -32601, message: "method not found: \(method)"))
        }
    }

    /// Runs `body` on the document the request names; a document never opened is an
    /// empty answer rather than an error (editors ask before they open, or after closing).
    func withDocument(_ params: JSON, _ body: (OpenDocument) -> Result<JSON, Failure>) -> Result<JSON, Failure> {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            return .failure(.invalidParams("missing textDocument.uri"))
        }
        guard let document = documents[uri], !document.isTooLarge else { return .success(.null) }
        return body(document)
    }

    func notification(_ method: String, _ params: JSON) {
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string,
                let text = item["text"]?.string
            else { return log("didOpen without a uri or text") }
            documents[uri] = OpenDocument(uri: uri, text: text, version: item["version"]?.int ?? 0)
            store.refresh()
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
                return log("didChange for a document not open")
            }
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                let range = change["range"].flatMap { $0.isNull ? nil : LSPRange($0) }
                document.edit(range: range, text: text)
            }
            document.document.version = params["textDocument"]?["version"]?.int ?? document.document.version + 1
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            writer.send(Self.diagnostics(uri: uri, version: nil, []))
        case "textDocument/didSave":
            store.refresh()  // a save often follows a run or a log in another terminal
        default:
            break  // initialized, $/cancelRequest (handled above), and others we need not act on
        }
    }

    /// The largest document read live, in bytes of UTF-8 (docs/authoring.md). A 10 MB
    /// routine (about 230,000 nodes) is read in a few seconds; past this, `routine check`
    /// does it.
    public static let liveAnalysisLimit = 16_000_000

    /// Publishes what is known of every document changed since its diagnostics were sent,
    /// and starts reading, each on its own thread, those not read yet.
    func publishChangedDiagnostics() {
        for document in documents.values where document.needsDiagnostics && document.analysing == nil {
            if document.isTooLarge {
                let megabytes = document.document.text.utf8.count / 1_000_000
                let item: JSON = [
                    "range": LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)).json,
                    "severity": 2, "source": "routine",
                    "message": JSON("too large to analyse live (\(megabytes) MB; `routine check` checks it)"),
                ]
                writer.send(Self.diagnostics(uri: document.uri, version: document.document.version, [item]))
                document.needsDiagnostics = false
                continue
            }
            analyse(document)
        }
    }

    /// Reads the document's current text on a thread of its own; the result comes back
    /// through the queue (`.analysed`).
    func analyse(_ document: OpenDocument) {
        let uri = document.uri
        let text = document.document.text
        let isTestFile = document.isTestFile
        let queue = self.queue
        reads += 1
        let number = reads
        document.analysing = (number, document.revision)
        let thread = Thread {
            let checked = OpenDocument.analyse(text, isTestFile: isTestFile)
            queue.push(.analysed(uri: uri, read: number, checked: checked))
        }
        // As deep as the main thread's: the reader and the validator recurse on what
        // they read.
        thread.stackSize = 16 << 20
        thread.start()
    }

    /// Sends the document's diagnostics (its text is read by now, or read here).
    func publish(_ document: OpenDocument) {
        let items = document.diagnostics.map { diagnostic(document, $0) }
        writer.send(Self.diagnostics(uri: document.uri, version: document.document.version, items))
        document.needsDiagnostics = false
    }

    static func diagnostics(uri: String, version: Int?, _ items: [JSON]) -> JSON {
        var params: JSON = ["uri": JSON(uri), "diagnostics": .array(items)]
        if let version, case .object(var fields) = params {
            fields["version"] = JSON(version)
            params = .object(fields)
        }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params]
    }

    static func error(id: JSON, code: Int, message: String) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": JSON(code), "message": JSON(message)]]
    }

    static let capabilities: JSON = [
        // 2: incremental changes.
        "textDocumentSync": ["openClose": true, "change": 2],
        "completionProvider": ["triggerCharacters": ["[", " ", "(", ","]],
        "hoverProvider": true,
        "definitionProvider": true,
        "referencesProvider": true,
        "renameProvider": ["prepareProvider": true],
        "documentSymbolProvider": true,
        "codeActionProvider": ["codeActionKinds": ["quickfix"]],
    ]
}
