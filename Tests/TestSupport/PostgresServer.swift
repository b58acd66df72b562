import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private PostgreSQL 15 cluster for tests: a temporary folder, a unix socket in it,
/// no network unless asked, `fsync` off. One shared cluster per test process (each test
/// takes a fresh database from it), started on first use; tests that stop, kill or
/// restart a server make their own. Every cluster is stopped and its folder removed when
/// the process exits, and a watchdog shell stops the server if the test process dies
/// without exiting (a crash, `kill -9`), so `swift test` leaves no `postgres` behind.
///
/// `initdb` and `postgres` refuse to run as root. As root the server runs as the
/// `postgres` user (`setpriv`), or, where `/dev/null` is closed to other users (as on some
/// of these machines: initdb writes to it), in a user namespace whose only uid maps back
/// to root (NOTES.md). Not root, it runs as the caller.
public final class PostgresServer: @unchecked Sendable {
    public static let binaries = "/usr/lib/postgresql/15/bin"
    /// The superuser every URL of this server uses unless told otherwise.
    public static let superuser = "routine"
    /// The superuser's password, needed over TCP only (the socket trusts it).
    public static let superuserPassword = "routine-test-superuser"

    /// The temporary folder holding the cluster, its socket and its log.
    public let folder: String
    /// The port of the socket (and of 127.0.0.1 when `loopback`).
    public let port: Int
    /// Whether the server also listens on 127.0.0.1.
    public let loopback: Bool
    /// Whether it offers TLS there (a self-signed certificate) and takes TCP only over it.
    public let tls: Bool
    let runner: PostgresRunner
    private let lock = NSLock()
    private var watchdog: ServerWatchdog?
    private var databases = 0

    /// The cluster the tests of this process share, started the first time it is asked
    /// for. Throws (the test fails, it does not skip) when PostgreSQL 15 is not installed.
    public static func shared() throws -> PostgresServer { try sharedServer.get() }
    private static let sharedServer = Result { try PostgresServer() }

