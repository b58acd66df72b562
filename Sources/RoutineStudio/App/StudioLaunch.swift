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
        // Ctrl-C and SIGTERM end the studio whichever thread the kernel hands them to: the
        // handler writes a byte to a pipe this thread waits on. (A dispatch signal source
        // missed them when they went to one of the server's threads.) The handlers before
        // (the REPL's, when it runs `studio`) come back after.
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw StudioFailure(500, "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        stopSignalDescriptor = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = studioStopSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous: [Int32: sigaction] = [:]
        for signalNumber in [SIGINT, SIGTERM] {
            var old = sigaction()
            if sigaction(signalNumber, &action, &old) == 0 { previous[signalNumber] = old }
        }
        defer {
            for (signalNumber, old) in previous {
                var handler = old
                _ = sigaction(signalNumber, &handler, nil)
            }
            stopSignalDescriptor = -1
            close(ends[0])
            close(ends[1])
        }
        server.start()
        let names = studio.files().map(\.name).joined(separator: ", ")
        say("routine studio: \(names) at \(address)")
        if openBrowser, !open(address) {
            say("Open that address in your browser (xdg-open was not found).")
        }
        say("Ctrl-C stops it.")
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) < 0 && errno == EINTR {}
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

/// The write end of the pipe `StudioLaunch.run` waits on: a plain global, set before the
/// handler is installed, since a signal handler can reach nothing else
/// (docs/architecture.md: no process globals but what a signal handler must reach).
nonisolated(unsafe) private var stopSignalDescriptor: Int32 = -1

/// SIGINT and SIGTERM while the studio serves: one byte down the pipe (write is
/// async-signal-safe); the waiting thread stops the server.
private func studioStopSignal(_: Int32) {
    var byte: UInt8 = 1
    _ = write(stopSignalDescriptor, &byte, 1)
}
