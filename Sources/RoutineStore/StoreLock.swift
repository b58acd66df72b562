import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The lock that keeps `restore` and every other use of a store apart (issue 19 item 3).
///
/// SQLite's own locks cover one transaction, not the life of a connection: a process
/// that opened the store just before `restore` renamed a new file into its place kept
/// writing into the old file (the inode it had open) while sharing the `-wal` and
/// `-shm` names with the new one, and its entries ended up in neither. So each process
/// holds a shared `flock` on `<store>.lock` for as long as it has the store open, taken
/// before it opens the file; `restore` takes it exclusively for its whole length. A
/// process that starts during a restore waits for it (up to the store's busy timeout)
/// and then opens the new file; a restore while another process has the store open is
/// refused. The lock is released when the process ends, however it ends.
///
/// The lock file is never removed or replaced (a new inode would be a second lock): it
/// is part of the store's files (`StoreFiles`).
final class StoreLock: Sendable {
    private let fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        Glibc.close(fd)
    }

    /// The lock file of the store at `store`.
    static func path(of store: String) -> String { store + StoreFiles.lockSuffix }

    /// A shared hold, waiting up to `timeout` while a restore holds it exclusively.
    /// Nil when the lock file cannot be made or opened (a read-only folder: nothing can
    /// be restored there either).
    static func shared(_ store: String, timeout: TimeInterval) throws -> StoreLock? {
        guard let fd = openFile(store) else { return nil }
        let lock = StoreLock(fd: fd)
        guard try lock.take(LOCK_SH, timeout: timeout) else { throw StoreError.locked(path: store) }
        return lock
    }

    /// The exclusive hold of `restore`, waiting up to `timeout` for commands that are
    /// about to end; nil when another process still has the store open then.
    static func exclusive(_ store: String, timeout: TimeInterval) throws -> StoreLock? {
        guard let fd = openFile(store) else {
            throw StoreError.cannotCreateFile(path: path(of: store), reason: String(cString: strerror(errno)))
        }
        let lock = StoreLock(fd: fd)
        return try lock.take(LOCK_EX, timeout: timeout) ? lock : nil
    }

    /// Gives the hold up before the process ends (the store was closed).
    func release() {
        flock(fd, LOCK_UN)
    }

    private static func openFile(_ store: String) -> Int32? {
        let file = path(of: store)
        var fd = Glibc.open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 { fd = Glibc.open(file, O_RDONLY | O_CLOEXEC) }
        return fd < 0 ? nil : fd
    }

    /// Tries every 10 ms until `timeout` (the monotonic clock).
    private func take(_ operation: Int32, timeout: TimeInterval) throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(timeout))
        while true {
            if flock(fd, operation | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return true }  // no locking here: go on without
            guard clock.now < deadline else { return false }
            usleep(10_000)
        }
    }
}
