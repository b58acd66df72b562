import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import Testing

@testable import RoutineApp

/// Recorded steps (SPEC §14.1): every step of a real run is written in the transaction
/// of the walker step that made it; `back` retracts; the steps always agree with the
/// run's saved state and its entries.
@Suite struct RecordedStepTests {
    private static let day = DayKey("2026-11-22")!
    private static let time = TimeContext(
        now: { Date(timeIntervalSince1970: 1_795_329_000) }, timeZone: TimeZone(identifier: "UTC")!)

    private func open(_ store: AppDatabase) throws -> RunCoordinator {
        let path = Binary.repository.appendingPathComponent("routines/morning-checkin.yaml").path
        let routine = try #require(RoutineFileReader.read(path: path).routine)
        let version = try store.routines.importRoutine(routine, source: "test", at: Self.time.now()).versionID
        let stored = try #require(try store.routines.routine(versionID: version))
        return try RunCoordinator.open(
            stored, dayKey: Self.day, store: store, time: Self.time, timeZoneName: "UTC"
        ).0
    }

    /// What the store recorded, as `node outcome` lines (the option text for answers).
    private func lines(_ steps: [StepInfo]) -> [String] {
        steps.map { "\($0.node) \($0.answer)\($0.isRetracted ? " (retracted)" : "")" }
    }

    /// The live steps agree with the saved walker's steps, and a done step's entry is live.
    private func expectConsistent(_ store: AppDatabase, _ run: RunCoordinator) throws {
        let recorded = try store.runs.steps(runID: run.runID)
        #expect(recorded.map(\.node) == run.walker.steps.map(\.node))
        #expect(recorded.map(\.answer) == run.walker.steps.map { $0.answer.label })
        #expect(recorded.map(\.position) == Array(0..<recorded.count))
        let live = Set(try store.runs.entries(runID: run.runID).map(\.uid))
        #expect(Set(recorded.compactMap(\.entryUID)) == live)
    }

    @Test func eachStepIsRecordedAsItHappensAndBackRetractsIt() throws {
        let store = try AppDatabase.inMemory()
        var run = try open(store)
        #expect(try store.runs.steps(runID: run.runID).isEmpty)
        _ = try run.handle("1")
        #expect(lines(try store.runs.steps(runID: run.runID)) == ["feeling Great!"])
        _ = try run.handle("12")
        try expectConsistent(store, run)
        _ = try run.handle("back")
        try expectConsistent(store, run)
        _ = try run.handle("n")
        _ = try run.handle("y")
        _ = try run.handle("y")
        try run.finish()
        try expectConsistent(store, run)
        #expect(
            lines(try store.runs.steps(runID: run.runID, includeRetracted: true)) == [
                "feeling Great!", "meditate done (retracted)", "meditate skipped", "water done", "journal done",
            ])
        let steps = try store.runs.steps(runID: run.runID)
        let answer = try #require(steps.first)
        #expect(answer.kind == .question && answer.text == "How are you feeling today?")
        #expect(answer.optionPosition == 0 && answer.routine == "morning-checkin" && answer.dayKey == Self.day)
        #expect(answer.timeZone == "UTC" && answer.recordedAt == Self.time.now())
        let uids = try store.runs.steps(runID: run.runID, includeRetracted: true).map(\.uid)
        #expect(Set(uids).count == 5 && uids.allSatisfy { $0.count == 36 })
        // The retracted done step points at the entry `back` deleted.
        let retracted = try #require(
            try store.runs.steps(runID: run.runID, includeRetracted: true).first(where: \.isRetracted))
        let deleted = try store.entries.list(from: Self.day, to: Self.day, includeDeleted: true).filter(\.isDeleted)
        #expect(deleted.map(\.uid) == [retracted.entryUID])
    }

    @Test func stepsOverAndPausesAreRecordedToo() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.entries.logEntry(
            habit: "Meditate", value: 5, unit: "min", dayKey: Self.day, at: Self.time.now(), timeZone: "UTC", note: nil)
        var run = try open(store)
        _ = try run.handle("Great")
        _ = try run.handle("pause")
        try run.finish()
        #expect(lines(try store.runs.steps(runID: run.runID)) == ["feeling Great!", "meditate already-done"])
        var resumed = try RunCoordinator.resume(run.runID, store: store, time: Self.time, timeZoneName: "UTC")
        _ = try resumed.handle("back")
        try expectConsistent(store, resumed)
        #expect(try store.runs.steps(runID: run.runID).isEmpty)
        _ = try resumed.handle("2")
        _ = try resumed.handle("n")
        resumed.pause()
        try resumed.finish()
        try expectConsistent(store, resumed)
        let all = lines(try store.runs.steps(runID: run.runID, includeRetracted: true))
        #expect(
            all == [
                "feeling Great! (retracted)", "meditate already-done (retracted)", "feeling Okay", "water skipped",
            ], "\(all)")
    }

    @Test func aStepWhoseEntryCannotBeWrittenIsNotRecorded() throws {
        let store = try AppDatabase.inMemory()
        var run = try open(store)
        _ = try run.handle("1")
        // Meditate is logged elsewhere while its prompt shows: the answer writes nothing.
        _ = try store.entries.logEntry(
            habit: "Meditate", value: 5, unit: "min", dayKey: Self.day, at: Self.time.now(), timeZone: "UTC", note: nil)
        let update = try run.handle("12")
        guard case .recordedElsewhere = update else {
            Issue.record("expected the answer to be refused, got \(update)")
            return
        }
        try expectConsistent(store, run)
        #expect(lines(try store.runs.steps(runID: run.runID)) == ["feeling Great!", "meditate already-done"])
    }
}
