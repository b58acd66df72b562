import Foundation
import LineEditor
import RoutineApp
import RoutineSync

/// What the commands of one process share: one CLI invocation, or every command of one
/// REPL session. Commands are ArgumentParser values built fresh for each line, so what
/// must outlive a command (the open stores, the terminal) lives here.
///
/// A session is bound for the duration of a command with `Session.$current.withValue`
/// (a task-local value, like swift-dependencies' dependencies): it is a scoped context,
/// not a mutable global, and a test can run commands against a session of its own. Run
/// state never lives here: a run's completions are passed to each read, and how a run
/// ended is returned.
final class Session: @unchecked Sendable {
    /// The session of the command that is running (the process's own when none is bound).
    @TaskLocal static var current = Session()

    let environment: [String: String]
    /// Where commands read answers and questions from the person.
    let terminal: Terminal
    private var stores: [String: AppServices] = [:]
    /// Stores with `sync: {auto: true}`, by path (SPEC §20).
    private var autoSyncWatches: [String: AutoSyncLauncher.Watch] = [:]
    /// Automatic syncs this session started that may still run (the REPL reaps them).
    private var autoSyncs: [pid_t] = []
    /// Stores whose automatic sync a command line starts once its stores are closed, as
    /// its last act: the sync's start-up then competes with nothing the command does.
    private var autoSyncsAtClose: [String] = []
    /// Set by a command that neither starts an automatic sync nor tells of a failed one
    /// (the sync commands; `today --short` and `remind`, which a prompt or a timer runs
    /// where nobody reads standard error). Cleared after each command.
    var autoSyncQuiet = false

    init(environment: [String: String] = ProcessInfo.processInfo.environment, terminal: Terminal? = nil) {
        self.environment = environment
        self.terminal = terminal ?? EditorTerminal.process
    }

    /// Inside the routine shell (the REPL), rather than one command of a shell.
    var isREPL: Bool { terminal.isShell }

    /// The application layer over the store at the settings' path, with the command's
    /// clock: the store is opened once per session and kept open (a run's claim lives as
    /// long as its store).
    func store(_ settings: Settings) throws -> AppServices {
        if let open = stores[settings.storePath] { return open.with(time: settings.time) }
        let store = try AppServices.open(path: settings.storePath, time: settings.time)
        stores[settings.storePath] = store
        if settings.syncAuto {
            autoSyncWatches[settings.storePath] = AutoSyncLauncher.Watch(
                time: settings.time, written: store.rowsWritten())
        }
        return store
    }

    /// After each command (`RoutineCommand.execute`, in the shell and the REPL): for each
    /// store with automatic sync, tells of a failed automatic sync once, and when the
    /// command wrote to the store starts one, detached.
    func commandFinished() {
        defer { autoSyncQuiet = false }
        autoSyncs = AutoSyncLauncher.reap(autoSyncs)
        for path in autoSyncWatches.keys.sorted() {
            guard var watch = autoSyncWatches[path], let store = stores[path] else { continue }
            let written = store.rowsWritten()
            defer {
                watch.written = written
                autoSyncWatches[path] = watch
            }
            guard !autoSyncQuiet else { continue }
            if let failure = AutoSync.takeFailure(storePath: path) {
                printError("routine: " + AutoSyncLauncher.failureLine(failure, time: watch.time))
            }
            for line in AutoSync.takeNews(storePath: path) { printError("routine: sync: " + line) }
            guard written != watch.written else { continue }
            if isREPL {
                if let pid = AutoSyncLauncher.start(storePath: path) { autoSyncs.append(pid) }
            } else {
                autoSyncsAtClose.append(path)
            }
        }
    }

    /// Closes every store this session opened (see `AppServices.close`), then starts the
    /// automatic syncs the command left to start.
    func closeStores() {
        for store in stores.values { store.close() }
        stores = [:]
        autoSyncWatches = [:]
        for path in autoSyncsAtClose { _ = AutoSyncLauncher.start(storePath: path) }
        autoSyncsAtClose = []
    }

    /// The store if its file exists, else nil: read-only commands on a fresh machine
    /// (`list`, `today`) say there is nothing yet instead of creating an empty store.
    func existingStore(_ settings: Settings) throws -> AppServices? {
        if stores[settings.storePath] == nil, !FileManager.default.fileExists(atPath: settings.storePath) {
            return nil
        }
        return try store(settings)
    }
}
