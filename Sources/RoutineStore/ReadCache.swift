import Foundation
import GRDB
import RoutineCore

/// Reads that the questions of one command ask again and again, kept while the store is
/// unchanged: `today --short` read every habit nine times (the ledger, the figures, the
/// walker's specs, each routine's day context) and every pause seven, each a statement
/// compiled and its rows decoded again (docs/PERFORMANCE.md, "short20").
///
/// A value is kept with the store's stamp at the read that made it, and given again only
/// to a read whose stamp is the same: `PRAGMA data_version` (which moves when another
/// connection, in this process or another, commits) and this connection's count of rows
/// changed (which moves with every write here, committed or rolled back). Either moving
/// drops everything kept. The stamp is read inside the same read transaction as the
/// value, so a value is never given to a read of another snapshot.
final class ReadCache: @unchecked Sendable {
    /// What the store was when a value was read.
    struct Stamp: Equatable {
        var dataVersion: Int64
        var changes: Int

        /// The stamp of the snapshot `db`'s read transaction sees.
        init(_ db: Database) throws {
            // Not GRDB's statement cache: its first use costs more than this pragma's
            // compilation each time (docs/PERFORMANCE.md, "Start-up", tried and not kept).
            dataVersion = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            changes = db.totalChangesCount
        }
    }

    private let lock = NSLock()
    private var stamp: Stamp?
    private var habits: (all: [HabitInfo]?, active: [HabitInfo]?)
    private var pauses: [PauseInfo]?
    private var liveKeys: (day: DayKey, keys: Set<HabitKey>)?

    /// Every habit (`includeArchived`) or the active ones, read by `fetch` unless kept.
    func habits(
        _ db: Database, includeArchived: Bool, fetch: () throws -> [HabitInfo]
    ) throws
        -> [HabitInfo]
    {
        let now = try Stamp(db)
        if let kept = lock.withLock({ align(now) ? (includeArchived ? habits.all : habits.active) : nil }) {
            return kept
        }
        let value = try fetch()
        lock.withLock {
            guard stamp == now else { return }
            if includeArchived { habits.all = value } else { habits.active = value }
        }
        return value
    }

    /// Every pause, read by `fetch` unless kept.
    func pauses(_ db: Database, fetch: () throws -> [PauseInfo]) throws -> [PauseInfo] {
        let now = try Stamp(db)
        if let kept = lock.withLock({ align(now) ? pauses : nil }) { return kept }
        let value = try fetch()
        lock.withLock {
            if stamp == now { pauses = value }
        }
        return value
    }

    /// The habits done on `day` (`liveHabitKeys`, which a run asks again before each
    /// prompt), read by `fetch` unless kept for that day.
    func liveHabitKeys(_ db: Database, on day: DayKey, fetch: () throws -> Set<HabitKey>) throws -> Set<HabitKey> {
        let now = try Stamp(db)
        if let kept = lock.withLock({ align(now) ? liveKeys : nil }), kept.day == day { return kept.keys }
        let value = try fetch()
        lock.withLock {
            if stamp == now { liveKeys = (day, value) }
        }
        return value
    }

    /// Whether what is kept was read at `now`; when not, it is dropped and `now` becomes
    /// the stamp of what is kept next. Called with the lock held.
    private func align(_ now: Stamp) -> Bool {
        if stamp == now { return true }
        stamp = now
        habits = (nil, nil)
        pauses = nil
        liveKeys = nil
        return false
    }
}
