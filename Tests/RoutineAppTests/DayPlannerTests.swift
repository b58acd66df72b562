import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineCLI

/// The application layer against a real SQLite file: the day planner reads the day as a
/// run does (a paused run woken as `resume` wakes it), the coordinator ends runs with
/// their state, and the due days come from the routines (SPEC §13).
@Suite struct DayPlannerTests {
    private static let day = DayKey("2026-11-22") ?? DayKey(ordinal: 0)
    private static let time = TimeContext(
        now: { Date(timeIntervalSince1970: 1_795_329_000) }, timeZone: TimeZone(identifier: "UTC") ?? .current)

    private func store() throws -> (AppDatabase, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (try AppDatabase.open(path: folder.store), folder)
    }

    private func importFile(_ text: String, into store: AppDatabase) throws -> StoredRoutine {
        let routine = try #require(RoutineFileReader.read(string: text, path: "test.yaml").routine)
        let version = try store.routines.importRoutine(routine, source: "test", at: Self.time.now()).versionID
        return try #require(try store.routines.routine(versionID: version))
    }

    private static let checkin = """
        routine: checkin
        start: [feeling]
        nodes:
          feeling:
            question: How are you?
            options:
              - {text: Good, next: [water, read]}
              - {text: Tired, next: [read]}
          water: {habit: Water}
          read: {habit: Read}

        """

    @Test func aPausedRunIsReadWhereItStandsAndAnAbortKeepsItsState() throws {
        let (store, folder) = try store()
        _ = folder
        let routine = try importFile(Self.checkin, into: store)
        let planner = DayPlanner(store: store)
        var fresh = try #require(try planner.routines(on: Self.day, time: Self.time).first)
        #expect(fresh.state == .notStarted)
        #expect(
            fresh.outlook.habits.map(\.outlook) == [.possible(dependsOn: "your answer to “How are you?”"), .certain])
        var (run, _) = try RunCoordinator.open(
            routine, dayKey: Self.day, store: store, time: Self.time, timeZoneName: "UTC")
        _ = try run.handle("Good")
        run.pause()
        try run.finish()
        fresh = try #require(try planner.routines(on: Self.day, time: Self.time).first)
        #expect(fresh.state == .paused(prompt: "Water"))
        #expect(fresh.outlook.certainKeys == [HabitKey("Water"), HabitKey("Read")])
        try RunCoordinator.abort(run.runID, store: store, time: Self.time)
        let ended = try #require(try planner.routines(on: Self.day, time: Self.time).first)
        guard case .aborted = ended.state else {
            Issue.record("expected aborted, got \(ended.state)")
            return
        }
        // The saved state is the walker's own, aborted: nothing is left to ask.
        #expect(ended.outlook.certainKeys.isEmpty)
        #expect(throws: StoreError.self) { try RunCoordinator.abort(run.runID, store: store, time: Self.time) }
    }

    @Test func dueDaysComeFromTheRoutinesAndNotBeforeAHabitExisted() throws {
        let (store, folder) = try store()
        _ = folder
        _ = try importFile(
            """
            routine: weekend
            start: [vitamins]
            nodes:
              vitamins: {habit: Vitamins, when: 'weekday in [sat, sun]'}

            """, into: store)
        let week = (0...6).map { Self.day.adding(days: $0) }
        let ledger = try HabitLedger.build(
            planner: DayPlanner(store: store), through: Self.day.adding(days: 6), alsoOn: week, time: Self.time)
        // Created on Sunday 2026-11-22: Sunday due, Monday to Friday not, Saturday due.
        let flags = week.map { ledger.state(HabitKey("Vitamins"), $0).isDue }
        #expect(flags == [true, false, false, false, false, false, true])
        #expect(ledger.state(HabitKey("Vitamins"), Self.day.adding(days: -1)) == .notDue(.beforeFirstDay))
        #expect(
            ledger.state(HabitKey("Vitamins"), Self.day.adding(days: 1))
                == .notDue(.condition("when: weekday in [sat, sun]")))
    }

    /// Bad input reaching the planner from a store: a saved state this version cannot
    /// read (an older or damaged one) is rebuilt from the run's entries, never a crash.
    @Test func aRunStateThatCannotBeReadIsRebuiltForToday() throws {
        let (store, folder) = try store()
        _ = folder
        let routine = try importFile(Self.checkin, into: store)
        var (run, _) = try RunCoordinator.open(
            routine, dayKey: Self.day, store: store, time: Self.time, timeZoneName: "UTC")
        _ = try run.handle("Good")
        _ = try run.handle("y")
        run.pause()
        try run.finish()
        try store.runs.finishRun(
            runID: run.runID, status: .paused, state: Data(#"{"format":0,"steps":"old"}"#.utf8), at: Self.time.now())
        let day = try #require(try DayPlanner(store: store).routines(on: Self.day, time: Self.time).first)
        // Rebuilt from its one entry: Water done, the question asked again.
        #expect(day.state == .paused(prompt: "How are you?"))
        #expect(day.outlook.habits.first { $0.name == "Water" }?.outlook == .alreadyDone)
        let today = try DayPlanner(store: store).today(day: Self.day, time: Self.time)
        #expect(today.text.contains("checkin: paused at “How are you?”"))
    }

    /// A routine whose every node is not due, and conditions naming habits no store has.
    @Test func nothingDueAndUnknownHabitsHaveAClassAndAReason() throws {
        let (store, folder) = try store()
        _ = folder
        _ = try importFile(
            """
            routine: never
            start: [a, b]
            nodes:
              a: {habit: Alpha, when: 'weekday == mon and done(Nobody Has This)'}
              b: {habit: Beta, when: 'days-since(Ghost) < 3'}

            """, into: store)
        let day = try #require(try DayPlanner(store: store).routines(on: Self.day, time: Self.time).first)
        #expect(
            day.outlook.habits.map(\.outlook) == [
                .notDue(reason: "when: weekday == mon and done(Nobody Has This)"),
                .notDue(reason: "when: days-since(Ghost) < 3"),
            ])
        let text = try DayPlanner(store: store).today(day: Self.day, time: Self.time).text
        #expect(text.contains("never: not started\n  2 not due today"), "\(text)")
    }
}
