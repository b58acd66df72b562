import Foundation
import RoutineCore

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
/// refused. The lock is released when the process ends, however it ends; how it is taken
/// is `FileLock`'s one policy.
///
/// The lock file is never removed or replaced (a new inode would be a second lock): it
/// is part of the store's files (`StoreFiles`).
final class StoreLock: Sendable {
    private let file: FileLock

    private init(file: FileLock) {
        self.file = file
    }

    /// The lock file of the store at `store`.
    static func path(of store: String) -> String { store + StoreFiles.lockSuffix }

    /// A shared hold, waiting up to `timeout` while a restore holds it exclusively (then
    /// `beingRestored`, naming the restoring process). Nil when the lock file can be
    /// neither made nor opened (a read-only folder without one: nothing can be restored
    /// there either).
    static func shared(_ store: String, timeout: TimeInterval) throws -> StoreLock? {
        guard let file = try? FileLock.open(path(of: store)) else { return nil }
        guard try file.take(.shared, wait: .upTo(.seconds(timeout))) else {
            throw StoreError.beingRestored(path: store, pid: file.holder())
        }
        return StoreLock(file: file)
    }

    /// The exclusive hold of `restore`, waiting up to `timeout` for commands that are
    /// about to end; nil when another process still has the store open then.
    static func exclusive(_ store: String, timeout: TimeInterval) throws -> StoreLock? {
        let file = try FileLock.open(path(of: store))
        return try file.take(.exclusive, wait: .upTo(.seconds(timeout))) ? StoreLock(file: file) : nil
    }

    /// Gives the hold up before the process ends (the store was closed).
    func release() {
        file.release()
    }
}