    /// A new cluster of the caller's own, started. `loopback` also listens on
    /// 127.0.0.1 at a free port (scram-sha-256 for every role there); `tls` (which
    /// implies it) offers SSL with a self-signed certificate and refuses TCP without it.
    public init(loopback: Bool = false, tls: Bool = false) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binaries + "/initdb") else {
            throw PostgresServerError(
                "PostgreSQL 15 is not installed (\(Self.binaries)/initdb): run scripts/setup --for-tests")
        }
        var template = Array("/tmp/routine-pg-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw PostgresServerError("mkdtemp failed: errno \(errno)") }
        folder = String(cString: created)
        self.loopback = loopback || tls
        self.tls = tls
        port = self.loopback ? try Self.freePort() : 5432
        runner = PostgresRunner.pick()
        Self.register(self)
        try runner.handOver(folder)
        try runner.run(
            [
                Self.binaries + "/initdb", "-D", dataFolder, "-U", Self.superuser, "-E", "UTF8", "--locale=C",
                "--auth=trust", "-N", "--no-instructions",
            ], in: folder)
        let rules = [
            "local all \(Self.superuser) trust", "local all all scram-sha-256",
            "\(tls ? "hostssl" : "host") all all 127.0.0.1/32 scram-sha-256",
        ]
        if tls { try makeCertificate() }
        try (rules.joined(separator: "\n") + "\n").write(
            toFile: dataFolder + "/pg_hba.conf", atomically: false, encoding: .utf8)
        try start()
        if self.loopback {
            _ = try psql(url(), "ALTER ROLE \(Self.superuser) PASSWORD '\(Self.superuserPassword)'")
        }
    }

    var dataFolder: String { folder + "/data" }

    /// A self-signed certificate and its key (0600, the server user's, as PostgreSQL
    /// demands) in the cluster's folder.
    private func makeCertificate() throws {
        try PostgresRunner.direct.run(
            [
                "/usr/bin/openssl", "req", "-new", "-x509", "-nodes", "-days", "2", "-subj", "/CN=localhost",
                "-newkey", "rsa:2048", "-keyout", folder + "/server.key", "-out", folder + "/server.crt",
            ], in: folder)
        guard chmod(folder + "/server.key", 0o600) == 0 else { throw PostgresServerError("chmod server.key failed") }
        try runner.handOver(folder + "/server.key")
        try runner.handOver(folder + "/server.crt")
    }
    var logFile: String { folder + "/server.log" }

    /// A socket URL for `database` (default the `postgres` maintenance database).
    public func url(database: String = "postgres", user: String = superuser, password: String? = nil) -> String {
        let login = password.map { "\(user):\(Self.percentEncoded($0))" } ?? user
        return "postgresql://\(login)@/\(database)?host=\(folder)&port=\(port)"
    }

    /// A URL over TCP on 127.0.0.1 (only for a server started with `loopback`).
    public func loopbackURL(database: String = "postgres", extra: String = "") -> String {
        "postgresql://\(Self.superuser):\(Self.superuserPassword)@127.0.0.1:\(port)/\(database)"
            + (extra.isEmpty ? "" : "?\(extra)")
    }

    /// A fresh, empty database (tests run in parallel: one each) and its socket URL.
    public func createDatabase() throws -> String {
        let name = lock.withLock {
            databases += 1
            return "test\(databases)"
        }
        _ = try psql(url(), "CREATE DATABASE \(name)")
        return url(database: name)
    }

    /// A role that can log in only with `password` (scram-sha-256 over the socket).
    public func createRole(_ name: String, password: String) throws {
        let escaped = password.replacingOccurrences(of: "'", with: "''")
        _ = try psql(url(), "CREATE ROLE \"\(name)\" LOGIN PASSWORD '\(escaped)'")
    }

    /// Runs Debian's `psql` on `sql` and returns its unaligned, tuples-only output, the
    /// way an operator would look at the server; throws with psql's message on failure.
    public func psql(_ url: String, _ sql: String) throws -> String {
        try tool("psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
    }

    /// Runs one of PostgreSQL's client programs (`pg_dump`, `psql`…) as the test process
    /// and returns its standard output.
    public func tool(_ name: String, _ arguments: [String]) throws -> String {
        let result = try PostgresRunner.direct.capture([Self.binaries + "/" + name] + arguments, in: folder)
        guard result.status == 0 else {
            throw PostgresServerError("\(name) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// Starts the server (after `stop` or `kill`) and waits until it accepts connections.
    public func start() throws {
        // fsync and full-page writes only guard against the machine crashing; commits stay
        // synchronous, so what a test saw committed survives `kill()` of the server.
        let server = [
            Self.binaries + "/postgres", "-D", dataFolder, "-k", folder, "-p", String(port),
            "-c", "listen_addresses=\(loopback ? "127.0.0.1" : "")", "-c", "fsync=off",
            "-c", "ssl=\(tls ? "on" : "off")", "-c", "ssl_cert_file=\(folder)/server.crt",
            "-c", "ssl_key_file=\(folder)/server.key",
            "-c", "full_page_writes=off", "-c", "max_connections=200",
        ]
        let watchdog = try ServerWatchdog(runner.prefix + server, log: logFile)
        lock.withLock { self.watchdog = watchdog }
        try waitUntilReady(watchdog)
    }

    /// A fast shutdown: open connections are ended (the client sees the connection lost).
    public func stop() {
        guard let watchdog = takeWatchdog() else { return }
        // Signalled here rather than left to the watchdog's reader: stopping must not
        // depend on a background shell job (the reader is the backstop for a crash).
        if let pid = postmasterPID() { Glibc.kill(pid, SIGINT) }
        watchdog.stop()
    }

    /// Kills the server and its backends with SIGKILL, as a crash or power cut would.
    public func kill() {
        guard let watchdog = takeWatchdog() else { return }
        if let pid = postmasterPID() {
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            Glibc.kill(pid, SIGKILL)
            for child in children.split(separator: " ").compactMap({ pid_t($0) }) { Glibc.kill(child, SIGKILL) }
        }
        watchdog.stop()
    }

    private func takeWatchdog() -> ServerWatchdog? {
        lock.withLock {
            defer { watchdog = nil }
            return watchdog
        }
    }

    /// The postmaster's pid, from the first line of `postmaster.pid`.
    private func postmasterPID() -> pid_t? {
        let text = try? String(contentsOfFile: dataFolder + "/postmaster.pid", encoding: .utf8)
        return text?.split(separator: "\n").first.flatMap { pid_t($0) }
    }

    /// Waits for `postmaster.pid` to say "ready" (its eighth line) for the postmaster
    /// this watchdog started (after a kill the file left behind names a dead one), or
    /// fails with the end of the server's log.
    private func waitUntilReady(_ watchdog: ServerWatchdog) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: dataFolder + "/postmaster.pid", encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 7, lines[7].trimmingCharacters(in: .whitespaces) == "ready",
                let pid = pid_t(lines[0]), Self.parent(of: pid) == watchdog.pid
            {
                return
            }
            guard watchdog.isRunning else { break }
            usleep(20_000)
        }
        let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        throw PostgresServerError("PostgreSQL did not start: \(log.suffix(800))")
    }

    /// The parent pid of a live process (the fourth field of /proc/PID/stat, after the
    /// parenthesised command name), nil when there is no such process.
    private static func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    // MARK: - Every server of this process, stopped at exit

    private static let registry = ServerRegistry()

    private static func register(_ server: PostgresServer) {
        registry.add(server)
    }

    static func registryServers() -> [PostgresServer] { registry.all() }

    /// Stops the server and removes its folder (at process exit, or when a test is done
    /// with a server of its own).
    public func tearDown() {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// A test-support failure to run PostgreSQL, in one line.
public struct PostgresServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
