import Foundation
import RoutineCore
import RoutineStore

/// The one model of the day (SPEC §13): what each routine asks on a day, for `today`,
/// `plan` and the due-aware figures alike. It reads the store and decides through the
/// walker itself (`Walker.outlook()`): a routine's unfinished run of the day is woken as
/// `resume` wakes it (`RunCoordinator.wake`), and a day without one is a run about to
/// start, with the day's history. No command computes any of this on its own.
public struct DayPlanner {
    let store: AppDatabase
    /// The routines compiled once for all the questions one command asks.
    private let cache = CompiledCache()

    init(store: AppDatabase) {
        self.store = store
    }

    /// What one command's questions read once: every stored routine's summary, and the
    /// routines compiled (active ones, and with the archived ones). Fields, not a
    /// dictionary keyed by `Bool`: the first dictionary of a key type costs the process a
    /// scan of every protocol conformance in the binary (docs/PERFORMANCE.md, "short20").
    private final class CompiledCache {
        var summaries: [RoutineSummary]?
        var active: [Compiled]?
        var all: [Compiled]?
    }

    /// Every stored routine's latest version, archived ones too, in `list` order: read
    /// once (the active ones are those not archived, as `routines(includeArchived:)` says).
    private func summaries() throws -> [RoutineSummary] {
        if let known = cache.summaries { return known }
        let summaries = try store.routines.all(includeArchived: true)
        cache.summaries = summaries
        return summaries
    }

    /// One active routine on one day.
    public struct RoutineDay: Sendable {
        public enum State: Sendable, Equatable {
            case notStarted
            /// Paused (or walked by another process) at this prompt; nil when nothing is
            /// left to ask (resuming finishes it).
            case paused(prompt: String?)
            case completed(at: Date)
            case aborted(at: Date)

            public var isFinished: Bool {
                switch self {
                case .completed, .aborted: true
                case .notStarted, .paused: false
                }
            }
        }

        public var slug: String
        public var title: String
        public var state: State
        public var outlook: RoutineOutlook
    }

    /// A stored routine compiled once for many days: its walker, to start afresh on each.
    struct Compiled {
        var slug: String
        var title: String
        var versionID: Int64
        var walker: Walker
        var routine: Routine { walker.routine }
    }

    /// The active (not archived) routines, compiled, in `list` order.
    func compiledRoutines(includeArchived: Bool = false) throws -> [Compiled] {
        if let known = includeArchived ? cache.all : cache.active { return known }
        let specs = try store.habits.habitSpecs()
        let summaries = try self.summaries().filter { includeArchived || !$0.isArchived }
        // Read together: each routine on its own was ten statements (docs/PERFORMANCE.md).
        let stored = try store.routines.all(versionIDs: summaries.map(\.versionID))
        let compiled = zip(summaries, stored).map { summary, stored in
            let prototype = Walker(routine: stored.routine, dayKey: DayKey(ordinal: 0), habitSpecs: specs)
            return Compiled(slug: summary.slug, title: summary.title, versionID: stored.versionID, walker: prototype)
        }
        if includeArchived { cache.all = compiled } else { cache.active = compiled }
        return compiled
    }

    /// Each active routine on `day` (SPEC §13.1): its state, and what it asks — from its
    /// unfinished run of the day when it has one, from its finished run's steps when it
    /// has one, else as a run about to start.
    ///
    /// Steps of the routine recorded on the day without a run here (walked on another
    /// device and pulled by sync, or imported answers) are a run on the day (SPEC §17.5):
    /// it is completed, at the time of its last step — the time a completed run here
    /// gives too, so every device that holds the steps says the same.
    public func routines(on day: DayKey, time: TimeContext) throws -> [RoutineDay] {
        let runs = try store.runs.all(on: day)
        let done = try store.entries.liveHabitKeys(on: day)
        let lastSteps = try store.runs.lastSteps(on: day)
        return try compiledRoutines().map { compiled in
            guard let run = runs.first(where: { $0.slug == compiled.slug }) else {
                let context = try runContext(for: compiled.routine, day: day, time: time)
                let walker = compiled.walker.startingAfresh(on: day, alreadyDone: done, context: context)
                let state: RoutineDay.State =
                    lastSteps.elsewhere[compiled.slug].map { .completed(at: $0) } ?? .notStarted
                return RoutineDay(slug: compiled.slug, title: compiled.title, state: state, outlook: walker.outlook())
            }
            return try self.day(of: run, compiled, lastStep: lastSteps.runs[run.id], time: time)
        }
    }

    /// A routine's day as its run stands (its own version, woken in memory); a completed
    /// run says when its last step was recorded (when it recorded none, its last update).
    private func day(of run: RunInfo, _ compiled: Compiled, lastStep: Date?, time: TimeContext) throws -> RoutineDay {
        let routine = try store.routines.routine(versionID: run.versionID)?.routine ?? compiled.routine
        let (walker, _) = try RunCoordinator.wake(run, routine: routine, store: store, time: time)
        let state: RoutineDay.State =
            switch run.status {
            case .completed: .completed(at: lastStep ?? run.updatedAt)
            case .aborted: .aborted(at: run.updatedAt)
            case .paused, .active: .paused(prompt: walker.prompt?.text)
            }
        return RoutineDay(slug: compiled.slug, title: compiled.title, state: state, outlook: walker.outlook())
    }

    /// Keys of the habits some stored routine names (archived routines too: their
    /// habits are not "by hand", SPEC §13.2).
    public func habitKeysInRoutines() throws -> Set<HabitKey> {
        var keys = Set<HabitKey>()
        let active = try compiledRoutines()
        for compiled in active {
            for name in compiled.routine.reachableHabitNames() { keys.insert(HabitKey(name)) }
        }
        // Archived routines are only read, not compiled (a walker each cost more).
        let compiled = Set(active.map(\.slug))
        let archived = try summaries().filter { !compiled.contains($0.slug) }
        for stored in try store.routines.all(versionIDs: archived.map(\.versionID)) {
            for name in stored.routine.reachableHabitNames() { keys.insert(HabitKey(name)) }
        }
        return keys
    }
}
