import Foundation
import LineEditor
import RoutineStore

/// State shared by the commands of one process: one CLI invocation, or every command
/// of one REPL session. Commands are ArgumentParser values built fresh for each line,
/// so what must outlive a command (the open store, the REPL's line editor) lives here.
final class Session: @unchecked Sendable {
    /// The process's session. Commands run one at a time on the main thread.
    nonisolated(unsafe) static var shared = Session()

    let environment: [String: String]
    /// The REPL's editor, reused for a run's prompts inside the REPL; nil in the CLI.
    var lineEditor: LineEditor?
    /// What Tab completes inside a run: the current prompt's answers and run commands.
    var runCompletions: [String]?
    /// Set when input ended inside a run (Ctrl-D): the REPL leaves after the run pauses.
    var endOfInput = false
    private var stores: [String: AppDatabase] = [:]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    var isREPL: Bool { lineEditor != nil }

    /// The store at the settings' path, opened once per process and kept open (a run's
    /// claim lives as long as its store).
    func store(_ settings: Settings) throws -> AppDatabase {
        if let open = stores[settings.storePath] { return open }
        let store = try AppDatabase.open(path: settings.storePath)
        stores[settings.storePath] = store
        return store
    }

    /// Closes every store this process opened (see `AppDatabase.close`).
    func closeStores() {
        for store in stores.values { store.close() }
        stores = [:]
    }

    /// The store if its file exists, else nil: read-only commands on a fresh machine
    /// (`list`, `today`) say there is nothing yet instead of creating an empty store.
    func existingStore(_ settings: Settings) throws -> AppDatabase? {
        if stores[settings.storePath] == nil, !FileManager.default.fileExists(atPath: settings.storePath) {
            return nil
        }
        return try store(settings)
    }
}
