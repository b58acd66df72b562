import Foundation
import RoutineApp
import RoutineCore
import RoutineFile

/// Finds the routine a command names: a stored routine by its slug, or a routine file
/// by its path. A slug is `[a-z0-9][a-z0-9-]*`; any other argument is a path.
enum RoutineSource {
    struct Loaded {
        var routine: Routine
        /// Set when the routine came from the store.
        var stored: StoredRoutine?
        /// The file's text, when it came from a file.
        var source: String?
        var path: String?
        /// Where the file declares each habit (for a conflict with the store).
        var declarations: [HabitKey: SourceLocation] = [:]
    }

    /// Loads `argument`: a file is read and validated (errors are printed as
    /// diagnostics and stop the command); a slug is read from the store.
    static func load(_ argument: String, settings: Settings, allowStore: Bool) throws -> Loaded {
        if Slug.isValid(argument), allowStore {
            return try stored(argument, settings: settings)
        }
        return try file(argument)
    }

    /// A file, validated; warnings go to standard error, errors stop the command. With
    /// a store, its habits count as known in conditions (and typos of them are named).
    static func file(_ path: String, store: AppServices? = nil) throws -> Loaded {
        let stored = ((try? store?.habits(includeArchived: true)) ?? []).map(\.name)
        let result = RoutineFileReader.read(path: path, storedHabits: stored)
        for diagnostic in result.diagnostics {
            Output.note(diagnostic.formatted(path: path))
        }
        guard let routine = result.routine, !result.hasErrors else {
            let count = result.errorCount
            throw CLIError("\(path) has \(count) error\(count == 1 ? "" : "s"); nothing was done")
        }
        let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? RoutineExporter.yaml(routine)
        return Loaded(
            routine: routine, stored: nil, source: source, path: path, declarations: result.declarations)
    }

    /// A stored routine's latest version.
    static func stored(_ slug: String, settings: Settings) throws -> Loaded {
        guard let store = try Session.current.existingStore(settings) else {
            throw CLIError(
                "no routine named '\(slug)': the store \(settings.storePath) is empty (import one with 'routine import routines/')"
            )
        }
        guard let stored = try store.routine(slug: slug) else {
            throw unknownRoutine(slug, store: store)
        }
        return Loaded(routine: stored.routine, stored: stored, source: stored.source, path: nil)
    }

    static func unknownRoutine(_ slug: String, store: AppServices) -> CLIError {
        let names = ((try? store.routines(includeArchived: true)) ?? []).map(\.slug)
        let hint = Suggestion.hint(Suggestion.closest(to: slug, among: names))
        let known = names.isEmpty ? " (the store has none yet)" : ""
        return CLIError("no routine named '\(slug)'\(known)\(hint)")
    }

    /// Imports one validated file: all or nothing. Every habit whose declared measure
    /// conflicts with the store is reported first, as a `measure-conflict` diagnostic
    /// of the file (all of them, not only the first), and nothing is written.
    ///
    /// A file whose text is an older version's (not the latest's) is refused unless
    /// `force`: importing it would silently undo the newer versions.
    static func importFile(
        _ loaded: Loaded, into store: AppServices, force: Bool = false
    ) throws
        -> ImportResult
    {
        if !force, let source = loaded.source,
            let stale = try store.staleVersion(slug: loaded.routine.slug, source: source)
        {
            let path = loaded.path ?? loaded.routine.slug
            let slug = loaded.routine.slug
            throw CLIError(
                "\(path) is version \(stale.version) of '\(slug)', not the latest (version \(stale.latest)); "
                    + "nothing was imported: 'routine export \(slug) > \(path)' refreshes the file, "
                    + "'routine import --force \(path)' makes it the newest")
        }
        let conflicts = try store.measureConflicts(in: loaded.routine)
        if !conflicts.isEmpty {
            let path = loaded.path ?? loaded.routine.slug
            for conflict in conflicts {
                let at = loaded.declarations[HabitKey(conflict.habit)]
                Output.note(Diagnostic(.measureConflict, conflict.message, at: at).formatted(path: path))
            }
            let count = conflicts.count
            throw CLIError(
                "\(path) conflicts with the store (\(count) measure conflict\(count == 1 ? "" : "s")); nothing was imported"
            )
        }
        return try store.importRoutine(loaded.routine, source: loaded.source ?? "")
    }

    /// `archive`/`unarchive NAME`: an unknown name gets the closest ones.
    static func setArchived(_ name: String, _ archived: Bool, global: GlobalOptions) throws {
        let settings = try Settings(options: global)
        let store = try Session.current.store(settings)
        do {
            try store.archiveRoutine(slug: name, archived: archived)
        } catch StoreError.unknownRoutine {
            throw RoutineSource.unknownRoutine(name, store: store)
        }
    }
}
