import Foundation
import RoutineCore
import RoutineStore

/// What `undo` takes back: the last thing this person recorded.
///
/// Today that is an entry (by `log`, a run or an import). Recorded answers (SPEC §14.1)
/// join as a second case: ``last(in:)`` then compares the newest entry and the newest
/// answer by their recorded instants (an entry's `timestamp`, an answer's instant) and
/// ``undo(_:in:at:)`` retracts an answer as `back` does, kept and marked retracted.
/// Commands only render what this returns (docs/store.md, "Undo").
public enum Undoable: Sendable, Equatable {
    case entry(EntryInfo)
}

/// Why the last recording cannot be undone here.
public enum UndoError: Error, Sendable, CustomStringConvertible {
    /// The entry belongs to a run that is not finished: the run's own `back` retracts it,
    /// and the saved walker would otherwise disagree with its entries.
    case inUnfinishedRun(EntryInfo, RunInfo)

    public var description: String {
        switch self {
        case .inUnfinishedRun(let entry, let run):
            "the last entry (\(entry.habit) on \(entry.dayKey), entry \(entry.id)) belongs to the \(run.status.rawValue) "
                + "run \(run.id.short) of \(run.slug): 'resume \(run.id.short)' and 'back' take it back"
        }
    }
}

extension Undoable {
    /// The last thing recorded that is still live; nil when there is none.
    static func last(in store: AppDatabase) throws -> Undoable? {
        try store.entries.lastRecordedEntry().map(Undoable.entry)
    }

    /// Takes it back: an entry is soft-deleted (`undelete` brings it back). Returns what
    /// it became. An entry of an unfinished run is refused (``UndoError``).
    func undo(in store: AppDatabase, at instant: Date) throws -> Undoable {
        switch self {
        case .entry(let entry):
            if let runID = entry.runID, let run = try store.runs.run(id: runID), !run.status.isFinished {
                throw UndoError.inUnfinishedRun(entry, run)
            }
            return .entry(try store.entries.deleteEntry(id: entry.id, at: instant))
        }
    }
}
