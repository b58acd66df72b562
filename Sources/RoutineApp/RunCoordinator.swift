import Foundation
import RoutineCore
import RoutineStore

/// Owns one run end to end: its id, its walker, the walker's saved state, and every
/// write the run makes — so that the rules of a run live here once, and whatever shows
/// the prompts (a terminal, a pipe, a test's script) only reads lines and shows text.
///
/// - Starting: a real run gets its id from the injected generator and is claimed before
///   its first prompt; SPEC §11's one unfinished run per routine and DayKey is applied
///   by `open` (a paused run is resumed, `startNew` aborts it first, a run another live
///   process walks is refused naming that process).
/// - Resuming: the claim is taken first and the saved state read in the claim's own
///   transaction (a process that waited never continues from a state another process has
///   moved on from); a state that disagrees with the entries the run recorded is
///   repaired from them (`Walker.reconcile`), and one that cannot be read at all is
///   rebuilt from them: a run is never a dead end.
/// - Each answer: the walker's effects and its new state are written in one transaction
///   before the next prompt; the transaction first checks that an answered habit got no
///   live entry on the run's day since its prompt showed (another run, a `log`), and
///   then writes nothing and steps over it as already done.
/// - A dry run has an id from the same generator and writes nothing anywhere.
public struct RunCoordinator {
    public private(set) var walker: Walker
    public let runID: RunID
    /// The routine's slug, for prompts and messages.
    public let slug: String
    /// The store, when the run reads one (a dry run of a file reads none).
    let store: AppDatabase?
    public let isDryRun: Bool
    /// Set when `resume` found the saved state out of step with the run's entries (or
    /// unreadable) and repaired it from them.
    public private(set) var wasRepaired = false
    /// The clock, zone and ids (the zone also names the day's figures in the summary).
    let time: TimeContext
    private let timeZoneName: String

    private init(
        walker: Walker, runID: RunID, slug: String, store: AppDatabase?, isDryRun: Bool,
        time: TimeContext, timeZoneName: String
    ) {
        self.walker = walker
        self.runID = runID
        self.slug = slug
        self.store = store
        self.isDryRun = isDryRun
        self.time = time
        self.timeZoneName = timeZoneName
    }

    /// How `open` began.
    public enum Opening: Sendable, Equatable {
        /// A new run.
        case started
        /// The routine's paused run for that day, continued (SPEC §11).
        case resumed(RunInfo)
        /// The routine's paused run for that day was aborted (`startNew`), then a new run started.
        case restarted(abandoned: RunID)
        /// The routine's completed run for that day that left habits for later, open again
        /// to ask only those (SPEC §17.4); `habits` are their names.
        case laterAgain(RunInfo, habits: [String])
    }

    /// Opens the run of `routine` for `dayKey`: resumes the routine's unfinished run of
    /// that day when there is one (or, with `startNew`, aborts it and starts afresh),
    /// else starts a new run of the stored version. A run of that day that another live
    /// process walks throws `StoreError.runInUse` naming the process; an archived
    /// routine throws `StoreError.routineArchived` (SPEC §11: `run` refuses with a hint).
    static func open(
        _ routine: StoredRoutine, dayKey: DayKey, store: AppDatabase, time: TimeContext, timeZoneName: String,
        startNew: Bool = false
    ) throws -> (RunCoordinator, Opening) {
        if try store.routines.isRoutineArchived(slug: routine.routine.slug) {
            throw StoreError.routineArchived(routine.routine.slug)
        }
        var abandoned: RunID?
        if let existing = try store.runs.unfinishedRun(slug: routine.routine.slug, dayKey: dayKey) {
            if let pid = store.runs.runHolder(id: existing.id) {
                throw StoreError.runInUse(id: existing.id, pid: pid)
            }
            if startNew {
                try abort(existing.id, store: store, time: time)
                abandoned = existing.id
            } else {
                let coordinator = try resume(existing.id, store: store, time: time, timeZoneName: timeZoneName)
                return (coordinator, .resumed(existing))
            }
        } else if !startNew, let leaving = try store.runs.runLeavingLater(slug: routine.routine.slug, dayKey: dayKey) {
            if let pid = store.runs.runHolder(id: leaving.id) {
                throw StoreError.runInUse(id: leaving.id, pid: pid)
            }
            let habits = (try? RunState.decode(leaving, routine: routine.routine))?.leftForLater ?? []
            let coordinator = try reopen(leaving.id, store: store, time: time, timeZoneName: timeZoneName)
            return (coordinator, .laterAgain(leaving, habits: habits))
        }
        let walker = Walker(
            routine: routine.routine, dayKey: dayKey, habitSpecs: try store.habits.habitSpecs(),
            alreadyDone: try store.entries.liveHabitKeys(on: dayKey),
            context: try DayPlanner(store: store).runContext(for: routine.routine, day: dayKey, time: time))
        let runID = RunID(rawValue: time.newID())
        try store.runs.startRun(
            versionID: routine.versionID, dayKey: dayKey, timeZone: timeZoneName, state: try RunState.encode(walker),
            now: time.now(), id: runID, steps: RunStepRecord.of(walker.steps))
        let coordinator = RunCoordinator(
            walker: walker, runID: runID, slug: routine.routine.slug, store: store, isDryRun: false, time: time,
            timeZoneName: timeZoneName)
        return (coordinator, abandoned.map { .restarted(abandoned: $0) } ?? .started)
    }

