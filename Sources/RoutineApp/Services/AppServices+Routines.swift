import Foundation
import RoutineCore
import RoutineStore

/// Routines as stored: imported, listed, archived; and the store's backup.
extension AppServices {
    /// The latest version of a routine, or nil when the slug is not stored.
    public func routine(slug: String) throws -> StoredRoutine? {
        try store.routines.routine(slug: slug)
    }

    /// One version by id (runs keep pointing at the version they walked), or nil.
    public func routine(versionID: Int64) throws -> StoredRoutine? {
        try store.routines.routine(versionID: versionID)
    }

    /// Every stored routine's latest version, by slug.
    public func routines(includeArchived: Bool = false) throws -> [RoutineSummary] {
        try store.routines.all(includeArchived: includeArchived)
    }

    /// Stores a validated routine.
    public func importRoutine(_ routine: Routine, source: String) throws -> ImportResult {
        try store.routines.importRoutine(routine, source: source, at: time.now())
    }

    /// Archives (or, with `archived: false`, brings back) a routine.
    public func archiveRoutine(slug: String, archived: Bool = true) throws {
        try store.routines.archiveRoutine(slug: slug, archived: archived, at: time.now())
    }

    /// When `source` is the text of an older version of `slug` and not of the latest.
    public func staleVersion(slug: String, source: String) throws -> (version: Int, latest: Int)? {
        try store.routines.staleVersion(slug: slug, source: source)
    }

    /// The declared habits of `routine` whose measure conflicts with the store, without writing anything.
    public func measureConflicts(in routine: Routine) throws -> [MeasureConflict] {
        try store.routines.measureConflicts(in: routine)
    }

    /// Writes a consistent copy of the whole store to `destination` (mode 0600, from the first byte: the temporary
    /// copy holds everything the store does).
    public func backup(to destination: String, replacing: Bool = false) throws {
        try store.backup(to: destination, replacing: replacing)
    }

}
