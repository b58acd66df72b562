import Foundation
import GRDB
import RoutineCore

#if canImport(Glibc)
    import Glibc
#endif

/// The routine store: one SQLite database, reached only through intent-named methods.
///
/// Every write is one `IMMEDIATE` transaction with `synchronous = FULL`, so an entry is
/// on disk when the method returns. Several processes may share one store: the database
/// is in WAL mode and waits up to `busyTimeout` for another writer instead of failing.
/// Every error thrown by a method of this type is a `StoreError`.
public final class AppDatabase: Sendable {
    /// How long a write waits for another process's write before giving up with
    /// `StoreError.locked`.
    public static let busyTimeout: TimeInterval = 5

    let writer: DatabaseQueue
    /// The file path, or `:memory:` for an in-memory store (used in messages).
    public let path: String
    /// True when the file was opened read-only: reads work, writes throw `readOnly`.
    public let isReadOnly: Bool
    /// True when the store was opened on a full disk (see `openOnFullDisk`): reads work,
    /// every write throws `diskFull` before it starts.
    public let isOnFullDisk: Bool
    let runLocks: RunLocks
    /// This process's shared hold on the store against `restore`, from before the file
    /// was opened until `close` (nil in memory, or where no lock file can be made).
    private let storeLock: StoreLock?
    /// Habits and pauses, kept while the store is unchanged (`ReadCache`).
    let readCache = ReadCache()

    private init(
        writer: DatabaseQueue, path: String, isReadOnly: Bool, isOnFullDisk: Bool = false, runLocks: RunLocks,
        storeLock: StoreLock? = nil
    ) {
        self.writer = writer
        self.path = path
        self.isReadOnly = isReadOnly
        self.isOnFullDisk = isOnFullDisk
        self.runLocks = runLocks
        self.storeLock = storeLock
    }

    /// Closes the connection: SQLite checkpoints the write-ahead log into the main file
    /// and removes it, so that the store is one self-contained file again (a copy of
    /// `store.sqlite` alone is then a whole backup). Any later call fails; the process
    /// calls this just before it exits (its run claims end with the process).
    public func close() {
        try? writer.close()
        storeLock?.release()
    }

