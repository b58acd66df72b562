import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineStore

@Suite struct RoutineImportTests {
    @Test func firstImportCreatesVersionOneAndRoundTrips() throws {
        let store = try AppDatabase.inMemory()
        let result = try store.routines.importRoutine(
            Fixtures.morning(), source: Fixtures.morningSource, at: Fixtures.instant)
        #expect(result.outcome == .created)
        #expect(result.versionNumber == 1)
        #expect(
            Set(result.createdHabits) == ["Meditate", "Run", "Drink Water", "Go for a walk", "Journal", "Read a book"])
        let stored = try #require(try store.routines.routine(slug: "morning-checkin"))
        #expect(stored.routine == Fixtures.morning())
        #expect(stored.source == Fixtures.morningSource)
        #expect(stored.versionNumber == 1)
        #expect(stored.importedAt == Fixtures.instant)
    }

    @Test func identicalReimportIsUnchanged() throws {
        let store = try AppDatabase.inMemory()
        let first = try store.routines.importRoutine(
            Fixtures.morning(), source: Fixtures.morningSource, at: Fixtures.instant)
        let second = try store.routines.importRoutine(
            Fixtures.morning(), source: Fixtures.morningSource, at: Fixtures.instant)
        #expect(second.outcome == .unchanged)
        #expect(second.versionID == first.versionID)
        #expect(try store.routines.routineVersions(slug: "morning-checkin").count == 1)
    }

    @Test func changedRoutineMakesANewVersionAndTheOldOneStillLoads() throws {
        let store = try AppDatabase.inMemory()
        let first = try store.routines.importRoutine(Fixtures.morning(), source: "v1", at: Fixtures.instant)
        let changed = try Fixtures.morning(title: "Morning, again").changed {
            $0.nodes[4].next = []
            $0.nodes.append(Node(id: "stretch", body: .habit("Stretch")))
            $0.nodes[1].next = [6]
        }
        let second = try store.routines.importRoutine(changed, source: "v2", at: Fixtures.instant)
        #expect(second.outcome == .newVersion)
        #expect(second.versionNumber == 2)
        #expect(try store.routines.routine(slug: "morning-checkin")?.routine == changed)
        #expect(try store.routines.routine(versionID: first.versionID)?.routine == Fixtures.morning())
        #expect(try store.routines.routine(versionID: first.versionID)?.source == "v1")
        let summary = try #require(try store.routines.all().first)
        #expect(summary.latestVersion == 2)
        #expect(summary.title == "Morning, again")
        #expect(summary.nodeCount == 7)
    }

    @Test func sourceOnlyChangeIsANewVersion() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "a", at: Fixtures.instant)
        #expect(
            try store.routines.importRoutine(Fixtures.morning(), source: "a # comment", at: Fixtures.instant).outcome
                == .newVersion)
    }

    @Test func newerImportUpdatesDeclaredTargets() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(meditateTarget: 10), source: "a", at: Fixtures.instant)
        _ = try store.routines.importRoutine(Fixtures.morning(meditateTarget: 20), source: "b", at: Fixtures.instant)
        #expect(try store.habits.habit(named: "Meditate")?.target == 20)
        // A later file that declares no target leaves it as it is.
        _ = try store.routines.importRoutine(Fixtures.morning(meditateTarget: nil), source: "c", at: Fixtures.instant)
        #expect(try store.habits.habit(named: "Meditate")?.target == 20)
    }

    @Test func habitsAreSharedAcrossRoutines() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.routines.importRoutine(Fixtures.morning(), source: "a", at: Fixtures.instant)
        let other = try store.routines.importRoutine(
            Fixtures.single("evening", habit: "journal"), source: "b", at: Fixtures.instant)
        #expect(other.createdHabits.isEmpty)
        #expect(try store.habits.all().count == 6)
        // The node keeps its own spelling; the habit keeps its first one.
        #expect(try store.routines.routine(slug: "evening")?.routine.nodes[0].body == .habit("journal"))
        #expect(try store.habits.habit(named: "JOURNAL")?.name == "Journal")
    }

    /// Several versions read together (`today` reads every routine's latest) are each the
    /// version read alone, in the order asked, whichever routine and version they are.
    @Test func versionsReadTogetherAreEachTheVersionReadAlone() throws {
        let store = try AppDatabase.inMemory()
        let first = try store.routines.importRoutine(Fixtures.morning(), source: "v1", at: Fixtures.instant)
        let changed = try Fixtures.morning(title: "Morning, again").changed {
            $0.nodes.append(Node(id: "stretch", body: .habit("Stretch")))
            $0.nodes[1].next = [6]
        }
        let second = try store.routines.importRoutine(changed, source: "v2", at: Fixtures.instant)
        let evening = try store.routines.importRoutine(
            Fixtures.single("evening", habit: "journal"), source: "e", at: Fixtures.instant)
        let ids = [evening.versionID, first.versionID, second.versionID, first.versionID]
        let together = try store.routines.all(versionIDs: ids)
        let alone = try ids.map { try #require(try store.routines.routine(versionID: $0)) }
        #expect(together == alone)
        #expect(together.map(\.routine.slug) == ["evening", "morning-checkin", "morning-checkin", "morning-checkin"])
        #expect(together[1].routine == Fixtures.morning())
        #expect(together[2].routine == changed)
        #expect(try store.routines.all(versionIDs: []).isEmpty)
        #expect(throws: StoreError.self) { try store.routines.all(versionIDs: [first.versionID, 4242]) }
    }

    @Test func unknownSlugAndVersionAreNil() throws {
        let store = try AppDatabase.inMemory()
        #expect(try store.routines.routine(slug: "nope") == nil)
        #expect(try store.routines.routine(versionID: 42) == nil)
    }

    @Test func largeRoutineRoundTrips() throws {
        let store = try AppDatabase.inMemory()
        var nodes: [Node] = []
        for index in 0..<500 {
            let next = index + 1 < 500 ? [index + 1] : []
            if index % 5 == 0 {
                nodes.append(
                    Node(
                        id: "q\(index)",
                        body: .question("Q\(index)?", options: [Option(text: "A", next: next), Option(text: "B")]),
                        next: index + 2 < 500 ? [index + 2] : []))
            } else {
                nodes.append(Node(id: "h\(index)", body: .habit("Habit \(index % 37)"), next: next))
            }
        }
        let routine = try Routine(slug: "big", title: nil, start: [0], nodes: nodes, habits: [])
        _ = try store.routines.importRoutine(routine, source: "big", at: Fixtures.instant)
        #expect(try store.routines.routine(slug: "big")?.routine == routine)
    }
}

