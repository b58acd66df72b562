import DurableFile
import Foundation
import GRDB
import RoutineCore

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-store backup and restore (SPEC §11).
///
/// `backup` copies one consistent snapshot with SQLite's `VACUUM INTO` (a read
/// transaction: other processes go on writing) into a temporary file beside the target,
/// then renames it into place. `restore` verifies the file (a SQLite database, integrity
/// ok, a routine store, a schema no newer than ours), makes a migrated copy beside the
/// store, and replaces the store with one `rename`, keeping the old one as
/// `<store>.before-restore`. A process killed at any moment leaves the old store or the
/// new one, never a mix.
extension AppDatabase {
    /// Writes a consistent copy of the whole store to `destination` (mode 0600, from the
    /// first byte: the temporary copy holds everything the store does).
    ///
    /// Refused: a destination that is part of this store (`StoreFiles.isPart`), one in
    /// a folder that does not exist (named in the message), and an existing file unless
    /// `replacing` (then it is replaced only once the copy is complete).
    public func backup(to destination: String, replacing: Bool = false) throws {
        if StoreFiles.isPart(destination, of: path) {
            throw StoreError.backupFailed(
                path: destination,
                reason: "it is part of the store itself (\(Self.partsInWords)); choose another file")
        }
        let folder = StoreFiles.directory(of: destination)
        var isFolder: ObjCBool = false
        if !folder.isEmpty,
            !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue
        {
            throw StoreError.backupFailed(path: destination, reason: "the folder \(folder) does not exist")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StoreError.backupFailed(path: destination, reason: "it is a folder; name a file in it")
        }
        if !replacing, FileManager.default.fileExists(atPath: destination) {
            throw StoreError.backupFailed(path: destination, reason: "the file exists; add --force to replace it")
        }
        let temporary = destination + ".partial-\(Glibc.getpid())"
        Glibc.unlink(temporary)
        do {
            // Empty and 0600 before SQLite writes a byte: `VACUUM INTO` accepts an empty
            // file, keeps its mode, and gives its journal the same mode; synced through
            // the descriptor `replace` holds, then renamed into place.
            try DurableFile.replace(destination, through: temporary, mode: 0o600) { _ in
                try writer.writeWithoutTransaction { db in
                    try db.execute(sql: "VACUUM INTO ?", arguments: [temporary])
                }
            }
        } catch {
            Glibc.unlink(temporary)
            throw StoreError.backupFailed(path: destination, reason: Self.reason(error))
        }
    }

    /// How messages name the files a store is made of.
    static let partsInWords =
        "a store's " + StoreFiles.companionSuffixes.joined(separator: ", ") + " files are the store too"

    /// Replaces the store at `storePath` with the store in `source`, after checking it.
    ///
    /// Refused, with the store unchanged: a file that is missing, not a database,
    /// damaged, not a routine store, or from a newer version; a store that another
    /// process has open. The replaced store stays as `<storePath>.before-restore`.
    /// Returns the number of migrations the restored file needed (0 when current).
    @discardableResult
    public static func restore(from source: String, to storePath: String) throws -> Int {
        let staging = storePath + ".restoring"
        let directory = StoreFiles.directory(of: storePath)
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            // As `open` does for a new store: the folder is private.
            try? FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        // Held until the new file is in place: no other process has the old file open,
        // and none opens either until then (see `StoreLock`).
        let lock: StoreLock?
        do {
            lock = try StoreLock.exclusive(storePath, timeout: 1)
        } catch {
            throw StoreError.restoreRefused(path: source, reason: reason(error))
        }
        guard let lock else {
            throw StoreError.restoreRefused(
                path: source, reason: "another routine process has the store open; close it and try again")
        }
        defer { withExtendedLifetime(lock) {} }
        Glibc.unlink(staging)
        let upgrades: Int
        do {
            if StoreFiles.isPart(source, of: storePath) {
                throw Refusal("it is part of the store itself (\(partsInWords)); nothing to restore")
            }
            try verifyBackup(source)
            try createPrivate(staging)
            try copySnapshot(of: source, to: staging)
            upgrades = try migrate(staging)
            try checkRows(staging)
            try seal(staging)
        } catch {
            Glibc.unlink(staging)
            throw StoreError.restoreRefused(path: source, reason: reason(error))
        }
        do {
            try replace(storePath, with: staging)
        } catch {
            Glibc.unlink(staging)
            throw StoreError.restoreRefused(path: source, reason: reason(error))
        }
        return upgrades
    }

    // MARK: - Steps

