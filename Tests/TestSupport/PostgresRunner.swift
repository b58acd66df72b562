import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How PostgreSQL's server programs are run by a test process, chosen at run time.
///
/// `initdb` and `postgres` refuse root. As root they run as the `postgres` user through
/// `setpriv` (which execs, so the pid signalled is the server's own); but `initdb` writes
/// to `/dev/null`, and where that is mode 0700 (seen on these machines) the `postgres`
/// user cannot, so then they run in a user namespace (`unshare --user`) whose one uid,
/// the `postgres` user's number, maps back to root outside: not root to PostgreSQL,
/// and still the owner of `/dev/null`. Not root, they run directly.
enum PostgresRunner: Sendable {
    case direct
    case asUser(uid: uid_t, gid: gid_t)
    case userNamespace(uid: uid_t, gid: gid_t)

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func pick() -> PostgresRunner {
        guard geteuid() == 0 else { return .direct }
        let user = getpwnam("postgres")
        let uid = user?.pointee.pw_uid ?? 1000
        let gid = user?.pointee.pw_gid ?? 1000
        var null = stat()
        let nullOpenToAll = stat("/dev/null", &null) == 0 && null.st_mode & 0o002 != 0
        if user != nil, nullOpenToAll { return .asUser(uid: uid, gid: gid) }
        return .userNamespace(uid: uid, gid: gid)
    }

    /// What goes before a server program's own arguments.
    var prefix: [String] {
        switch self {
        case .direct: []
        case .asUser(let uid, let gid):
            ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"]
        case .userNamespace(let uid, let gid):
            ["/usr/bin/unshare", "--user", "--map-user=\(uid)", "--map-group=\(gid)", "--"]
        }
    }

    /// Gives a file or folder of the cluster to the user the server runs as.
    func handOver(_ path: String) throws {
        guard case .asUser(let uid, let gid) = self else { return }
        guard chown(path, uid, gid) == 0 else { throw PostgresServerError("chown \(path) failed: errno \(errno)") }
    }

    /// Runs a server program to completion, failing with its output when it fails.
    func run(_ arguments: [String], in folder: String) throws {
        let result = try capture(prefix + arguments, in: folder)
        guard result.status == 0 else {
            throw PostgresServerError(
                "\(arguments[0]) failed (\(result.status)): \(result.stderr.suffix(800)) \(result.stdout.suffix(400))")
        }
    }

    /// Runs `arguments` as they are, output captured through files (no pipe to fill),
    /// standard input empty.
    func capture(_ arguments: [String], in folder: String) throws -> Output {
        let name = NSTemporaryDirectory() + "/routine-pg-\(UUID().uuidString)"
        let input = try Spawn.pipe()
        close(input.write)
        let output = try Spawn.openForAppending(name + ".out")
        let error = try Spawn.openForAppending(name + ".err")
        defer {
            [input.read, output, error].forEach { close($0) }
            try? FileManager.default.removeItem(atPath: name + ".out")
            try? FileManager.default.removeItem(atPath: name + ".err")
        }
        let status = Spawn.wait(try Spawn.start(arguments, input: input.read, output: output, error: error))
        let stdout = (try? String(contentsOfFile: name + ".out", encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: name + ".err", encoding: .utf8)) ?? ""
        return Output(status: status, stdout: stdout, stderr: stderr)
    }
}

/// Every server a test process started, torn down by an `atexit` handler.
final class ServerRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var servers: [PostgresServer] = []
    private static let installed: Void = {
        atexit { PostgresServer.tearDownAll() }
    }()

    func add(_ server: PostgresServer) {
        _ = Self.installed
        lock.withLock { servers.append(server) }
    }

    func all() -> [PostgresServer] { lock.withLock { servers } }
}

extension PostgresServer {
    /// Stops every server this process started and removes their folders.
    static func tearDownAll() {
        for server in registryServers() { server.tearDown() }
    }

    /// A port on 127.0.0.1 nothing listens on now (the kernel's pick; another process
    /// could take it before the server does, which a retry would survive).
    public static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw PostgresServerError("socket failed: errno \(errno)") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socketFD, generic, length) == 0 && getsockname(socketFD, generic, &length) == 0
            }
        }
        guard bound else { throw PostgresServerError("bind to 127.0.0.1 failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
