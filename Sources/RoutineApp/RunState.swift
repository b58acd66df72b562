import Foundation
import RoutineCore

/// The walker state a store keeps for a run: the walker's snapshot (the routine itself
/// is stored once, as the version the run walks). Opaque to the store.
enum RunState {
    static func encode(_ walker: Walker) throws -> Data {
        try JSONEncoder().encode(walker.snapshot)
    }

    /// The saved walker, or an error when the state cannot be read or does not fit the routine.
    static func decode(_ data: Data, routine: Routine) throws -> Walker {
        let snapshot = try JSONDecoder().decode(WalkerSnapshot.self, from: data)
        return try Walker(routine: routine, snapshot: snapshot)
    }
}
