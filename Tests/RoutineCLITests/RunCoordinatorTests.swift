import EndToEndSupport
import Foundation
import LineEditor
import RoutineCore
import RoutineFile
import RoutineStore
import Testing

@testable import RoutineApp
@testable import RoutineCLI

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal that answers from a script: each read takes the next line (then end of
/// input); `beforeRead[n]` runs just before the n-th read (0-based), once its prompt has
/// been shown — where another process would write.
private final class ScriptedTerminal: Terminal {
    private var lines: [String]
    var beforeRead: [Int: () throws -> Void] = [:]
    private(set) var reads = 0
    private(set) var shown: [String] = []
    private(set) var notes: [String] = []
    private(set) var offered: [[String]] = []
    let isShell: Bool

    init(_ lines: [String], isShell: Bool = false) {
        self.lines = lines
        self.isShell = isShell
    }

    var isInteractive: Bool { false }

    func readLine(prompt: String, completions: [String]?) -> LineResult {
        defer { reads += 1 }
        if let hook = beforeRead[reads] {
            do { try hook() } catch { Issue.record("hook failed: \(error)") }
        }
        offered.append(completions ?? [])
        return lines.isEmpty ? .endOfFile : .line(lines.removeFirst())
    }

    func remember(_ line: String) {}
    func show(_ text: String) { shown.append(text) }
    func note(_ text: String) { notes.append(text) }
}

/// The run coordinator and driver in process: a scripted terminal, a real store (in
/// memory, or a file where two stores must share it), the bundled morning check-in.
@Suite struct RunCoordinatorTests {
    private static let day = DayKey("2026-11-22")!
    private static let time = TimeContext(
        now: { Date(timeIntervalSince1970: 1_795_329_000) }, timeZone: TimeZone(identifier: "UTC")!)

    private func morning(in store: AppDatabase) throws -> StoredRoutine {
        let path = Binary.repository.appendingPathComponent("routines/morning-checkin.yaml").path
        let routine = try #require(RoutineFileReader.read(path: path).routine)
        let version = try store.routines.importRoutine(routine, source: "test", at: Self.time.now()).versionID
        return try #require(try store.routines.routine(versionID: version))
    }

    private func open(_ store: AppDatabase, startNew: Bool = false) throws -> (RunCoordinator, RunCoordinator.Opening) {
        try RunCoordinator.open(
            try morning(in: store), dayKey: Self.day, store: store, time: Self.time, timeZoneName: "UTC",
            startNew: startNew)
    }

    private func drive(_ coordinator: RunCoordinator, _ terminal: ScriptedTerminal) throws -> RunDriver.Ending {
        var driver = RunDriver(
            coordinator: coordinator, format: .text, terminal: terminal, style: Style(enabled: false))
        return try driver.drive()
    }

    private func live(_ store: AppDatabase) throws -> [String] {
        try store.entries.list(from: Self.day, to: Self.day).map { entry in
            entry.value.map { "\(entry.habit) \(JSONValue.number($0).text)" } ?? entry.habit
        }
    }

    @Test func backRetractsAndTheNewAnswerIsRecordedOnce() throws {
        let store = try AppDatabase.inMemory()
        let (run, opening) = try open(store)
        #expect(opening == .started)
        let terminal = ScriptedTerminal(["1", "12", "back", "15", "n", "y"])
        #expect(try drive(run, terminal) == .finished(.completed))
        #expect(try live(store) == ["Meditate 15", "Journal"])
        #expect(try store.entries.list(from: Self.day, to: Self.day, includeDeleted: true).count == 3)
        #expect(try store.runs.run(id: run.runID)?.status == .completed)
        // Tab at a question offered its options and the run commands, passed with the read.
        #expect(terminal.offered.first?.contains("Great!") == true)
        #expect(terminal.offered.first?.contains("back") == true)
    }

    @Test func pauseThenResumeContinuesAtTheNextPromptWithoutWritingTwice() throws {
        let store = try AppDatabase.inMemory()
        let (run, _) = try open(store)
        #expect(try drive(run, ScriptedTerminal(["1", "12", "pause"])) == .finished(.paused))
        #expect(try store.runs.run(id: run.runID)?.status == .paused)
        let resumed = try RunCoordinator.resume(run.runID, store: store, time: Self.time, timeZoneName: "UTC")
        #expect(!resumed.wasRepaired)
        #expect(resumed.prompt?.node == "water")
        #expect(try drive(resumed, ScriptedTerminal(["y", "y"])) == .finished(.completed))
        #expect(try live(store) == ["Meditate 12", "Drink Water", "Journal"])
    }

    @Test func endOfInputPausesAndIsReportedAsSuch() throws {
        let store = try AppDatabase.inMemory()
        let (run, _) = try open(store)
        let terminal = ScriptedTerminal(["1"])
        #expect(try drive(run, terminal) == .endOfInput)
        #expect(try store.runs.run(id: run.runID)?.status == .paused)
        #expect(
            terminal.shown.last?.hasPrefix("Paused; recorded nothing so far. Continue with: routine resume ") == true)
        // In the shell, `quit` at a run prompt is the same end, named as a shell command.
        let (again, opening) = try open(store)
        guard case .resumed(let info) = opening else {
            Issue.record("expected the paused run to be resumed, got \(opening)")
            return
        }
        #expect(info.id == run.runID)
        let shell = ScriptedTerminal(["quit"], isShell: true)
        #expect(try drive(again, shell) == .endOfInput)
        #expect(shell.shown.last?.contains("Continue with: resume \(run.runID.short)") == true)
    }

    @Test func aHabitLoggedBeforeThePromptIsSteppedOverAsAlreadyDone() throws {
        let store = try AppDatabase.inMemory()
        _ = try store.entries.logEntry(
            habit: "Meditate", value: 5, unit: "min", dayKey: Self.day, at: Self.time.now(), timeZone: "UTC", note: nil)
        let (run, _) = try open(store)
        let terminal = ScriptedTerminal(["1", "y", "y"])
        #expect(try drive(run, terminal) == .finished(.completed))
        #expect(terminal.shown.contains("✓ Meditate: already done today"))
        #expect(try live(store) == ["Meditate 5", "Drink Water", "Journal"])
    }

    @Test func anAnswerToAHabitRecordedElsewhereSincePromptWritesNothing() throws {
        let store = try AppDatabase.inMemory()
        let (run, _) = try open(store)
        let terminal = ScriptedTerminal(["1", "20", "y", "y"])
        // While the Meditate prompt is shown (the second read), another terminal logs it.
        terminal.beforeRead[1] = {
            _ = try store.entries.logEntry(
                habit: "meditate", value: 10, unit: nil, dayKey: Self.day, at: Self.time.now(), timeZone: "UTC",
                note: nil)
        }
        #expect(try drive(run, terminal) == .finished(.completed))
        #expect(try live(store) == ["Meditate 10", "Drink Water", "Journal"])
        #expect(terminal.shown.contains { $0.hasPrefix("✓ Meditate was recorded for 2026-11-22 elsewhere meanwhile") })
        #expect(!terminal.shown.contains("✓ Meditate: already done today"), "said once, not twice")
        let answers = try RunState.decode(
            try #require(try store.runs.run(id: run.runID)), routine: try morning(in: store).routine
        ).steps.map(\.answer)
        #expect(answers.contains(.alreadyDone))
        #expect(!answers.contains(.done(value: 20)))
    }

    @Test func oneUnfinishedRunPerRoutineAndDay() throws {
        let temp = try TemporaryDirectory()
        let path = temp.store
        let first = try AppDatabase.open(path: path)
        let (run, _) = try open(first)
        // Another process (another store on the file) cannot open that day's run while it is walked.
        let other = try AppDatabase.open(path: path)
        #expect(throws: StoreError.runInUse(id: run.runID, pid: getpid())) { _ = try open(other) }
        #expect(try drive(run, ScriptedTerminal(["1", "pause"])) == .finished(.paused))
        // Paused: `run` again continues it.
        let (resumed, opening) = try open(other)
        guard case .resumed(let info) = opening else {
            Issue.record("expected the paused run to be resumed, got \(opening)")
            return
        }
        #expect(info.id == run.runID && resumed.runID == run.runID)
        #expect(try drive(resumed, ScriptedTerminal(["pause"])) == .finished(.paused))
        // --new aborts it and starts afresh.
        let (fresh, restarted) = try open(other, startNew: true)
        #expect(restarted == .restarted(abandoned: run.runID))
        #expect(fresh.runID != run.runID)
        #expect(try other.runs.run(id: run.runID)?.status == .aborted)
    }

    @Test func aResumeContinuesFromTheStateSavedLastNotAnOlderOne() throws {
        let temp = try TemporaryDirectory()
        let a = try AppDatabase.open(path: temp.store)
        let b = try AppDatabase.open(path: temp.store)
        let (run, _) = try open(a)
        #expect(try drive(run, ScriptedTerminal(["1", "12", "pause"])) == .finished(.paused))
        let staleState = try #require(try a.runs.run(id: run.runID)).state
        // Process B resumes, goes back over Meditate, answers 20, pauses.
        let resumedByB = try RunCoordinator.resume(run.runID, store: b, time: Self.time, timeZoneName: "UTC")
        #expect(try drive(resumedByB, ScriptedTerminal(["back", "20", "pause"])) == .finished(.paused))
        // The claim returns the state saved last, read in the claim's transaction.
        let claimed = try a.runs.claimRun(id: run.runID, at: Self.time.now())
        #expect(claimed.state != staleState)
        a.runs.releaseRun(id: run.runID)
        // A late process that saved the old state anyway (the fault of issue 13.1) leaves
        // the run repaired from its entries, never a dead end.
        try a.runs.finishRun(runID: run.runID, status: .paused, state: staleState, at: Self.time.now())
        let repaired = try RunCoordinator.resume(run.runID, store: a, time: Self.time, timeZoneName: "UTC")
        #expect(repaired.wasRepaired)
        // Meditate's stale answer is dropped and its recorded entry (20) counts as done.
        #expect(repaired.prompt?.node == "water")
        #expect(try drive(repaired, ScriptedTerminal(["y", "y"])) == .finished(.completed))
        #expect(try live(a) == ["Meditate 20", "Drink Water", "Journal"])
    }

    @Test func anUnreadableSavedStateIsRebuiltFromTheRunsEntries() throws {
        let temp = try TemporaryDirectory()
        let store = try AppDatabase.open(path: temp.store)
        let (run, _) = try open(store)
        #expect(try drive(run, ScriptedTerminal(["1", "12", "pause"])) == .finished(.paused))
        try store.runs.finishRun(
            runID: run.runID, status: .paused, state: Data("{\"nextToken\":1e400}".utf8), at: Self.time.now())
        let rebuilt = try RunCoordinator.resume(run.runID, store: store, time: Self.time, timeZoneName: "UTC")
        #expect(rebuilt.wasRepaired)
        // The question is asked again; Meditate, recorded, is stepped over.
        #expect(rebuilt.prompt?.node == "feeling")
        let terminal = ScriptedTerminal(["1", "y", "y"])
        #expect(try drive(rebuilt, terminal) == .finished(.completed))
        #expect(terminal.shown.contains("✓ Meditate: already done today"))
        #expect(try live(store) == ["Meditate 12", "Drink Water", "Journal"])
    }

    @Test func anArchivedRoutineIsNotRun() throws {
        let store = try AppDatabase.inMemory()
        let routine = try morning(in: store)
        try store.routines.archiveRoutine(slug: "morning-checkin", at: Self.time.now())
        #expect(throws: StoreError.routineArchived("morning-checkin")) {
            _ = try RunCoordinator.open(routine, dayKey: Self.day, store: store, time: Self.time, timeZoneName: "UTC")
        }
        #expect(try store.runs.all().isEmpty)
    }

    @Test func anArchivedHabitIsNeverDueInARun() throws {
        let store = try AppDatabase.inMemory()
        let routine = try morning(in: store)
        _ = try store.habits.archiveHabit("Drink Water", at: Self.time.now())
        let (run, _) = try RunCoordinator.open(
            routine, dayKey: Self.day, store: store, time: Self.time, timeZoneName: "UTC")
        let terminal = ScriptedTerminal(["1", "12", "y"])
        #expect(try drive(run, terminal) == .finished(.completed))
        #expect(terminal.shown.contains("– Drink Water: not due today (archived)"))
        #expect(try live(store) == ["Meditate 12", "Journal"])
    }

    @Test func aDryRunWritesNothing() throws {
        let store = try AppDatabase.inMemory()
        let routine = try morning(in: store)
        let dry = try RunCoordinator.dryRun(routine: routine.routine, dayKey: Self.day, store: store, time: Self.time)
        let terminal = ScriptedTerminal(["1", "12", "y", "y"])
        #expect(try drive(dry, terminal) == .finished(.completed))
        #expect(try live(store).isEmpty)
        #expect(try store.runs.all().isEmpty)
        #expect(terminal.shown.last?.hasPrefix("Dry run complete; nothing was written.") == true)
    }
}
