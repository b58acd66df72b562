import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A shell that runs a server in the background, sends it SIGINT (PostgreSQL's fast
/// shutdown) when the shell's standard input closes, and exits when the server does.
///
/// Standard input is a pipe whose only writer is the test process (close-on-exec, so no
/// other child inherits it): closing it stops the server, and so does the test process
/// dying in any way, because the kernel closes the pipe then.
///
/// Started with `Spawn` (a clean signal mask, no inherited descriptors).
final class ServerWatchdog: @unchecked Sendable {
    private static let script = #"""
        exec 3<&0
        "$@" & pid=$!
        { read -r _ <&3; kill -INT "$pid" 2>&1; } &
        wait "$pid"
        """#

    let pid: pid_t
    private let lock = NSLock()
    private var input: Int32
    private var exited = false

    /// Starts `arguments` (a server in the foreground), its output appended to `log`.
    init(_ arguments: [String], log: String) throws {
        let input = try Spawn.pipe()
        let logFD = try Spawn.openForAppending(log)
        defer {
            close(input.read)
            close(logFD)
        }
        do {
            pid = try Spawn.start(
                ["/bin/sh", "-c", Self.script, "sh"] + arguments, input: input.read, output: logFD, error: logFD)
        } catch {
            close(input.write)
            throw error
        }
        self.input = input.write
    }

    /// Whether the shell (and so the server) is still running.
    var isRunning: Bool {
        lock.withLock {
            if exited { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = true }
            return !exited
        }
    }

    /// Closes the shell's input (the server gets SIGINT) and waits for the shell to end.
    func stop() {
        lock.withLock {
            if input >= 0 { close(input) }
            input = -1
            guard !exited else { return }
            _ = Spawn.wait(pid)
            exited = true
        }
    }
}