@Suite struct RoutineDeclarationTests {
    @Test func oneFileDeclaringAHabitTwiceWithTwoMeasuresConflicts() throws {
        let store = try AppDatabase.inMemory()
        let routine = try Fixtures.single("r", habit: "Swim", measure: Measure(unit: "m", type: "distance")).changed {
            $0.habits.append(HabitSpec(name: "swim", measure: Measure(unit: "min", type: "time")))
        }
        #expect(throws: StoreError.self) {
            try store.routines.importRoutine(routine, source: "r", at: Fixtures.instant)
        }
        #expect(try store.habits.all().isEmpty)
    }

    @Test func declarationAndNodeMayUseDifferentSpellings() throws {
        let store = try AppDatabase.inMemory()
        let routine = try Fixtures.single("r", habit: "MEDITATE").changed {
            $0.habits = [HabitSpec(name: "meditate", measure: Measure(unit: "minutes", type: "Time"), target: 5)]
        }
        _ = try store.routines.importRoutine(routine, source: "r", at: Fixtures.instant)
        let habits = try store.habits.all()
        #expect(habits.count == 1)
        #expect(habits.first?.name == "meditate")
        #expect(habits.first?.measure == Measure(unit: "min", type: "time"))
        // The routine reads back with the spellings of the file.
        #expect(try store.routines.routine(slug: "r")?.routine == routine)
    }
}

@Suite struct MeasureConflictCheckTests {
    @Test func conflictsAreListedWithoutWriting() throws {
        let store = try AppDatabase.inMemory()
        try store.log("Run", 5, unit: "km")
        try store.log("Meditate")
        _ = try store.routines.importRoutine(Fixtures.single("p", habit: "Plank"), source: "p", at: Fixtures.instant)
        let routine = try Fixtures.morning().changed {
            $0.habits.append(HabitSpec(name: "plank", measure: Measure(unit: "seconds", type: "time")))
            $0.habits[1] = HabitSpec(name: "run", measure: Measure(unit: "Kilometres", type: "Distance"))
        }
        let conflicts = try store.routines.measureConflicts(in: routine)
        // Meditate has entries and no measure: a conflict; Run agrees; Plank may gain one.
        #expect(
            conflicts == [
                MeasureConflict(
                    habit: "Meditate", storedName: "Meditate", stored: nil, declared: Measure(unit: "min", type: "time")
                )
            ])
        #expect(conflicts.first?.message == "habit 'Meditate' is binary in the store, not min (time)")
        #expect(try store.routines.all().map(\.slug) == ["p"])
        #expect(throws: StoreError.self) {
            try store.routines.importRoutine(routine, source: "m", at: Fixtures.instant)
        }
    }
}

/// A stored graph is read back through `Routine`'s checked initializer: a table edited
/// by hand into a broken graph is a damaged store, never a hang or a crash. (That a
/// broken graph cannot be imported at all is `RoutineShapeTests`: it cannot be made.)
@Suite struct StoredGraphIntegrityTests {
    @Test func aHandEditedCycleInTheStoreIsADamagedStoreNotAHang() throws {
        let store = try AppDatabase.inMemory()
        let version = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant).versionID
        try store.write { db in
            // journal (4) -> walk (3), and walk -> journal already exists.
            try db.execute(
                sql: "INSERT INTO node_next (version_id, node_position, position, next_position) VALUES (?, 4, 0, 3)",
                arguments: [version])
        }
        do {
            _ = try store.routines.routine(slug: "morning-checkin")
            Issue.record("a cyclic stored routine must not load")
        } catch let error as StoreError {
            guard case .corrupt = error else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
            #expect(error.message.contains("cycle"))
        }
    }

    @Test func aHandEditedRepeatedOptionIsADamagedStore() throws {
        let store = try AppDatabase.inMemory()
        let version = try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant).versionID
        try store.write { db in
            try db.execute(
                sql: "UPDATE conditional_option SET text = 'great!' WHERE version_id = ? AND position = 1",
                arguments: [version])
        }
        let error = #expect(throws: StoreError.self) { try store.routines.routine(slug: "morning-checkin") }
        guard case .corrupt(_, let detail) = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(detail == "routine 'morning-checkin' version \(version): question 'feeling' repeats an option")
    }

    @Test func longChainsAreCheckedWithoutRecursion() throws {
        let store = try AppDatabase.inMemory()
        let count = 20_000
        let nodes = (0..<count).map {
            Node(id: "n\($0)", body: .habit("H\($0 % 10)"), next: $0 + 1 < count ? [$0 + 1] : [])
        }
        let routine = try Routine(slug: "chain", title: nil, start: [0], nodes: nodes, habits: [])
        _ = try store.routines.importRoutine(routine, source: "chain", at: Fixtures.instant)
        #expect(try store.routines.routine(slug: "chain")?.routine.nodes.count == count)
    }
}
