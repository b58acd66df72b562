import Foundation
import RoutineCore
import RoutineStore

/// The walker state a store keeps for a run: the walker's snapshot (the routine itself
/// is stored once, as the version the run walks, and the status once, as the run's
/// recorded status). Opaque to the store.
enum RunState {
    static func encode(_ walker: Walker) throws -> Data {
        try JSONEncoder().encode(walker.snapshot)
    }

    /// The saved walker of `run`, with the status the store recorded for it, or an error
    /// when the state cannot be read or does not fit the routine.
    static func decode(_ run: RunInfo, routine: Routine) throws -> Walker {
        let snapshot = try JSONDecoder().decode(WalkerSnapshot.self, from: run.state)
        return try Walker(routine: routine, snapshot: snapshot, status: run.recordedStatus)
    }
}
