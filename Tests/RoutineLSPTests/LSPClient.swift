import EndToEndSupport
import Foundation
import RoutineLSP

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted LSP client: runs the built `routine lsp` over pipes, writes framed (or
/// deliberately broken) messages, and reads what the server sends, with time limits so
/// that a hung server fails a test instead of hanging it.
final class LSPClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var framer = MessageFramer()
    private var pending: [JSON] = []
    private var nextID = 100

    /// `store`: the store the server is pointed at (`ROUTINE_STORE`); by default one in a
    /// folder that does not exist, so no store is read.
    init(store: String? = nil) throws {
        process.executableURL = Binary.url
        process.arguments = ["lsp"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        process.environment = Binary.environment(store: store ?? folder.appendingPathComponent("store.sqlite").path)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func raw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ message: JSON) { raw(MessageFramer.frame(message.text)) }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": JSON(method), "params": params])
    }

    /// Sends a request and returns its id.
    @discardableResult
    func request(_ method: String, _ params: JSON, id: Int? = nil) -> Int {
        let id =
            id
            ?? {
                nextID += 1; return nextID
            }()
        send(["jsonrpc": "2.0", "id": JSON(id), "method": JSON(method), "params": params])
        return id
    }

    /// Sends a request and waits for its response.
    func call(_ method: String, _ params: JSON) throws -> JSON {
        let id = request(method, params)
        return try response(id)
    }

    /// The response to request `id`, keeping other messages for later.
    func response(_ id: Int, timeout: TimeInterval = 20) throws -> JSON {
        try wait(timeout: timeout, what: "the response to \(id)") { $0["id"] == JSON(id) }
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(_ uri: String, timeout: TimeInterval = 20) throws -> JSON {
        try wait(timeout: timeout, what: "diagnostics for \(uri)") {
            $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri
        }
    }

    func wait(timeout: TimeInterval, what: String, _ matches: (JSON) -> Bool) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = pending.firstIndex(where: matches) { return pending.remove(at: found) }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ClientError("timed out waiting for \(what); got \(pending.map(\.text))") }
            try readSome(timeout: remaining)
        }
    }

    private func readSome(timeout: TimeInterval) throws {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(timeout, 60) * 1000))
        guard ready > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw ClientError("the server closed its output (status \(exitStatus() ?? -1))") }
        framer.feed(chunk[0..<count])
        while let body = framer.next() {
            guard let message = JSON.parse(Data(body)) else {
                throw ClientError("the server sent a body that is not JSON")
            }
            pending.append(message)
        }
    }

    /// The exit status once the server has exited within `timeout`, else nil.
    func exitStatus(timeout: TimeInterval = 0) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func closeInput() throws { try input.fileHandleForWriting.close() }

    func standardError() -> String {
        String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }

    // MARK: - Conveniences

    func initialize() throws {
        let result = try call("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        guard result["result"]?["capabilities"] != nil else { throw ClientError("no capabilities: \(result.text)") }
        notify("initialized", [:])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": JSON(uri), "languageId": "yaml", "version": JSON(version), "text": JSON(text)]])
    }

    static func at(_ uri: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": JSON(uri)], "position": ["line": JSON(line), "character": JSON(character)]]
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
