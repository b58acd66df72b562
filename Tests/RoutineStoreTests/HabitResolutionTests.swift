import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

@Suite struct HabitResolutionTests {
    @Test func caseAndWhiteSpaceVariantsAreOneHabit() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.log(" run ", 3, unit: "kilometres")
        try store.log("RUN", 2, unit: "Kilometres")
        try store.log("  rUn  ", 1)
        let habits = try store.habits.all()
        #expect(habits.count == 1)
        #expect(habits.first?.name == "Run")
        #expect(habits.first?.measure == Measure(unit: "km", type: "distance"))
        #expect(try store.entries.list(habit: "RUN").count == 4)
        #expect(try store.entries.list().allSatisfy { $0.habit == "Run" })
    }

    @Test func innerWhiteSpaceIsFolded() throws {
        let store = try AppDatabase.inMemory()
        try store.log(" drink  water ")
        try store.log("Drink Water")
        let habits = try store.habits.all()
        #expect(habits.map(\.name) == ["drink water"])
        #expect(try store.entries.list().count == 2)
    }

    @Test func unitSpellingsShareOneMeasure() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(
            Fixtures.single("a", habit: "Run", measure: Measure(unit: "km", type: "distance")), source: "a",
            at: Fixtures.instant)
        _ = try store.routines.importRoutine(
            Fixtures.single("b", habit: "Cycle", measure: Measure(unit: "Kilometres", type: "Distance")), source: "b",
            at: Fixtures.instant)
        try store.log("Swim", 1, unit: "kilometer")
        let measures = try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM measure") }
        #expect(measures == 1)
        #expect(try store.habits.all().compactMap(\.unit) == ["km", "km", "km"])
    }

    @Test func newHabitFromLogIsQuantityWithValueElseBinary() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Push-ups", 20)
        try store.log("Stretch")
        let byName = Dictionary(uniqueKeysWithValues: try store.habits.all().map { ($0.name, $0) })
        #expect(byName["Push-ups"]?.kind == .quantity)
        #expect(byName["Push-ups"]?.measure == HabitResolver.countMeasure)
        #expect(byName["Stretch"]?.kind == .binary)
    }

    @Test func valueForBinaryHabitIsAnError() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Stretch")
        #expect(throws: StoreError.valueForBinaryHabit(habit: "Stretch")) { try store.log("stretch", 3) }
        #expect(try store.entries.list().count == 1)
    }

    @Test func quantityWithoutValueUsesTargetOrFails() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        let entry = try store.log("meditate")
        #expect(entry.value == 10)
        #expect(throws: StoreError.valueRequired(habit: "Run")) { try store.log("Run") }
    }

    @Test func unitOtherThanTheHabitsIsAnError() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        #expect(throws: StoreError.unitMismatch(habit: "Run", expected: "km", given: "mi")) {
            try store.log("Run", 3, unit: "miles")
        }
        try store.log("Stretch")
        #expect(throws: StoreError.unitMismatch(habit: "Stretch", expected: nil, given: "min")) {
            try store.log("Stretch", nil, unit: "min")
        }
    }

    @Test func negativeAndNonFiniteValuesAreRejected() throws {
        let store = try AppDatabase.inMemory()
        for bad in [-1.0, .nan, .infinity] {
            #expect(throws: StoreError.self) { try store.log("Run", bad) }
        }
        #expect(try store.habits.all().isEmpty)
    }

    /// Issue 19 item 9: a name too long in Unicode scalars is the store's own clear
    /// refusal, not SQLite's raw CHECK failure.
    @Test func habitNameLengthIsCountedInUnicodeScalars() throws {
        let store = try AppDatabase.inMemory()
        for bad in [String(repeating: "👍🏽", count: 101), String(repeating: "e\u{301}", count: 101)] {
            #expect {
                try store.log(bad)
            } throws: { error in
                if case .invalidHabitName = error as? StoreError { return true }
                return false
            }
        }
        try store.log(String(repeating: "👍🏽", count: 100))
        #expect(try store.habits.all().count == 1)
    }

    @Test func measureConflictOnImportWritesNothing() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        let routine = Fixtures.single("r", habit: "run", measure: Measure(unit: "min", type: "time"))
        #expect(
            throws: StoreError.measureConflict(
                habit: "Run", existing: Measure(unit: "km", type: "distance"), new: Measure(unit: "min", type: "time"))
        ) { try store.routines.importRoutine(routine, source: "r", at: Fixtures.instant) }
        #expect(try store.routines.all().isEmpty)
        #expect(try store.habits.all().count == 1)
    }

    @Test func measureConflictOnLog() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        #expect(throws: StoreError.unitMismatch(habit: "Meditate", expected: "min", given: "km")) {
            try store.log("Meditate", 5, unit: "km")
        }
        #expect(try store.entries.list().isEmpty)
    }

    @Test func binaryHabitWithoutEntriesMayGainAMeasure() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.single("a", habit: "Plank"), source: "a", at: Fixtures.instant)
        _ = try store.routines.importRoutine(
            Fixtures.single("b", habit: "Plank", measure: Measure(unit: "s", type: "time")), source: "b",
            at: Fixtures.instant)
        #expect(try store.habits.habit(named: "plank")?.unit == "s")
        try store.log("Walk")
        #expect(throws: StoreError.self) {
            try store.routines.importRoutine(
                Fixtures.single("c", habit: "Walk", measure: Measure(unit: "km", type: "distance")), source: "c",
                at: Fixtures.instant)
        }
    }

    @Test func badHabitNamesAreRejected() throws {
        let store = try AppDatabase.inMemory()
        for bad in ["", "   ", "a\u{0}b", String(repeating: "x", count: 201)] {
            #expect(throws: StoreError.self) { try store.log(bad) }
        }
        #expect(try store.habits.all().isEmpty)
    }

    @Test func habitSpecsAreKeyedByHabitKey() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant)
        let specs = try store.habits.habitSpecs()
        #expect(
            specs["meditate"] == HabitSpec(name: "Meditate", measure: Measure(unit: "min", type: "time"), target: 10))
        #expect(specs["drink water"]?.measure == nil)
        #expect(specs["run"]?.weekly == 15)
    }
}

@Suite struct UnicodeHabitTests {
    @Test func composedAndDecomposedSpellingsAreOneHabit() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Caf\u{E9} visit")  // é composed
        try store.log("CAFE\u{301} VISIT")  // É decomposed
        #expect(try store.habits.all().count == 1)
        #expect(try store.entries.list(habit: "caf\u{65}\u{301} visit").count == 2)
        #expect(try store.entries.liveHabitKeys(on: Fixtures.day).contains("café visit"))
    }

    @Test func nonASCIICaseFoldingIsOneHabit() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Übung")
        try store.log("ÜBUNG")
        try store.log("übung")
        #expect(try store.habits.all().map(\.name) == ["Übung"])
    }
}