    /// A database SQLite reads whole (`integrity_check` ok) whose migrations we know.
    private static func verifyBackup(_ source: String) throws {
        guard FileManager.default.fileExists(atPath: source) else { throw Refusal("no such file") }
        guard Glibc.access(source, R_OK) == 0 else { throw Refusal("it cannot be read") }
        var config = Configuration()
        config.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: source, configuration: config)
        } catch {
            throw Refusal("it is not a SQLite database, or it is damaged")
        }
        defer { try? queue.close() }
        do {
            try queue.read { db in
                guard try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"] else {
                    throw Refusal("it is damaged (SQLite's integrity check fails)")
                }
                guard try db.tableExists("grdb_migrations"), try db.tableExists("habit_entry") else {
                    throw Refusal("it is not a routine store")
                }
                let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
                let known = StoreMigrations.all.map(\.0)
                if let unknown = applied.first(where: { !known.contains($0) }) {
                    if let version = try StoreMigrations.release(db), version != RoutineVersion.current {
                        throw Refusal(
                            "it was made by routine \(version) (this is \(RoutineVersion.current)); upgrade routine first"
                        )
                    }
                    throw Refusal(
                        "it was made by a newer version of routine (schema '\(unknown)'); upgrade routine first")
                }
                if let difference = try StoreRestoreCheck.checkSchema(db, applied: applied) {
                    throw Refusal("it is not a store as routine makes them: \(difference)")
                }
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
        {
            throw Refusal("it is not a SQLite database, or it is damaged")
        } catch let error as DatabaseError {
            throw Refusal("it cannot be read as a store (\(error.message ?? "\(error.resultCode)"))")
        }
    }

    /// A self-contained copy of `source` (its write-ahead log included) at `target`.
    private static func copySnapshot(of source: String, to target: String) throws {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: source, configuration: config)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [target])
        }
    }

    /// Brings the staged copy to our schema; returns how many migrations that took.
    private static func migrate(_ path: String) throws -> Int {
        var config = Configuration()
        config.foreignKeysEnabled = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        let done = try StoreMigrations.migrate(queue, path: path)
        let ok = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"] }
        guard ok else { throw Refusal("its upgraded copy fails SQLite's integrity check") }
        return done.count
    }

    /// The staged copy's rows, read as the store reads them and bounded as `log` bounds
    /// them (see `StoreRestoreCheck`).
    private static func checkRows(_ path: String) throws {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        if let problem = try queue.read({ try StoreRestoreCheck.checkValues($0) }) {
            throw Refusal("its \(problem)")
        }
        do {
            try readEverything(at: path)
        } catch let error as StoreError {
            throw Refusal("a record cannot be read: \(error.message)")
        }
    }

    /// Swaps `staging` in for the store: the store is switched out of WAL mode first
    /// (SQLite refuses while any other process has it open, and it folds the log into
    /// the file), held under an exclusive lock, linked to `.before-restore`, then
    /// replaced by one `rename`.
    private static func replace(_ storePath: String, with staging: String) throws {
        guard FileManager.default.fileExists(atPath: storePath) else {
            guard Glibc.rename(staging, storePath) == 0 else { throw POSIXFailure(errno) }
            DurableFile.syncFolder(of: storePath)
            return
        }
        var config = Configuration()
        config.busyMode = .timeout(1)
        let queue = try DatabaseQueue(path: storePath, configuration: config)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            guard mode?.lowercased() == "delete" else {
                throw Refusal("another routine process has the store open; close it and try again")
            }
            try db.execute(sql: "BEGIN EXCLUSIVE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let kept = storePath + ".before-restore"
            let keeping = kept + ".partial"
            Glibc.unlink(keeping)
            if Glibc.link(storePath, keeping) != 0 {
                try FileManager.default.copyItem(atPath: storePath, toPath: keeping)
            }
            guard Glibc.rename(keeping, kept) == 0 else { throw POSIXFailure(errno) }
            guard Glibc.rename(staging, storePath) == 0 else { throw POSIXFailure(errno) }
            DurableFile.syncFolder(of: storePath)
        }
    }

    // MARK: - Files

    /// Mode 0600 and on disk before it is renamed into place.
    private static func seal(_ path: String) throws {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw POSIXFailure(errno) }
        defer { Glibc.close(fd) }
        guard Glibc.fchmod(fd, 0o600) == 0, Glibc.fsync(fd) == 0 else { throw POSIXFailure(errno) }
    }

    /// A new empty file with mode 0600 (exactly: the umask can only remove bits).
    private static func createPrivate(_ path: String) throws {
        let fd = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXFailure(errno) }
        defer { Glibc.close(fd) }
        guard Glibc.fchmod(fd, 0o600) == 0 else { throw POSIXFailure(errno) }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case let error as Refusal: error.reason
        case let error as POSIXFailure: String(cString: strerror(error.code))
        case let error as DurableFile.Failure: error.reason
        case let error as DatabaseError:
            if error.resultCode == .SQLITE_CANTOPEN {
                "the file cannot be created there"
            } else if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                "another routine process has the store open; close it and try again"
            } else {
                error.message ?? "\(error.resultCode)"
            }
        case let error as StoreError: error.message
        default: error.localizedDescription
        }
    }
}

/// Why a backup file is refused, in words for the one error line.
private struct Refusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

private struct POSIXFailure: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
