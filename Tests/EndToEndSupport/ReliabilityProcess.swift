import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process for the reliability harness: started with `posix_spawn`, standard
/// input a pipe the test writes to (line by line, slowly if it likes), standard output
/// and error in files, and every wait bounded (a child still running at its deadline is
/// killed and reported as timed out, so no test can hang the suite).
public final class ReliabilityProcess {
    public enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case timedOut

        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            case .timedOut: "timed out"
            }
        }
    }

    public let pid: pid_t
    private var inputFD: Int32
    private let outPath: String
    private let errPath: String
    private(set) var termination: Termination?

    /// Writing to a child that was killed must give EPIPE, not kill the test process.
    private static let spawnLock = NSLock()

    private static let ignorePipeSignal: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Starts `executable` with `arguments` and exactly `environment`. The child's signal
    /// dispositions are reset to their defaults (the test process ignores SIGPIPE).
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        Self.ignorePipeSignal
        let id = UUID().uuidString
        outPath = NSTemporaryDirectory() + "reliability-out-\(id)"
        errPath = NSTemporaryDirectory() + "reliability-err-\(id)"
        // pipe() then FD_CLOEXEC under a lock shared by every spawn here, so a child
        // started by another thread never inherits this pipe (and keeps it open).
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(fds[0])
        guard rc == 0 else {
            close(fds[1])
            throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO)
        }
        pid = child
        inputFD = fds[1]
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        if inputFD >= 0 { close(inputFD) }
        unlink(outPath)
        unlink(errPath)
    }

    /// Writes all of `data` to the child's standard input; false when the child is gone
    /// (or has closed its input).
    @discardableResult
    public func write(_ data: Data) -> Bool {
        guard inputFD >= 0 else { return false }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard var base = buffer.baseAddress else { return true }
            var left = buffer.count
            while left > 0 {
                let written = Glibc.write(inputFD, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                left -= written
                base += written
            }
            return true
        }
    }

    @discardableResult
    public func write(_ text: String) -> Bool { write(Data(text.utf8)) }

    /// Ends the child's standard input.
    public func closeInput() {
        if inputFD >= 0 { close(inputFD) }
        inputFD = -1
    }

    /// SIGKILL, then reaps the child.
    public func kill9() {
        if termination == nil { kill(pid, SIGKILL) }
        _ = wait(timeout: 10)
    }

    /// Whether the child has ended (reaps it if so).
    public var hasEnded: Bool {
        if termination != nil { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            termination = Self.decode(status)
            return true
        }
        return false
    }

    /// Waits for the child to end, at most `timeout` seconds; a child still running then
    /// is killed and `.timedOut` returned.
    @discardableResult
    public func wait(timeout: TimeInterval) -> Termination {
        if let termination { return termination }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if hasEnded, let termination { return termination }
            usleep(1_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        termination = .timedOut
        return .timedOut
    }

    public var stdout: String { Self.read(outPath) }
    public var stderr: String { Self.read(errPath) }
    public var stdoutData: Data { (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data() }

    private static func read(_ path: String) -> String {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func decode(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signaled(signal)
    }

    public struct Result {
        public var termination: Termination
        public var stdout: String
        public var stderr: String
        public var status: Int32? {
            if case .exited(let code) = termination { return code }
            return nil
        }

        public init(termination: Termination, stdout: String, stderr: String) {
            self.termination = termination
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// Runs a command to its end: `input` written at once, then input closed.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], input: Data = Data(),
        timeout: TimeInterval = 60
    ) throws -> Result {
        let process = try ReliabilityProcess(executable, arguments, environment: environment)
        process.write(input)
        process.closeInput()
        let termination = process.wait(timeout: timeout)
        return Result(termination: termination, stdout: process.stdout, stderr: process.stderr)
    }

    /// Runs the built `routine` binary.
    public static func routine(
        _ arguments: [String], environment: [String: String], input: String = "", timeout: TimeInterval = 60
    ) throws -> Result {
        try run(Binary.url.path, arguments, environment: environment, input: Data(input.utf8), timeout: timeout)
    }

    /// Runs `sqlite3` on `database` (read-only unless `writable`), one statement.
    public static func sqlite(
        _ database: String, _ sql: String, writable: Bool = false, timeout: TimeInterval = 30
    ) throws
        -> Result
    {
        let environment = ProcessInfo.processInfo.environment
        let result = try run(
            "/usr/bin/sqlite3", (writable ? [] : ["-readonly"]) + [database, sql], environment: environment,
            timeout: timeout)
        // A process killed mid-write leaves a WAL that the next writer recovers; a
        // read-only connection cannot (SQLITE_READONLY). Look at a copy instead, so that
        // looking still changes nothing: the copy recovers as the app's next open would.
        guard !writable, result.status != 0, result.stderr.contains("readonly database") else { return result }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store.sqlite").path
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.copyItem(atPath: database + suffix, toPath: copy + suffix)
        }
        return try run("/usr/bin/sqlite3", [copy, sql], environment: environment, timeout: timeout)
    }
}

/// A small deterministic generator (SplitMix64): the same seed, the same cases.

/// Facts about the store a test checks from outside, through the `sqlite3` CLI.
public enum StoreProbe {
    /// `PRAGMA integrity_check`'s answer ("ok" when sound).
    public static func integrity(_ store: String) throws -> String {
        try ReliabilityProcess.sqlite(store, "PRAGMA integrity_check").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Rows of `sql` as lines of `|`-separated fields.
    public static func rows(_ store: String, _ sql: String) throws -> [String] {
        let result = try ReliabilityProcess.sqlite(store, sql)
        guard result.status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "sqlite3: \(result.stderr)"])
        }
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Live entries: "habit name|day|value" lines (value with three decimals, or `-`),
    /// sorted.
    public static func liveEntries(_ store: String, day: String? = nil) throws -> [String] {
        let filter = day.map { " AND e.day_key = '\($0)'" } ?? ""
        return try rows(
            store,
            "SELECT h.name, e.day_key, CASE WHEN e.value IS NULL THEN '-' ELSE printf('%.3f', e.value) END FROM habit_entry e "
                + "JOIN habit h ON h.id = e.habit_id WHERE e.deleted_at IS NULL\(filter) "
                + "ORDER BY h.name, e.day_key, e.value")
    }

    /// The same line form for an expected entry.
    public static func entryLine(habit: String, day: String, value: Double?) -> String {
        "\(habit)|\(day)|\(value.map { String(format: "%.3f", $0) } ?? "-")"
    }

    public static func count(_ store: String, _ sql: String) throws -> Int {
        Int(try rows(store, sql).first ?? "") ?? -1
    }
}