    /// Continues the paused run `id` at its first unanswered prompt (SPEC §4.3).
    static func resume(
        _ id: RunID, store: AppDatabase, time: TimeContext, timeZoneName: String
    ) throws
        -> RunCoordinator
    {
        let run = try store.runs.claimRun(id: id, at: time.now())
        do {
            return try woken(run, for: .resume, store: store, time: time, timeZoneName: timeZoneName)
        } catch {
            store.runs.releaseRun(id: run.id)
            throw error
        }
    }

    /// Opens the completed run `id` again for a pass over the habits it left for later
    /// (SPEC §17.4): claimed and recorded active, its walker woken and asking only those;
    /// the pass's start (habits done meanwhile become already done) is saved at once.
    static func reopen(
        _ id: RunID, store: AppDatabase, time: TimeContext, timeZoneName: String
    ) throws
        -> RunCoordinator
    {
        let run = try store.runs.reopenRun(id: id, at: time.now())
        do {
            return try woken(run, for: .later, store: store, time: time, timeZoneName: timeZoneName)
        } catch {
            // Completed again as it was: nothing of the pass was written.
            try? store.runs.finishRun(runID: id, status: .completed, state: nil, at: time.now())
            throw error
        }
    }

    /// What a claimed run is woken for: continued where it paused, or a pass over what it
    /// left for later.
    private enum Pass {
        case resume, later
    }

    /// The coordinator of a run this process has just claimed: its routine read, its
    /// walker woken (`wake`) and set on `pass`. A resume says when the saved state had to
    /// be repaired and saves the repair; a pass for later saves its start at once.
    private static func woken(
        _ run: RunInfo, for pass: Pass, store: AppDatabase, time: TimeContext, timeZoneName: String
    ) throws -> RunCoordinator {
        guard let stored = try store.routines.routine(versionID: run.versionID) else {
            throw RunError.versionMissing(run: run.id)
        }
        var (walker, repaired) = try wake(run, routine: stored.routine, store: store, time: time)
        switch pass {
        case .resume: walker.resume()
        case .later: walker.reopenForLater()
        }
        var coordinator = RunCoordinator(
            walker: walker, runID: run.id, slug: run.slug, store: store, isDryRun: false, time: time,
            timeZoneName: timeZoneName)
        if pass == .resume { coordinator.wasRepaired = repaired }
        if repaired || pass == .later { _ = try coordinator.persist([]) }
        return coordinator
    }

    /// A walk that writes nothing; `store` (if any) is read for already-done habits.
    static func dryRun(
        routine: Routine, dayKey: DayKey, store: AppDatabase?, time: TimeContext
    ) throws
        -> RunCoordinator
    {
        let walker = Walker(
            routine: routine, dayKey: dayKey, habitSpecs: try store?.habits.habitSpecs() ?? [:],
            alreadyDone: try store?.entries.liveHabitKeys(on: dayKey) ?? [],
            context: try store.map { try DayPlanner(store: $0).runContext(for: routine, day: dayKey, time: time) }
                ?? .empty(dayKey))
        return RunCoordinator(
            walker: walker, runID: RunID(rawValue: time.newID()), slug: routine.slug, store: store, isDryRun: true,
            time: time,
            timeZoneName: "")
    }

    /// A saved run's walker as a resume wakes it, in memory (nothing claimed or written;
    /// `resume` and the day planner both wake runs here): the saved state read back
    /// (repaired from the run's recorded entries when it disagrees with them, rebuilt from
    /// them when it cannot be read), told which habits are now done on the run's day,
    /// given a fresh history snapshot without its own entries, and continued if paused.
    /// Returns whether it had to be repaired.
    static func wake(
        _ run: RunInfo, routine: Routine, store: AppDatabase, time: TimeContext
    ) throws -> (Walker, repaired: Bool) {
        let recorded = try store.runs.recordedTokens(runID: run.id)
        let live = try store.entries.liveHabitKeys(on: run.dayKey)
        var walker: Walker
        var repaired: Bool
        if let saved = try? RunState.decode(run, routine: routine), saved.dayKey == run.dayKey {
            walker = saved
            repaired = walker.reconcile(recorded: recorded)
        } else {
            // Unreadable, or not this run's: rebuilt from what the run recorded.
            walker = Walker(
                routine: routine, dayKey: run.dayKey, habitSpecs: try store.habits.habitSpecs(), alreadyDone: live)
            walker.reconcile(recorded: recorded)
            repaired = true
        }
        guard !run.status.isFinished else { return (walker, repaired) }
        walker.refreshAlreadyDone(live)
        // The history snapshot is never saved with a run: read afresh, without the
        // run's own entries (the walker counts those itself).
        walker.refreshContext(
            try DayPlanner(store: store).runContext(for: routine, day: run.dayKey, excludingRun: run.id, time: time))
        walker.resume()
        return (walker, repaired)
    }

