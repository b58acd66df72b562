import Foundation
import RoutineCore
import Testing

@testable import RoutineStore

@Suite struct RunTests {
    private let state1 = Data("{\"step\":1}".utf8)
    private let state2 = Data("{\"step\":2}".utf8)

    private func storeWithRoutine(_ store: AppDatabase) throws -> Int64 {
        try store.routines.importRoutine(Fixtures.morning(), source: "m", at: Fixtures.instant).versionID
    }

    @Test func startRecordsAnActiveRunClaimedByThisProcess() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "Europe/Paris", state: state1, now: Fixtures.instant)
        let run = try #require(try store.runs.run(id: id))
        #expect(run.status == .active)
        #expect(run.slug == "morning-checkin")
        #expect(run.versionNumber == 1)
        #expect(run.dayKey == Fixtures.day)
        #expect(run.state == state1)
        #expect(run.startedAt == Fixtures.instant)
        #expect(UUID(uuidString: id.rawValue) != nil)
        #expect(throws: StoreError.unknownRoutineVersion(999)) {
            try store.runs.startRun(
                versionID: 999, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        }
    }

    /// Issue 19 item 5: a run that loaded its version before a rename or a merge records
    /// the habit it was asking about under its identity, and the answer-time check sees
    /// an entry logged under the habit's new name.
    @Test func aRenameOrMergeDuringARunIsFollowed() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        _ = try store.habits.renameHabit("Drink Water", to: "Hydrate")
        let renamed = try store.runs.applyStep(
            runID: id, state: state2, records: [RunEntryRecord(token: 1, habit: "Drink Water", value: nil)],
            retractions: [], at: Fixtures.instant, timeZone: "UTC")
        #expect(renamed == .written)
        #expect(try store.runs.entries(runID: id).map(\.habit) == ["Hydrate"])
        #expect(try store.habits.habit(named: "Drink Water") == nil)

        // Meditate is merged into Sit, and Sit logged today, while the run waits.
        try store.log("Sit", 5, unit: "min")
        _ = try store.habits.mergeHabit("Meditate", into: "Sit")
        let merged = try store.runs.applyStep(
            runID: id, state: state2, records: [RunEntryRecord(token: 2, habit: "Meditate", value: 10)],
            retractions: [], at: Fixtures.instant, timeZone: "UTC")
        #expect(merged == .alreadyRecorded(habit: "Meditate"))
        #expect(try store.habits.habit(named: "Meditate") == nil)
        #expect(try store.entries.list().map(\.habit).sorted() == ["Hydrate", "Sit"])
    }

    @Test func applyStepWritesEntriesWithTheRunsDayAndSavesState() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        let later = Fixtures.instant.addingTimeInterval(86_400)  // past midnight: still the run's day
        let outcome = try store.runs.applyStep(
            runID: id, state: state2,
            records: [
                RunEntryRecord(token: 1, habit: "Drink Water", value: nil),
                RunEntryRecord(token: 2, habit: "meditate", value: 10),
            ],
            retractions: [], steps: [], at: later, timeZone: "UTC")
        #expect(outcome == .written)
        let written = try store.runs.entries(runID: id)
        #expect(written.map(\.habit) == ["Drink Water", "Meditate"])
        #expect(written.allSatisfy { $0.dayKey == Fixtures.day && $0.runID == id })
        #expect(try store.runs.run(id: id)?.state == state2)
        #expect(try store.runs.entries(runID: id).count == 2)
        try store.runs.applyStep(
            runID: id, state: state1, records: [RunEntryRecord(token: 3, habit: "Journal", value: nil)],
            retractions: [1], steps: [], at: later,
            timeZone: "UTC")
        #expect(try store.runs.entries(runID: id).map(\.habit) == ["Meditate", "Journal"])
        #expect(try store.entries.liveHabitKeys(on: Fixtures.day) == ["journal", "meditate"])
    }

    @Test func aFailingStepWritesNeitherEntriesNorState() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        #expect(throws: StoreError.valueForBinaryHabit(habit: "Journal")) {
            try store.runs.applyStep(
                runID: id, state: state2,
                records: [
                    RunEntryRecord(token: 1, habit: "Drink Water", value: nil),
                    RunEntryRecord(token: 2, habit: "Journal", value: 3),
                ],
                retractions: [], steps: [], at: Fixtures.instant, timeZone: "UTC")
        }
        #expect(try store.entries.list().isEmpty)
        #expect(try store.runs.run(id: id)?.state == state1)
    }

    @Test func retractionSoftDeletesOnlyThatRunsEntry() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let byHand = try store.log("Journal", day: Fixtures.day.adding(days: -1))
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        try store.runs.applyStep(
            runID: id, state: state2, records: [RunEntryRecord(token: 7, habit: "Journal", value: nil)],
            retractions: [], steps: [],
            at: Fixtures.instant, timeZone: "UTC")
        try store.runs.applyStep(
            runID: id, state: state1, records: [], retractions: [7], steps: [], at: Fixtures.instant, timeZone: "UTC")
        #expect(try store.entries.list().map(\.id) == [byHand.id])
        #expect(try store.entries.list(includeDeleted: true).count == 2)
        #expect(try store.runs.run(id: id)?.state == state1)
        // The token is free again (answering after `back`), and cannot be retracted twice.
        try store.runs.applyStep(
            runID: id, state: state2, records: [RunEntryRecord(token: 7, habit: "Journal", value: nil)],
            retractions: [], steps: [],
            at: Fixtures.instant, timeZone: "UTC")
        // Journal has a live entry on the run's day now: recording it again writes
        // nothing, not even the state (SPEC §11's answer-time check).
        #expect(
            try store.runs.applyStep(
                runID: id, state: state1, records: [RunEntryRecord(token: 8, habit: "journal", value: nil)],
                retractions: [], steps: [], at: Fixtures.instant, timeZone: "UTC") == .alreadyRecorded(habit: "journal")
        )
        #expect(try store.runs.run(id: id)?.state == state2)
        #expect(try store.entries.list(includeDeleted: true).count == 3)
        #expect(throws: StoreError.duplicateRunToken(run: id, token: 7)) {
            try store.runs.applyStep(
                runID: id, state: state2, records: [RunEntryRecord(token: 7, habit: "Drink Water", value: nil)],
                retractions: [], steps: [],
                at: Fixtures.instant, timeZone: "UTC")
        }
        #expect(throws: StoreError.unknownRunToken(run: id, token: 8)) {
            try store.runs.applyStep(
                runID: id, state: state2, records: [], retractions: [8], steps: [], at: Fixtures.instant,
                timeZone: "UTC")
        }
    }

    @Test func finishedRunsCannotBeContinued() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        try store.runs.finishRun(runID: id, status: .completed, state: state2)
        #expect(try store.runs.run(id: id)?.status == .completed)
        #expect(try store.runs.run(id: id)?.state == state2)
        #expect(throws: StoreError.runFinished(id: id, status: .completed)) { try store.runs.claimRun(id: id) }
        #expect(throws: StoreError.runNotClaimed(id)) {
            try store.runs.applyStep(
                runID: id, state: state1, records: [], retractions: [], steps: [], at: Fixtures.instant, timeZone: "UTC"
            )
        }
        #expect(throws: StoreError.invalidRunStatus("active")) {
            try store.runs.finishRun(runID: id, status: .active, state: nil)
        }
        #expect(throws: StoreError.unknownRun("nope")) { try store.runs.claimRun(id: RunID(rawValue: "nope")) }
        #expect(throws: StoreError.unknownRun("../../etc/passwd")) {
            try store.runs.claimRun(id: RunID(rawValue: "../../etc/passwd"))
        }
    }

    @Test func pausedRunsAndLatestPaused() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let first = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        let second = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1,
            now: Fixtures.instant.addingTimeInterval(60))
        #expect(try store.runs.latestPausedRun() == nil)
        try store.runs.finishRun(runID: first, status: .paused, state: nil)
        #expect(try store.runs.latestPausedRun()?.id == first)
        // A run whose claim is dropped without a status change reads as paused.
        store.runs.releaseRun(id: second)
        #expect(try store.runs.run(id: second)?.recordedStatus == .active)
        #expect(try store.runs.run(id: second)?.status == .paused)
        #expect(try store.runs.latestPausedRun()?.id == second)
        #expect(Set(try store.runs.all(status: .paused).map(\.id)) == [first, second])
        try store.runs.claimRun(id: first)
        #expect(try store.runs.run(id: first)?.status == .active)
        #expect(try store.runs.all(status: .active).map(\.id) == [first])
    }

    @Test func runsKeepTheVersionTheyWalked() throws {
        let store = try AppDatabase.inMemory()
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        _ = try store.routines.importRoutine(Fixtures.morning(title: "Changed"), source: "m2", at: Fixtures.instant)
        let run = try #require(try store.runs.run(id: id))
        #expect(run.versionNumber == 1)
        #expect(try store.routines.routine(versionID: run.versionID)?.routine == Fixtures.morning())
    }

    @Test func twoStoresOnOneFileExcludeEachOther() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let a = try AppDatabase.open(path: path)
        let b = try AppDatabase.open(path: path)
        let version = try storeWithRoutine(a)
        let id = try a.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        #expect(try b.runs.run(id: id)?.status == .active)
        #expect(throws: StoreError.runInUse(id: id, pid: getpid())) { try b.runs.claimRun(id: id) }
        #expect(throws: StoreError.runNotClaimed(id)) {
            try b.runs.applyStep(
                runID: id, state: state2, records: [], retractions: [], steps: [], at: Fixtures.instant, timeZone: "UTC"
            )
        }
        try a.runs.finishRun(runID: id, status: .paused, state: state2)
        #expect(try b.runs.run(id: id)?.status == .paused)
        try b.runs.claimRun(id: id)
        #expect(try a.runs.run(id: id)?.status == .active)
        #expect(throws: StoreError.runInUse(id: id, pid: getpid())) { try a.runs.claimRun(id: id) }
    }

    @Test func runOfAKilledProcessReadsPausedAndCanBeClaimed() throws {
        let temp = TempDir()
        let path = temp.file("store.sqlite")
        let store = try AppDatabase.open(path: path)
        let version = try storeWithRoutine(store)
        let id = try store.runs.startRun(
            versionID: version, dayKey: Fixtures.day, timeZone: "UTC", state: state1, now: Fixtures.instant)
        store.runs.releaseRun(id: id)
        #expect(try store.runs.run(id: id)?.status == .paused)

        // Another process takes the same OS lock, as a walking `routine` would.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        child.arguments = [
            "-c",
            "import fcntl,sys,time\nf=open(sys.argv[1],'a')\nfcntl.flock(f,fcntl.LOCK_EX)\nprint('held',flush=True)\ntime.sleep(120)",
            "\(path).runs/\(id).lock",
        ]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
        let line = output.fileHandleForReading.availableData
        #expect(String(decoding: line, as: UTF8.self).hasPrefix("held"))

        #expect(try store.runs.run(id: id)?.status == .active)
        // The holder wrote no process id (not a `routine` process): the error has none.
        #expect(throws: StoreError.runInUse(id: id, pid: nil)) { try store.runs.claimRun(id: id) }
        #expect(try store.runs.latestPausedRun() == nil)

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(try store.runs.run(id: id)?.status == .paused)
        #expect(try store.runs.latestPausedRun()?.id == id)
        try store.runs.claimRun(id: id)
        #expect(try store.runs.run(id: id)?.status == .active)
    }
}
