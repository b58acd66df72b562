import Foundation
import TestSupport
import Testing

@testable import RoutineCore

@Suite struct WalkerResumeTests {
    /// What a host sees of a run: each prompt shown and each event.
    private struct Log: Equatable {
        var prompts: [Prompt?] = []
        var events: [WalkerEvent] = []
    }

    /// Feeds `lines` from `start`, logging the prompt before each line and the event.
    private func play(_ walker: inout Walker, _ lines: ArraySlice<String>) -> Log {
        var log = Log()
        for line in lines {
            log.prompts.append(walker.prompt)
            log.events.append(walker.handle(line))
        }
        log.prompts.append(walker.prompt)
        return log
    }

    /// Plays `lines` straight through and, for every k, pauses after k lines, saves to
    /// JSON, restores, resumes and plays the rest: everything must be the same.
    private func checkResumeEverywhere(_ routine: Routine, _ lines: [String], done: Set<HabitKey> = []) throws {
        var straight = Walker(routine: routine, dayKey: testDay, alreadyDone: done)
        let whole = play(&straight, lines[...])
        let expectedTranscript = Transcript(run: "r", walker: straight, dryRun: false)
        for k in 0...lines.count {
            var first = Walker(routine: routine, dayKey: testDay, alreadyDone: done)
            let before = play(&first, lines[..<k])
            guard first.status == .active else { continue }
            #expect(first.handle("pause") == .paused)
            var second = try first.roundTripped()
            #expect(second.status == .paused)
            #expect(second.prompt == nil)
            #expect(second.resume().isEmpty)
            let after = play(&second, lines[k...])
            #expect(before.events + after.events == whole.events, "paused after \(k) lines")
            #expect(before.prompts.dropLast() + after.prompts == whole.prompts, "paused after \(k) lines")
            #expect(Transcript(run: "r", walker: second, dryRun: false) == expectedTranscript)
            #expect(second.nextToken == straight.nextToken)
        }
    }

    @Test func pauseAndResumeAtEveryPromptOfTheMorningRun() throws {
        try checkResumeEverywhere(morningRoutine(), ["1", "x", "", "y", "back", "n", "y", "12.5"])
        try checkResumeEverywhere(morningRoutine(), ["3", "n", "help", "y"])
        try checkResumeEverywhere(morningRoutine(), ["2", "y", "back", "back", "1", "y", "y"], done: ["drink water"])
    }

