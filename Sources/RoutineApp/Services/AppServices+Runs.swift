import Foundation
import RoutineCore
import RoutineStore

/// Runs as front ends list them (a run is walked through `RunCoordinator`).
extension AppServices {
    /// Runs, most recently started first.
    public func runs(status: RunStatus? = nil) throws -> [RunInfo] {
        try store.runs.all(status: status)
    }

    /// The runs of one DayKey, most recently started first (what `today` reads).
    public func runs(on day: DayKey) throws -> [RunInfo] {
        try store.runs.all(on: day)
    }

    /// One run with its effective status, or nil.
    public func run(id: RunID) throws -> RunInfo? {
        try store.runs.run(id: id)
    }

    /// The most recently started run that is effectively paused (what `resume` with no id continues), or nil.
    public func latestPausedRun() throws -> RunInfo? {
        try store.runs.latestPausedRun()
    }

    /// The full id of the run that `text` names.
    public func resolveRunID(_ text: String) throws -> RunID {
        try store.runs.resolveRunID(text)
    }

    /// A run's recorded steps in order (live ones by position; with `includeRetracted`, the retracted ones too, each
    /// where it was written).
    public func steps(runID: RunID, includeRetracted: Bool = false) throws -> [StepInfo] {
        try store.runs.steps(runID: runID, includeRetracted: includeRetracted)
    }

}
