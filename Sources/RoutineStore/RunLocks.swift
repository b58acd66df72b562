import Foundation
import RoutineCore

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
    /// A claim this store holds: a lock file's exclusive hold, or an in-memory store's mark.
    private enum Claim {
        case file(FileLock)
        case inMemory
    }

    /// Where lock files live, or nil for an in-memory store.
    private let directory: String?
    private var held: [RunID: Claim] = [:]
    private let mutex = NSLock()

    init(directory: String?) {
        self.directory = directory
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

    /// The run's lock file as another process left it, when there is one to look at.
    private func existingLock(_ id: RunID) -> FileLock? {
        guard let path = lockPath(id), RunLocks.isSafeID(id) else { return nil }
        return try? FileLock.open(path, create: false)
    }

    /// True when any live process (this one included) holds the run's claim.
    func isHeld(_ id: RunID) -> Bool {
        if holds(id) { return true }
        guard let lock = existingLock(id) else { return false }
        // A shared probe: two probing readers never make each other fail. A probe that
        // cannot be made at all says nothing about a holder.
        guard let free = try? lock.take(.shared, wait: .once) else { return false }
        if free { lock.release() }
        return !free
    }

    /// The process id of the live process holding the run's claim, when another one does
    /// (nil when it is free, held by this store, or the holder wrote no id).
    func holder(_ id: RunID) -> Int32? {
        guard !holds(id), isHeld(id) else { return nil }
        return existingLock(id)?.holder()
    }

    /// Takes the run's claim; succeeds at once when this store already holds it.
    func claim(_ id: RunID) throws {
        mutex.lock()
        defer { mutex.unlock() }
        if held[id] != nil { return }
        guard let directory, let path = lockPath(id) else {
            held[id] = .inMemory
            return
        }
        guard RunLocks.isSafeID(id) else { throw StoreError.unknownRun(id.rawValue) }
        if !FileManager.default.fileExists(atPath: directory) {
            if mkdir(directory, 0o700) != 0 && errno != EEXIST {
                throw StoreError.cannotCreateDirectory(path: directory, reason: String(cString: strerror(errno)))
            }
        }
        let lock = try FileLock.open(path)
        // A short wait: another process's shared probe may hold the lock for an instant.
        guard try lock.take(.exclusive, wait: .upTo(.milliseconds(100))) else {
            throw StoreError.runInUse(id: id, pid: lock.holder())
        }
        held[id] = .file(lock)
    }

    /// Drops the claim (no-op when not held); `removeFile` deletes the lock file first,
    /// for finished runs that can never be claimed again.
    func release(_ id: RunID, removeFile: Bool = false) {
        mutex.lock()
        defer { mutex.unlock() }
        guard case .file(let lock) = held.removeValue(forKey: id) else { return }
        if removeFile { unlink(lock.path) }
        // No holder's pid is left behind for the next claimant's messages.
        lock.release()
    }
}