    /// Opens (creating if missing) the store at `path`, upgrading its schema.
    ///
    /// A new file is created with mode 0600, its directory (with 0700) if missing. An
    /// existing file that has no write permission bit is opened read-only (even for
    /// root); one with no read bit is refused. A file that is not a database, or whose
    /// tables cannot be read, is refused and never written to; so is a path that is
    /// not a regular file (a device, a FIFO, a socket, or a link to one).
    public static func open(path: String, busyTimeout: TimeInterval = AppDatabase.busyTimeout) throws -> AppDatabase {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw StoreError.cannotCreateFile(path: path, reason: "it is a directory")
            }
        } else {
            // A new store: nothing is made unless all of it can be.
            if let problem = StoreFiles.lengthProblem(path) {
                throw StoreError.cannotCreateFile(path: StoreFiles.shown(path), reason: problem)
            }
            let made = try StoreFiles.makeDirectories(StoreFiles.directory(of: path))
            do {
                try createFile(path)
            } catch {
                StoreFiles.removeDirectories(made)
                throw error
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw StoreError.unreadable(path: path)
        }
        // A device, FIFO or socket (`--store /dev/null`, or a link to one) would have
        // SQLite create `/dev/null-journal` beside it, or block: refuse before it opens.
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.notAFile(path: path)
        }
        let mode = info.st_mode & 0o777
        if mode & 0o444 == 0 || access(path, R_OK) != 0 {
            throw StoreError.unreadable(path: path)
        }
        let readOnly = mode & 0o222 == 0 || access(path, W_OK) != 0
        // Before SQLite opens the file: a restore in progress finishes first.
        let lock = try StoreLock.shared(path, timeout: busyTimeout)
        do {
            return try open(path: path, readOnly: readOnly, busyTimeout: busyTimeout, lock: lock)
        } catch let error as StoreError {
            // In WAL mode even a read needs the 32 KiB `-shm` index file, which a full
            // disk cannot hold ("disk I/O error" for `entries`): read without it.
            switch error {
            case .diskFull, .database: break  // what SQLite's I/O errors map to
            default: throw error
            }
            guard !readOnly, isNearlyFull(path) else { throw error }
            // Whatever fails now, the one line to say is that the disk is full.
            guard let store = try? openOnFullDisk(path: path, busyTimeout: busyTimeout, lock: lock) else {
                throw StoreError.diskFull(path: path)
            }
            return store
        }
    }

    /// Opens the store of a full disk for reading: in SQLite's exclusive locking mode,
    /// which keeps the WAL index in memory instead of in the `-shm` file (so the WAL is
    /// still read, and nothing recorded is missed), holding the file's lock until the
    /// process ends (other processes wait as for a writer; they could not write anyway).
    /// Writes throw `diskFull` before they start; a store that needs a schema upgrade is
    /// refused the same way. A `-shm` file cut short by the failed first open is removed
    /// (no one else can be using it while the lock is held).
    private static func openOnFullDisk(
        path: String, busyTimeout: TimeInterval, lock: StoreLock?
    ) throws
        -> AppDatabase
    {
        do {
            let config = configuration(readOnly: false, busyTimeout: busyTimeout, exclusive: true)
            let queue = try DatabaseQueue(path: path, configuration: config)
            let applied = try queue.read { db in try checkReadable(db) }
            guard Set(StoreMigrations.all.map(\.0)) == applied else { throw StoreError.diskFull(path: path) }
            var info = stat()
            if stat(path + "-shm", &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 32_768 {
                Glibc.unlink(path + "-shm")
            }
            return AppDatabase(
                writer: queue, path: path, isReadOnly: false, isOnFullDisk: true,
                runLocks: RunLocks(directory: path + ".runs"), storeLock: lock)
        } catch {
            throw StoreErrorMapper.map(error, path: path)
        }
    }

    /// Whether the file system holding `path` has less than 1 MiB left for us.
    private static func isNearlyFull(_ path: String) -> Bool {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20
    }

    /// Where the store lives when no `--store` is given: `$ROUTINE_STORE`, else
    /// `$XDG_DATA_HOME/routine/store.sqlite`, else `~/.local/share/routine/store.sqlite`
    /// (SPEC §5.1). Empty variables count as unset.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["ROUTINE_STORE"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/routine/store.sqlite" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/routine/store.sqlite"
    }

    /// A fresh in-memory store with the full schema (for tests and dry runs).
    public static func inMemory() throws -> AppDatabase {
        do {
            let queue = try DatabaseQueue(configuration: configuration(readOnly: false))
            try StoreMigrations.migrate(queue, path: ":memory:")
            return AppDatabase(writer: queue, path: ":memory:", isReadOnly: false, runLocks: RunLocks(directory: nil))
        } catch {
            throw StoreErrorMapper.map(error, path: ":memory:")
        }
    }

    /// A read-only view of a file that is not (yet) the store: `restore`'s staged copy,
    /// read through the store's own methods before it replaces the store.
    convenience init(checking queue: DatabaseQueue, path: String) {
        self.init(writer: queue, path: path, isReadOnly: true, runLocks: RunLocks(directory: nil))
    }

    /// Opens a store made only up to migration `count` (tests of upgrades).
    static func openMigrated(path: String, upTo count: Int) throws -> AppDatabase {
        if !FileManager.default.fileExists(atPath: path) { try createFile(path) }
        let queue = try DatabaseQueue(path: path, configuration: configuration(readOnly: false))
        try StoreMigrations.migrate(queue, path: path, upTo: count)
        return AppDatabase(writer: queue, path: path, isReadOnly: false, runLocks: RunLocks(directory: path + ".runs"))
    }

    /// Opens an existing store for reading only: never creates, migrates or writes it
    /// (the language server reads habits from it while the user's commands write). It
    /// takes no store lock: a reader must never wait for a restore, and never blocks one.
    /// A missing file, or one that needs an upgrade first, is an error.
    public static func openForReading(
        path: String, busyTimeout: TimeInterval = AppDatabase.busyTimeout
    ) throws
        -> AppDatabase
    {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw StoreError.unreadable(path: path) }
        return try open(path: path, readOnly: true, busyTimeout: busyTimeout, lock: nil)
    }

    private static func open(
        path: String, readOnly: Bool, busyTimeout: TimeInterval, lock: StoreLock?
    ) throws
        -> AppDatabase
    {
        do {
            let queue = try DatabaseQueue(
                path: path, configuration: configuration(readOnly: readOnly, busyTimeout: busyTimeout))
            // Read before any write: a damaged file must fail here, untouched.
            let applied = try queue.read { db in try checkReadable(db) }
            let known = StoreMigrations.all.map(\.0)
            if applied.contains(where: { !known.contains($0) }) {
                let version = try? queue.read { db in try StoreMigrations.release(db) }
                throw StoreError.newerSchema(path: path, version: version ?? nil)
            }
            if !known.allSatisfy(applied.contains) {
                if readOnly { throw StoreError.readOnlyNeedsUpgrade(path: path) }
                // Checked again under the write lock: another process may be migrating
                // this very store now (see `StoreMigrations.migrate`).
                try StoreMigrations.migrate(queue, path: path)
            }
            return AppDatabase(
                writer: queue, path: path, isReadOnly: readOnly, runLocks: RunLocks(directory: path + ".runs"),
                storeLock: lock)
        } catch {
            throw StoreErrorMapper.map(error, path: path)
        }
    }

    /// Touches the schema and the last page of every table, so that a file that is not
    /// a database or was cut short is refused on open (cheap: a few pages per table).
    /// Returns the identifiers of the applied migrations (empty for a new file).
    /// A few statements in all: each statement GRDB prepares costs start-up time, and so
    /// does each table one statement reads — GRDB's authorizer merges every table read
    /// into the statement's region, a cost that grows with the square of the tables in
    /// one statement (one statement of all 28: a tenth of `list`'s instructions). Groups
    /// of `tablesPerStatement` balance the two (docs/PERFORMANCE.md, "Start-up").
    private static func checkReadable(_ db: Database) throws -> Set<String> {
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        for start in stride(from: 0, to: tables.count, by: tablesPerStatement) {
            let group = tables[start..<min(start + tablesPerStatement, tables.count)]
            let lasts = group.map { "(SELECT max(rowid) FROM \($0.quotedDatabaseIdentifier))" }
            _ = try Row.fetchOne(db, sql: "SELECT " + lasts.joined(separator: ", "))
        }
        guard tables.contains("grdb_migrations") else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// How many tables `checkReadable` reads in one statement.
    static let tablesPerStatement = 6

    /// `exclusive`: SQLite's exclusive locking mode with the journal mode left as it is
    /// (see `openOnFullDisk`).
    private static func configuration(
        readOnly: Bool, busyTimeout: TimeInterval = AppDatabase.busyTimeout, exclusive: Bool = false
    )
        -> Configuration
    {
        var config = Configuration()
        config.readonly = readOnly
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            if exclusive {
                // Before the first read of the WAL: only then is its index kept in memory.
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            } else if !db.configuration.readonly {
                // Set here rather than with `journalMode = .wal`, which writes a probe
                // table on open: a damaged file must never be written to. On a new file
                // several processes may switch it at once, and SQLite answers BUSY at
                // once rather than through the busy handler: wait as a write would.
                try whileBusy(upTo: busyTimeout) { try db.execute(sql: "PRAGMA journal_mode = WAL") }
            }
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return config
    }

    /// Runs `body` again every 10 ms while it fails with SQLITE_BUSY, for at most `limit`
    /// (a timeout on the monotonic clock: no recorded instant, so no injected clock).
    private static func whileBusy(upTo limit: TimeInterval, _ body: () throws -> Void) throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(limit))
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && clock.now < deadline {
                usleep(10_000)
            }
        }
    }

    private static func createFile(_ path: String) throws {
        // 0600 at creation (the umask can only remove bits), then exactly 0600: no
        // process-wide umask change, which would race with other threads.
        let fd = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST { return }
            throw StoreError.cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { Glibc.close(fd) }
        if fchmod(fd, 0o600) != 0 {
            throw StoreError.cannotCreateFile(path: path, reason: String(cString: strerror(errno)))
        }
    }

    // MARK: - Access

    /// Runs `body` in one IMMEDIATE write transaction; any error rolls everything back.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        guard !isOnFullDisk else { throw StoreError.diskFull(path: path) }
        do {
            return try writer.write(body)
        } catch {
            throw StoreErrorMapper.map(error, path: path)
        }
    }

    /// `write`, unless `checkingForeignKeys` is false: then SQLite's foreign-key checks
    /// are off while `body` runs. For a bulk load
    /// whose every reference is a row it found or made in the same transaction (a
    /// check per row was a twentieth of a 365,000-row import).
    func write<T>(checkingForeignKeys: Bool, _ body: (Database) throws -> T) throws -> T {
        if checkingForeignKeys { return try write(body) }
        guard !isReadOnly else { throw StoreError.readOnly(path: path) }
        guard !isOnFullDisk else { throw StoreError.diskFull(path: path) }
        do {
            return try writer.writeWithoutTransaction { db in
                // Not within a transaction: SQLite ignores the pragma there.
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch {
            throw StoreErrorMapper.map(error, path: path)
        }
    }

    /// Runs `body` in a read transaction (a consistent snapshot).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try writer.read(body)
        } catch {
            throw StoreErrorMapper.map(error, path: path)
        }
    }

    /// `PRAGMA integrity_check` over the whole file: true when SQLite finds nothing wrong.
    public func integrityCheck() -> Bool {
        (try? read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"] }) ?? false
    }

    /// The identifiers of the schema migrations applied to this store, oldest first.
    public func appliedMigrations() throws -> [String] {
        try read { db in try StoreMigrations.applied(db) }
    }
}
