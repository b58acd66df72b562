import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `routine studio`: binds 127.0.0.1, says the address, opens the browser, and serves
/// until Ctrl-C (SPEC §19).
public enum StudioLaunch {
    /// Serves `paths` until SIGINT or SIGTERM. `say` prints a line for the person (the
    /// address first). Throws one sentence when a file cannot be opened or the port is taken.
    public static func run(
        paths: [String], services: StudioApp.Services, port: Int, openBrowser: Bool, say: (String) -> Void
    ) throws {
        let token = StudioGuard.newToken()
        // The guard needs the bound port (Host must name it), and the server needs the
        // handler: the app is set once the socket is bound, before the first accept.
        let app = Mutex<StudioApp?>(nil)
        let server = try HTTPServer(port: port) { request in
            guard let studio = app.withLock({ $0 }) else { return .notFound }
            return studio.handle(request)
        }
        let studio = try StudioApp(paths: paths, services: services, token: token, port: server.port)
        app.withLock { $0 = studio }
        let address = "http://127.0.0.1:\(server.port)/?token=\(token)"
        let stop = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        // The handlers before (the REPL's own, when `studio` runs inside it) come back after.
        var previous: [Int32: __sighandler_t?] = [:]
        for signalNumber in [SIGINT, SIGTERM] {
            previous[signalNumber] = signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            for (signalNumber, handler) in previous { signal(signalNumber, handler ?? SIG_DFL) }
        }
        server.start()
        let names = studio.files().map(\.name).joined(separator: ", ")
        say("routine studio: \(names) at \(address)")
        if openBrowser, !open(address) {
            say("Open that address in your browser (xdg-open was not found).")
        }
        say("Ctrl-C stops it.")
        stop.wait()
        server.stop()
        say("Studio stopped.")
    }

    /// `xdg-open URL`, detached; false when there is no xdg-open.
    private static func open(_ address: String) -> Bool {
        let candidates = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }
}
