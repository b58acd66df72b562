/// Everything that can go wrong in the store, each with one clear human line.
///
/// The CLI prints `message` on standard error and exits 1; nothing here is fatal to the
/// process, and no case is raised after partial writes (every write is one transaction).
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    // The file and its database.
    case cannotCreateDirectory(path: String, reason: String)
    case cannotCreateFile(path: String, reason: String)
    case unreadable(path: String)
    case notAFile(path: String)
    case notADatabase(path: String)
    case corrupt(path: String, detail: String)
    case readOnly(path: String)
    case locked(path: String)
    /// A restore (process `pid`, when known) held the store longer than the busy timeout.
    case beingRestored(path: String, pid: Int32?)
    /// A lock file beside the store (`FileLock`) could not be locked for a reason other
    /// than another process holding it.
    case cannotLock(path: String, reason: String)
    case diskFull(path: String)
    /// `version`: the version of routine that last migrated the store, when recorded.
    case newerSchema(path: String, version: String?)
    case database(path: String, detail: String)
    case readOnlyNeedsUpgrade(path: String)

    // Habits, measures and entries.
    case measureConflict(habit: String, existing: Measure?, new: Measure?)
    case unknownHabit(String)
    case invalidHabitName(String)
    case valueForBinaryHabit(habit: String)
    case valueRequired(habit: String)
    case invalidValue(habit: String, value: Double)
    /// A day target the habit cannot take (`DayTargetRule.problem`).
    case invalidDayTarget(habit: String, problem: String)
    /// A frequency out of range (SPEC §18.1: 1 ≤ N ≤ P ≤ 366).
    case invalidFrequency(habit: String, times: Int, period: Int)
    case unitMismatch(habit: String, expected: String?, given: String)
    case unknownEntry(EntryID)
    case entryAlreadyDeleted(EntryID)
    case entryDeleted(EntryID)
    case entryNotDeleted(EntryID)
    case controlCharacter(what: String, scalar: String)
    case habitExists(String)
    case habitMeasuresDisagree(from: String, into: String, fromMeasure: Measure?, intoMeasure: Measure?)
    case habitHasEntries(String, count: Int)
    case sameHabit(String)
    case habitInRoutines(String, routines: [String])

    // Routines and runs.
    case unknownRoutine(String)
    case unknownRoutineVersion(Int64)
    case unknownRun(String)
    case runInUse(id: RunID, pid: Int32?)
    /// A run step found its habit already recorded on the run's day (rolled back; see
    /// `AppDatabase.Runs.applyStep`, which turns it into `StepOutcome.alreadyRecorded`).
    case alreadyRecorded(habit: String)
    /// A run id prefix that several runs start with.
    case ambiguousRun(prefix: String, matches: [RunID])
    case runFinished(id: RunID, status: RunStatus)
    case runNotClaimed(RunID)
    case unknownRunToken(run: RunID, token: Int)
    case duplicateRunToken(run: RunID, token: Int)
    case invalidRunStatus(String)
    case routineArchived(String)

    // Backup and restore.
    case backupFailed(path: String, reason: String)
    case restoreRefused(path: String, reason: String)

    // Entry import: the first row a rule refuses, its 1-based line and the column of
    // its source (`EntryRowSource`).
    case invalidEntryRow(line: Int, column: Int, message: String)
    /// A row names a habit the store does not have, and the import may not create one.
    case unknownHabitInRow(line: Int, column: Int, name: String)

    // Goals.
    case unknownGoal(GoalID)
    case invalidGoal(String)
    /// A habit that the goal's rules (`GoalSpec.linkError`) do not let it link.
    case goalLink(goal: String, GoalError)
    case notLinked(goal: String, habit: String)

    // Pauses.
    case unknownPause(Int64)
    case invalidPause(String)

    /// One line, saying what and where.
    public var message: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the store's directory \(path): \(reason)"
        case .cannotCreateFile(let path, let reason):
            "cannot create the store \(path): \(reason)"
        case .notAFile(let path):
            "the store \(path) is not a regular file (a device, FIFO or socket); nothing was read or written"
        case .unreadable(let path):
            "cannot read the store \(path): permission denied"
        case .notADatabase(let path):
            "\(path) is not a routine store (file is not a database); it was left untouched"
        case .corrupt(let path, let detail):
            "the store \(path) is damaged (\(detail)); it was left untouched"
        case .readOnly(let path):
            "the store \(path) is read-only: nothing was written"
        case .locked(let path):
            "the store \(path) is locked by another process; nothing was written, try again"
        case .beingRestored(let path, let pid):
            "the store \(path) is being restored by another process\(pid.map { " (pid \($0))" } ?? ""); "
                + "nothing was written, try again when it has finished"
        case .cannotLock(let path, let reason):
            "cannot lock \(path): \(reason); nothing was written"
        case .diskFull(let path):
            "the disk holding the store \(path) is full; nothing was written"
        case .newerSchema(let path, let version):
            if let version, version != RoutineVersion.current {
                "the store \(path) was made by routine \(version) (this is \(RoutineVersion.current)); "
                    + "upgrade routine to use it"
            } else {
                "the store \(path) was made by a newer version of routine; upgrade routine to use it"
            }
        case .readOnlyNeedsUpgrade(let path):
            "the store \(path) is read-only and was made by an older version; make it writable once to upgrade it"
        case .database(let path, let detail):
            "store \(path): \(detail)"
        case .measureConflict(let habit, let existing, let new):
            "measure conflict: habit '\(habit)' is \(Self.describe(existing)), not \(Self.describe(new))"
        case .unknownHabit(let name):
            "no habit named '\(name)'"
        case .invalidHabitName(let name):
            "invalid habit name '\(name)': it must have 1 to 200 characters and no control characters"
        case .valueForBinaryHabit(let habit):
            "habit '\(habit)' is binary (done / not done): it takes no value"
        case .valueRequired(let habit):
            "habit '\(habit)' is measured and has no amount to record by default (`target:`): give a value, e.g. 1"
        case .invalidValue(let habit, let value):
            "invalid value \(value) for habit '\(habit)': values are numbers from 0 to \(JSONValue.numberText(Quantity.maximum))"
        case .invalidDayTarget(let habit, let problem):
            "invalid day target for habit '\(habit)': \(problem)"
        case .invalidFrequency(let habit, let times, let period):
            "invalid frequency \(times)/\(period) for habit '\(habit)': N done days in P need 1 ≤ N ≤ P ≤ "
                + "\(Schedule.maximumPeriod)"
        case .unitMismatch(let habit, let expected, let given):
            if let expected {
                "habit '\(habit)' is measured in \(expected), not \(given)"
            } else {
                "habit '\(habit)' is binary: it has no unit (given \(given))"
            }
        case .unknownEntry(let id):
            "no entry with id \(id)"
        case .entryAlreadyDeleted(let id):
            "entry \(id) is already deleted"
        case .entryDeleted(let id):
            "entry \(id) is deleted; it cannot be edited"
        case .entryNotDeleted(let id):
            "entry \(id) is not deleted"
        case .controlCharacter(let what, let scalar):
            "\(what) holds the control character \(scalar); text cannot carry terminal commands"
        case .habitExists(let name):
            "a habit named '\(name)' already exists; to put both under one name use 'routine habit merge'"
        case .habitMeasuresDisagree(let from, let into, let fromMeasure, let intoMeasure):
            "cannot merge '\(from)' (\(Self.describe(fromMeasure))) into '\(into)' (\(Self.describe(intoMeasure))): "
                + "their measures must agree"
        case .habitHasEntries(let name, let count):
            "habit '\(name)' has \(count) entr\(count == 1 ? "y" : "ies") (deleted ones count); "
                + "it cannot be deleted: 'routine habit archive \(name)' hides it and keeps its history"
        case .habitInRoutines(let name, let routines):
            "habit '\(name)' is part of routine\(routines.count == 1 ? "" : "s") \(routines.joined(separator: ", ")); "
                + "it cannot be deleted: 'routine habit archive \(name)' hides it"
        case .sameHabit(let name):
            "'\(name)' is already that habit"
        case .unknownRoutine(let slug):
            "no routine named '\(slug)' in the store"
        case .unknownRoutineVersion(let id):
            "no routine version with id \(id) in the store"
        case .unknownRun(let id):
            "no run with id \(id)"
        case .runInUse(let id, let pid):
            "run \(id.short) is being walked by another live process\(pid.map { " (pid \($0))" } ?? ""); it cannot be continued here"
        case .ambiguousRun(let prefix, let matches):
            "'\(prefix)' is the start of \(matches.count) run ids (\(matches.prefix(4).map(\.short).joined(separator: ", "))\(matches.count > 4 ? ", …" : "")); give more characters"
        case .alreadyRecorded(let habit):
            "\(habit) already has an entry on this day"
        case .runFinished(let id, let status):
            "run \(id) is \(status.rawValue); it cannot be continued"
        case .runNotClaimed(let id):
            "run \(id) is not claimed by this process; claim it before writing to it"
        case .unknownRunToken(let run, let token):
            "run \(run) has no recorded step \(token) to retract"
        case .duplicateRunToken(let run, let token):
            "run \(run) already has an entry for step \(token)"
        case .invalidRunStatus(let status):
            "a run cannot be finished with status '\(status)'"
        case .routineArchived(let slug):
            "routine '\(slug)' is archived; 'routine unarchive \(slug)' brings it back"
        case .backupFailed(let path, let reason):
            "cannot write the backup \(path): \(reason); nothing was written"
        case .restoreRefused(let path, let reason):
            "cannot restore from \(path): \(reason); the store is unchanged"
        case .invalidEntryRow(let line, let column, let message):
            "\(line):\(column): \(message)"
        case .unknownHabitInRow(let line, let column, let name):
            "\(line):\(column): no habit named '\(name)'"
        case .unknownGoal(let id):
            "no goal with id \(id)"
        case .invalidGoal(let reason):
            "invalid goal: \(reason)"
        case .goalLink(let goal, let error):
            "goal '\(goal)': \(error.description)"
        case .notLinked(let goal, let habit):
            "goal '\(goal)' does not count '\(habit)' (see 'goal show')"
        case .unknownPause(let id):
            "no pause with id \(id) (see 'pauses')"
        case .invalidPause(let reason):
            "invalid pause: \(reason)"
        }
    }

    public var description: String { message }

    private static func describe(_ measure: Measure?) -> String {
        guard let measure else { return "binary" }
        return "measured in \(measure.unit) (\(measure.type))"
    }
}
