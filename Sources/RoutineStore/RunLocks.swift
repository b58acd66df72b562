import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Exclusive per-run locks that live exactly as long as the process holding them.
///
/// A claim is `flock(LOCK_EX)` on `<store>.runs/<run-id>.lock`: the kernel drops it when
/// the holder dies, even on kill -9, so "is this run being walked?" is answered by the
/// operating system, never by a record that a crash could leave stale. `flock` locks
/// belong to open file descriptions, so two stores opened on one file in one process
/// exclude each other too. In-memory stores keep an in-process table instead.
final class RunLocks: @unchecked Sendable {
    /// Where lock files live, or nil for an in-memory store.
    private let directory: String?
    /// Run id → open descriptor holding the lock (-1 for in-memory claims).
    private var held: [RunID: Int32] = [:]
    private let mutex = NSLock()

    init(directory: String?) {
        self.directory = directory
    }

    deinit {
        for fd in held.values where fd >= 0 { close(fd) }
    }

    /// Run ids are file names here: only letters, digits and `-` are accepted.
    static func isSafeID(_ id: RunID) -> Bool {
        isSafeID(id.rawValue)
    }

    /// The same check on a text that is not yet an id (a prefix typed by the user).
    static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 100
            && id.utf8.allSatisfy { byte in
                (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 45
            }
    }

    private func lockPath(_ id: RunID) -> String? {
        directory.map { "\($0)/\(id).lock" }
    }

    /// True when this store object holds the run's claim.
    func holds(_ id: RunID) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return held[id] != nil
    }

    /// True when any live process (this one included) holds the run's claim.
    func isHeld(_ id: RunID) -> Bool {
        if holds(id) { return true }
        guard let path = lockPath(id), RunLocks.isSafeID(id) else { return false }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        // A shared probe: two probing readers never make each other fail.
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }

    /// The process id of the live process holding the run's claim, when another one does
    /// (nil when it is free, held by this store, or the holder wrote no id).
    func holder(_ id: RunID) -> Int32? {
        guard !holds(id), isHeld(id), let path = lockPath(id),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Takes the run's claim; succeeds at once when this store already holds it.
    func claim(_ id: RunID) throws {
        mutex.lock()
        defer { mutex.unlock() }
        if held[id] != nil { return }
        guard let directory, let path = lockPath(id) else {
            held[id] = -1
            return
        }
        guard RunLocks.isSafeID(id) else { throw StoreError.unknownRun(id.rawValue) }
        if !FileManager.default.fileExists(atPath: directory) {
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw StoreError.cannotCreateDirectory(path: directory, reason: String(cString: strerror(errno)))
            }
        }
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError.cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
        // A few tries: another process's shared probe may hold the lock for an instant.
        for attempt in 0..<5 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                held[id] = fd
                // Who holds it, for the message another process shows (SPEC §11).
                let pid = "\(getpid())\n"
                if ftruncate(fd, 0) == 0 { _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) } }
                return
            }
            guard errno == EWOULDBLOCK || errno == EINTR else { break }
            if attempt < 4 { usleep(20_000) }
        }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, 32, 0)
        close(fd)
        let text = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        throw StoreError.runInUse(id: id, pid: pid)
    }

    /// Drops the claim (no-op when not held); `removeFile` deletes the lock file first,
    /// for finished runs that can never be claimed again.
    func release(_ id: RunID, removeFile: Bool = false) {
        mutex.lock()
        defer { mutex.unlock() }
        guard let fd = held.removeValue(forKey: id) else { return }
        if removeFile, let path = lockPath(id) { unlink(path) }
        // No holder's pid is left behind for the next claimant's messages.
        if fd >= 0 { _ = ftruncate(fd, 0) }
        if fd >= 0 { close(fd) }
    }
}
