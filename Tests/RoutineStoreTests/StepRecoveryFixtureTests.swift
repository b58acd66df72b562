import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

/// A store written by the release before recorded steps (migrations v1–v4, made with
/// that release's binary: Tests/Fixtures/store-v4-release.sqlite, see its README)
/// upgrades with every run's steps recovered from its saved state, nothing lost.
@Suite struct StepRecoveryFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store-v4-release.sqlite")

    private func upgraded(_ dir: TempDir) throws -> AppDatabase {
        let path = dir.file("store.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        return try AppDatabase.open(path: path)
    }

    /// `node answer` per live step, for the run starting with `prefix`.
    private func steps(_ store: AppDatabase, _ prefix: String) throws -> [String] {
        try store.runs.steps(runID: try store.runs.resolveRunID(prefix)).map { "\($0.node) \($0.answer)" }
    }

    @Test func everyRunsStepsAreRecoveredFromItsSavedState() throws {
        let dir = TempDir()
        let store = try upgraded(dir)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        #expect(store.integrityCheck())
        #expect(try store.runs.all().count == 7)
        #expect(try store.entries.list(includeDeleted: true).count == 12)
        // Completed, with a back and a habit already done by hand.
        #expect(
            try steps(store, "fe778545") == [
                "feeling Great!", "meditate already-done", "water done", "journal done",
            ])
        // Completed after two backs: only the answers as they stood.
        #expect(try steps(store, "8b2d852c") == ["feeling Not so good", "read done", "journal done"])
        // Aborted after a back.
        #expect(try steps(store, "2efa3aac") == ["primary Sadness", "reach-out done"])
        // Completed with a step not due by its schedule (the reason kept).
        let training = try store.runs.steps(runID: try store.runs.resolveRunID("15e38040"))
        #expect(training.map(\.answer) == ["done", "Swim", "not-due"])
        #expect(training.last?.reason == "schedule: tue, thu, sun")
        #expect(training.first?.value == 10)
        // Paused (input ended), and recorded active by a process killed with -9.
        #expect(try steps(store, "fdea40e7") == ["feeling Great!", "meditate skipped"])
        #expect(try steps(store, "724619d5") == ["feeling Great!"])
        #expect(try steps(store, "25d281a2") == ["primary Joy", "gratitude done"])
        // A done step carries its entry and that entry's time; an answer its texts and position.
        let done = try #require(try store.runs.steps(runID: try store.runs.resolveRunID("fe778545")).last)
        let entry = try #require(try store.runs.entries(runID: try store.runs.resolveRunID("fe778545")).last)
        #expect(done.entryUID == entry.uid && done.recordedAt == entry.timestamp)
        let answer = try #require(try store.runs.steps(runID: try store.runs.resolveRunID("2efa3aac")).first)
        #expect(answer.text == "What was the main feeling of your day?" && answer.optionPosition == 2)
        #expect(answer.timeZone == "Europe/Paris" && answer.dayKey == DayKey("2026-11-20"))
    }

    @Test func recoveredRunsContinueAndRecordOnwards() throws {
        let dir = TempDir()
        let store = try upgraded(dir)
        let id = try store.runs.resolveRunID("fdea40e7")
        let before = try store.runs.steps(runID: id)
        let run = try store.runs.claimRun(id: id)
        try store.runs.finishRun(runID: id, status: .aborted, state: run.state, steps: [], at: Date())
        // The walker's steps (none here) win: the recovered ones are retracted, never deleted.
        #expect(try store.runs.steps(runID: id).isEmpty)
        #expect(try store.runs.steps(runID: id, includeRetracted: true).map(\.uid) == before.map(\.uid))
    }

    @Test func backupAndRestoreCarryTheSteps() throws {
        let dir = TempDir()
        let store = try upgraded(dir)
        let id = try store.runs.resolveRunID("fe778545")
        let steps = try store.runs.steps(runID: id, includeRetracted: true)
        try store.backup(to: dir.file("backup.sqlite"))
        try AppDatabase.restore(from: dir.file("backup.sqlite"), to: dir.file("restored.sqlite"))
        let restored = try AppDatabase.open(path: dir.file("restored.sqlite"))
        #expect(try restored.runs.steps(runID: id, includeRetracted: true) == steps)
        #expect(steps.count == 4)
    }
}
