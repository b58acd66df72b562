import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starting PostgreSQL's programs from a test process, without Foundation's `Process`.
///
/// Two things a `Process` child gets wrong for a server: it inherits the test process's
/// signal mask, which blocks SIGCHLD (a shell that waits for its server then never wakes),
/// and every descriptor not marked close-on-exec (a server would hold the test runner's
/// output pipe, or another server's watchdog pipe, open for its whole life). Here the
/// child starts with no signal blocked, default handlers, and only 0, 1 and 2 open.
enum Spawn {
    /// Starts `arguments` (an absolute path first) with the given descriptors as its
    /// standard input, output and error; returns its pid.
    static func start(_ arguments: [String], input: Int32, output: Int32, error: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGCHLD, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv + [nil], environ)
        guard status == 0 else { throw PostgresServerError("cannot start \(arguments[0]): errno \(status)") }
        return pid
    }

    /// Waits for `pid` to end and returns its exit status (128 + n for a signal n).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// A pipe whose two ends are close-on-exec (Glibc's pipe2 is not visible to Swift).
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw PostgresServerError("pipe failed: errno \(errno)") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Opens `path` for appending, close-on-exec.
    static func openForAppending(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PostgresServerError("cannot open \(path): errno \(errno)") }
        return descriptor
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at
    /// run time because Swift's Glibc module does not declare it.
    private static let closeFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
            guard
                let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                address, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
        }()
}