    /// Ends a paused run (`routine abort`) with its state as it stands: what it recorded stays.
    static func abort(_ id: RunID, store: AppDatabase, time: TimeContext) throws {
        let run = try store.runs.claimRun(id: id, at: time.now())
        do {
            var state: Data? = nil
            if let stored = try store.routines.routine(versionID: run.versionID),
                var walker = try? RunState.decode(run, routine: stored.routine)
            {
                walker.abort()
                state = try RunState.encode(walker)
            }
            try store.runs.finishRun(runID: run.id, status: .aborted, state: state, at: time.now())
        } catch {
            store.runs.releaseRun(id: run.id)
            throw error
        }
    }

    /// What to ask now; nil when the run is no longer active. A backfill's prompts say
    /// "on D" where a run of today's says "today".
    public var prompt: Prompt? {
        guard var prompt = walker.prompt else { return nil }
        if walker.dayKey != time.today { prompt.dayPhrase = "on \(walker.dayKey)" }
        return prompt
    }

    public var status: RunStatus { walker.status }

    /// Tells the walker which habits now have live entries on the run's day (other runs
    /// and `log` may have added some since the last prompt); returns the habits then
    /// stepped over, whose new state is saved at once.
    public mutating func refresh() throws -> [Step] {
        guard let store, walker.status == .active else { return [] }
        let stepped = walker.refreshAlreadyDone(try store.entries.liveHabitKeys(on: walker.dayKey))
        if !stepped.isEmpty { _ = try persist([]) }
        return stepped
    }

    /// What one line of input did.
    public enum Update: Sendable, Equatable {
        /// The walker's event; its writes are made.
        case walker(WalkerEvent)
        /// The answer was not written: `habit` got a live entry on the run's day since its
        /// prompt showed. It (and any following done habit) was stepped over as already done.
        case recordedElsewhere(habit: String, steppedOver: [Step])
    }

    /// Handles one line at the current prompt and makes its writes before returning.
    public mutating func handle(_ line: String) throws -> Update {
        let before = walker
        let event = walker.handle(line)
        switch event {
        case .answered, .wentBack:
            if case .alreadyRecorded(let habit) = try persist(event.effects) {
                walker = before
                let stepped = walker.refreshAlreadyDone(try store?.entries.liveHabitKeys(on: walker.dayKey) ?? [])
                _ = try persist([])
                return .recordedElsewhere(habit: habit, steppedOver: stepped)
            }
        default:
            break
        }
        return .walker(event)
    }

    /// Stops at the current prompt (end of input, Ctrl-C, leaving the shell).
    public mutating func pause() {
        walker.pause()
    }

    /// Records how the run stopped (a run still active counts as paused) with its final
    /// state, and drops the claim. A dry run writes nothing.
    public func finish() throws {
        guard !isDryRun, let store else { return }
        try store.runs.finishRun(
            runID: runID, status: walker.status == .active ? .paused : walker.status,
            state: try RunState.encode(walker), steps: RunStepRecord.of(walker.steps), at: time.now())
    }

    /// Writes the effects and the walker's state in one transaction (real runs only).
    private mutating func persist(_ effects: [WalkerEffect]) throws -> StepOutcome {
        guard !isDryRun, let store else { return .written }
        var records: [RunEntryRecord] = []
        var retractions: [Int] = []
        for effect in effects {
            switch effect {
            case .record(let draft):
                records.append(RunEntryRecord(token: draft.token, habit: draft.habit, value: draft.value))
            case .retract(let token): retractions.append(token)
            }
        }
        return try store.runs.applyStep(
            runID: runID, state: try RunState.encode(walker), records: records, retractions: retractions,
            steps: RunStepRecord.of(walker.steps), at: time.now(), timeZone: timeZoneName)
    }
}

/// Why a run cannot be opened or continued (beyond the store's own errors).
public enum RunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The run walks a routine version the store no longer has.
    case versionMissing(run: RunID)

    public var description: String {
        switch self {
        case .versionMissing(let run): "run \(run) walks a routine version the store no longer has"
        }
    }
}
