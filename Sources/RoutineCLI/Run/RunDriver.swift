import Foundation
import LineEditor
import RoutineCore
import RoutineStore

/// Walks one run in a terminal or over piped input: one prompt at a time, and every
/// entry the walker asks for written to the store (with the walker's new state, in one
/// transaction) before the next prompt shows. A dry run writes nothing.
///
/// All flow logic is the walker's; this type only shows, reads and writes.
struct RunDriver {
    enum Mode {
        /// A stored run this process has claimed.
        case real(store: AppDatabase, runID: String)
        /// Nothing is written; `store` (if any) is read for already-done habits.
        case dryRun(store: AppDatabase?, runID: String)
    }

    /// How the run stopped, for the REPL: end of input inside a run leaves the REPL too.
    enum Ending {
        case finished(RunStatus)
        case endOfInput
    }

    var walker: Walker
    let mode: Mode
    let format: TextOrJSON
    let settings: Settings
    let slug: String

    private var store: AppDatabase? {
        switch mode {
        case .real(let store, _): store
        case .dryRun(let store, _): store
        }
    }

    private var runID: String {
        switch mode {
        case .real(_, let id), .dryRun(_, let id): id
        }
    }

    private var isDryRun: Bool {
        if case .dryRun = mode { return true }
        return false
    }

    /// Drives the run until it completes, pauses, is aborted, or input ends.
    mutating func drive() throws -> Ending {
        var endedByInput = false
        defer { Session.shared.runCompletions = nil }
        while walker.status == .active {
            try refreshKnowledge()
            guard walker.status == .active, let prompt = walker.prompt else { break }
            if format == .text { Output.line(prompt.render()) }
            Session.shared.runCompletions = prompt.answerWords + Prompt.runCommands
            let marker = "\(slug)> "
            switch Prompter.read(marker: marker) {
            case .endOfFile:
                walker.pause()
                endedByInput = true
            case .interrupted:
                walker.pause()
            case .line(let line) where Session.shared.isREPL && Self.leavesTheShell(line):
                // SPEC §8: quit and exit leave the shell from anywhere, pausing the run.
                walker.pause()
                endedByInput = true
            case .line(let line):
                try handle(line)
            }
        }
        try finish()
        return endedByInput ? .endOfInput : .finished(walker.status)
    }

    /// `quit` or `exit` typed at a run's prompt in the REPL.
    static func leavesTheShell(_ line: String) -> Bool {
        ["quit", "exit"].contains(line.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    /// Tells the walker which habits have live entries on the run's day (other runs and
    /// `routine log` may have added some since the last prompt).
    private mutating func refreshKnowledge() throws {
        guard let store else { return }
        let stepped = walker.refreshAlreadyDone(try store.liveHabitKeys(on: walker.dayKey))
        guard !stepped.isEmpty else { return }
        show(steppedOver: stepped)
        try persist([])
    }

    private mutating func handle(_ line: String) throws {
        let event = walker.handle(line)
        switch event {
        case .answered(let effects, let stepped), .wentBack(let effects, let stepped):
            try persist(effects)
            show(steppedOver: stepped)
        case .paused, .aborted:
            break
        case .ignored:
            break
        case .nothingToUndo, .rejected, .help:
            if let message = event.message { say(message) }
        }
    }

    /// Writes the effects and the walker's state in one transaction (real runs only).
    private func persist(_ effects: [WalkerEffect]) throws {
        guard case .real(let store, let runID) = mode else { return }
        var records: [RunEntryRecord] = []
        var retractions: [Int] = []
        for effect in effects {
            switch effect {
            case .record(let draft):
                records.append(RunEntryRecord(token: draft.token, habit: draft.habit, value: draft.value))
            case .retract(let token): retractions.append(token)
            }
        }
        try store.applyStep(
            runID: runID, state: try RunState.encode(walker), records: records, retractions: retractions,
            at: settings.time.now(), timeZone: settings.timeZoneName)
    }

    private func finish() throws {
        if case .real(let store, let runID) = mode {
            try store.finishRun(
                runID: runID, status: walker.status == .active ? .paused : walker.status,
                state: try RunState.encode(walker), at: settings.time.now())
        }
        switch format {
        case .json:
            Output.line(Transcript.json(run: runID, walker: walker, dryRun: isDryRun))
        case .text:
            RunSummary.print(walker: walker, runID: runID, dryRun: isDryRun, store: store, settings: settings)
        }
    }

    private func show(steppedOver steps: [Step]) {
        guard format == .text else { return }
        for step in steps {
            if let reason = step.reason {
                Output.line(Output.style.dim("– \(step.text): not due today (\(reason))"))
            } else {
                Output.line(Output.style.dim("✓ \(step.text): already done today"))
            }
        }
    }

    /// Hints and help: on standard output with the prompts, on standard error when
    /// standard output carries the JSON transcript.
    private func say(_ message: String) {
        if format == .text { Output.line(message) } else { Output.note(message) }
    }
}

/// The walker state a store keeps for a run: the walker's snapshot (the routine itself
/// is stored once, as the version the run walks).
enum RunState {
    static func encode(_ walker: Walker) throws -> Data {
        try JSONEncoder().encode(walker.snapshot)
    }

    static func decode(_ data: Data, routine: Routine) throws -> Walker {
        let snapshot: WalkerSnapshot
        do {
            snapshot = try JSONDecoder().decode(WalkerSnapshot.self, from: data)
        } catch {
            throw CLIError(
                "the saved state of this run cannot be read (\(error.localizedDescription)); it cannot be resumed")
        }
        do {
            return try Walker(routine: routine, snapshot: snapshot)
        } catch {
            throw CLIError("the saved state of this run does not fit its routine (\(error)); it cannot be resumed")
        }
    }
}
