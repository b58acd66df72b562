import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// Measure equality has one home, `Measure.same` (issue 17 item 5): the validator folded
/// both sides of a comparison, the store only the declared one, so a measure stored in
/// another spelling — by a build whose unit aliases were fewer, or by hand — was a
/// conflict to the store and the same measure to `check`.
@Suite struct MeasureIdentityTests {
    /// A store whose Run habit's measure row is spelled `Kilometres`/`Distance`.
    private func storeWithAnOldSpelling() throws -> AppDatabase {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.write { db in try db.execute(sql: "UPDATE measure SET unit = 'Kilometres', type = 'Distance'") }
        return store
    }

    @Test func aStoredMeasureInAnotherSpellingIsTheMeasureItNames() throws {
        let store = try storeWithAnOldSpelling()
        let declared = Measure(unit: "km", type: "distance")
        #expect(Measure.same(declared, Measure(unit: "Kilometres", type: "Distance")))
        let routine = try Routine(
            slug: "runs", title: nil, start: [0], nodes: [Node(id: "run", body: .habit("Run"))],
            habits: [HabitSpec(name: "Run", measure: declared)])
        #expect(try store.routines.measureConflicts(in: routine).isEmpty)
        #expect(throws: Never.self) { try store.routines.importRoutine(routine, source: "r", at: Fixtures.instant) }
        // A value in the unit the stored spelling names is no unit mismatch either.
        #expect(throws: Never.self) { try store.log("Run", 3, unit: "kilometre") }
    }

    @Test func habitsWhoseMeasuresAreOneMeasureMerge() throws {
        let store = try storeWithAnOldSpelling()
        try store.log("Jog", 2, unit: "km")
        #expect(try store.habits.mergeHabit("Jog", into: "Run") == 1)
    }
}