    @Test func pauseAndResumeOnRandomRoutines() throws {
        var random = SeededGenerator(seed: 77)
        let vocabulary = ["1", "2", "3", "y", "n", "back", "7", "o1", "", "12"]
        for seed in 0..<40 {
            let routine = RandomRoutines.make(nodes: 3 + seed % 10, seed: UInt64(9000 + seed), habitPool: 3)
            let lines = (0..<12).map { _ in vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)] }
            try checkResumeEverywhere(routine, lines, done: seed % 3 == 0 ? ["habit 0"] : [])
        }
    }

    @Test func savedFormIsStableJSON() throws {
        var walker = Walker(routine: morningRoutine(), dayKey: testDay, alreadyDone: ["journal", "drink water"])
        _ = walker.handle("1")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(walker)
        let restored = try JSONDecoder().decode(Walker.self, from: data)
        #expect(try encoder.encode(restored) == data)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["knownDone"] as? [String] == ["drink water", "journal"])
        #expect(object?["status"] as? String == "active")
        #expect(object?["dayKey"] as? String == "2026-11-22")
    }

    @Test func damagedSavedRunsDoNotDecode() throws {
        var walker = Walker(routine: morningRoutine(), dayKey: testDay)
        _ = walker.feed(["1", "y"])
        let data = try JSONEncoder().encode(walker)
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            var steps = object["steps"] as? [[String: Any]]
        else {
            Issue.record("unexpected saved form")
            return
        }
        func decodes(_ change: (inout [String: Any]) -> Void) throws -> Bool {
            var copy = object
            change(&copy)
            let bytes = try JSONSerialization.data(withJSONObject: copy)
            return (try? JSONDecoder().decode(Walker.self, from: bytes)) != nil
        }
        #expect(try decodes { _ in })
        // Steps out of order.
        #expect(try !decodes { $0["steps"] = Array(steps.reversed()) })
        // A node not activated by the steps before it (walk belongs to "Okay").
        steps[1]["node"] = "walk"
        steps[1]["nodeIndex"] = 3
        #expect(try !decodes { $0["steps"] = steps })
        // An index out of range.
        steps[1]["nodeIndex"] = 99
        #expect(try !decodes { $0["steps"] = steps })
        // An unknown format.
        object["format"] = 3
        #expect(try !decodes { _ in })
    }

    @Test func aRunSavedWhileActiveResumesWithoutWritingTwice() throws {
        // The host saved the walker after "1", then wrote water's entry (token 1) and died
        // before saving again. The store knows the entry; the saved walker does not.
        var walker = Walker(routine: morningRoutine(), dayKey: testDay)
        _ = walker.handle("1")
        var restored = try walker.roundTripped()
        #expect(restored.status == .active)
        let changed = restored.reconcile(recorded: [1])
        #expect(changed)
        #expect(restored.refreshAlreadyDone(["drink water"]).map(\.node) == ["water"])
        #expect(restored.resume().isEmpty)
        #expect(restored.prompt?.node == "meditate")
        guard case .record(let entry) = restored.handle("5").effects.first else {
            Issue.record("no entry")
            return
        }
        #expect(entry.token == 2, "token 1 is taken by the entry written before the crash")
        #expect(restored.entries.map(\.habit) == ["Meditate"])
        #expect(restored.status == .completed)
    }

    @Test func aStaleStateIsRepairedFromTheRecordedEntries() throws {
        // A state saved after water (token 1) and meditate (token 2); another process then
        // went back over meditate (its entry retracted, token 2 gone) and answered it again
        // (token 3). A late process saving the old state must not make the run a dead end.
        var walker = Walker(routine: morningRoutine(), dayKey: testDay)
        _ = walker.feed(["1", "y"])
        guard case .record(let meditate) = walker.handle("5").effects.first else {
            Issue.record("no entry")
            return
        }
        #expect(meditate.token == 2)
        var stale = try walker.roundTripped()
        let repaired = stale.reconcile(recorded: [1, 3])
        #expect(repaired)
        // Meditate's answer (token 2, no longer recorded) is dropped; its prompt is current again.
        #expect(stale.steps.compactMap(\.token) == [1])
        // Token 3 is this run's live entry for meditate: already done, stepped over when
        // the run continues (it had completed, so the repair left it paused).
        stale.refreshAlreadyDone(["drink water", "meditate"])
        #expect(stale.resume().map(\.node) == ["meditate"])
        #expect(stale.status == .completed)
        #expect(stale.snapshot.nextToken == 4, "tokens count on above every recorded one")
        // A state that agrees with its entries is left alone.
        var agreeing = try walker.roundTripped()
        let unchanged = !agreeing.reconcile(recorded: [1, 2])
        #expect(unchanged)
    }

    @Test func snapshotWithoutTheRoutineRestoresTheSameRun() throws {
        var walker = Walker(routine: morningRoutine(), dayKey: testDay, alreadyDone: ["journal"])
        _ = walker.feed(["1", "y"])
        let data = try JSONEncoder().encode(walker.snapshot)
        let snapshot = try JSONDecoder().decode(WalkerSnapshot.self, from: data)
        #expect(snapshot == walker.snapshot)
        var restored = try Walker(routine: morningRoutine(), snapshot: snapshot, status: walker.status)
        #expect(restored.prompt == walker.prompt)
        #expect(restored.handle("4") == walker.handle("4"))
        #expect(
            Transcript(run: "r", walker: restored, dryRun: false)
                == Transcript(run: "r", walker: walker, dryRun: false))
        // Another routine does not fit these steps.
        #expect(throws: WalkerError.self) {
            try Walker(routine: trainingRoutine(), snapshot: snapshot, status: walker.status)
        }
        var future = snapshot
        future.format = 3
        #expect(throws: WalkerError.unsupportedFormat(3)) {
            try Walker(routine: morningRoutine(), snapshot: future, status: walker.status)
        }
    }
}
