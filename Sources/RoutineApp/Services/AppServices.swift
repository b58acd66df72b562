import Foundation
import RoutineCore
import RoutineStore

/// The application layer's front door: the open store and the clock one command (or one
/// studio request) runs with. Front ends hold this value, never the store: every use case
/// they call is a method of it (`AppServices+Habits`, `+Entries`, …) or a service of
/// RoutineApp it hands itself to, and each reads the instant of a write from `time`, so
/// no front end passes `now` down. The values it returns are RoutineCore's (`Stored/`: what
/// the store reads out, as plain values) and RoutineApp's.
public struct AppServices: Sendable {
    /// Internal on purpose: a front end cannot reach past the application layer.
    let store: AppDatabase
    public let time: TimeContext

    init(store: AppDatabase, time: TimeContext) {
        self.store = store
        self.time = time
    }

    /// The store at `path`, created and migrated when new (`AppDatabase.open`).
    public static func open(path: String, time: TimeContext) throws -> AppServices {
        AppServices(store: try AppDatabase.open(path: path), time: time)
    }

    /// The store at `path` opened read-only (`AppDatabase.openForReading`): for readers
    /// that must never write or wait long, such as shell completion and the language server.
    public static func openForReading(
        path: String, time: TimeContext, busyTimeout: TimeInterval = AppDatabase.busyTimeout
    ) throws -> AppServices {
        AppServices(store: try AppDatabase.openForReading(path: path, busyTimeout: busyTimeout), time: time)
    }

    /// Where the store lives when no flag, variable or configuration names it.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        AppDatabase.defaultPath(environment: environment)
    }

    /// Replaces the store at `storePath` with the backup `source` (`AppDatabase.restore`):
    /// the replaced store stays as `<storePath>.before-restore`. Returns the migrations
    /// the restored file needed.
    @discardableResult
    public static func restore(from source: String, to storePath: String) throws -> Int {
        try AppDatabase.restore(from: source, to: storePath)
    }

    /// Removes a store this process created and then wrote nothing into, with its
    /// companions (`StoreFiles.discardNew`); close it first.
    public static func discardNew(_ storePath: String) { StoreFiles.discardNew(storePath) }

    /// The folder holding `path` ("" for a bare file name), by string slicing that never
    /// traps (`StoreFiles.directory(of:)`).
    public static func directory(of path: String) -> String { StoreFiles.directory(of: path) }

    /// The same open store with another command's clock (a REPL keeps its stores open
    /// across commands; each command brings its own settings).
    public func with(time: TimeContext) -> AppServices { AppServices(store: store, time: time) }

    /// The store's file.
    public var path: String { store.path }

    /// Closes the store (`AppDatabase.close`).
    public func close() { store.close() }

    /// A counter of rows written, to tell whether a command wrote (automatic sync).
    public func rowsWritten() -> Int { store.sync.rowsWritten() }
}
