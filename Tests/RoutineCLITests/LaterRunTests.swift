import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// SPEC §17.4 through the binary: `l` at a habit prompt, the run's summary, and a second
/// `run` of the routine that day asking only what was left for later.
@Suite struct LaterRunTests {
    static let routine = """
        routine: day
        start: [water]
        nodes:
          water:
            habit: Water
            next: [mood]
          mood:
            question: Mood?
            options:
              - text: Fine
                next: [nap]
              - text: Tired
            next: [read]
          nap:
            habit: Nap
            next: [walk]
          walk:
            habit: Walk
          read:
            habit: Read
        """

    private func setUp() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.ok(["import", try e2e.folder.write("day.yaml", Self.routine)])
        return e2e
    }

    private func steps(_ transcript: Any) -> [String] {
        let document = transcript as? [String: Any]
        return ((document?["steps"] as? [[String: Any]]) ?? []).map { "\($0["node"] ?? "")=\($0["answer"] ?? "")" }
    }

    @Test func aMorningRunLeavesTwoHabitsAndTheEveningRunAsksOnlyThem() throws {
        let e2e = try setUp()
        let morning = try e2e.run(["run", "day"], input: EndToEnd.lines(["y", "1", "l", "later", "y"]))
        #expect(morning.status == 0)
        #expect(morning.stdout.contains("Nap: done? (y = done, n = skip, l = later)"))
        #expect(morning.stdout.contains("Completed for 2026-11-22; left for later: Nap, Walk; recorded Water, Read."))
        #expect(morning.stdout.contains("'routine run day' again asks only those."))

        let evening = try e2e.run(["run", "day"], input: EndToEnd.lines(["y", "n"]))
        #expect(evening.status == 0)
        // Only the habits left for later are asked: no Water, no Mood?, no Read.
        let prompts = evening.stdout.split(separator: "\n").filter { $0.contains("?") }
        #expect(
            prompts == ["Nap: done? (y = done, n = skip, l = later)", "Walk: done? (y = done, n = skip, l = later)"])
        #expect(evening.stderr.contains("left for later: Nap, Walk; your other answers stand"))
        #expect(evening.stdout.contains("Completed for 2026-11-22: recorded Water, Read, Nap."))
        #expect(try e2e.entries().map { $0["habit"] as? String } == ["Water", "Read", "Nap"])

        // One run, its answers as they stand; the question's recorded answer kept its row.
        let runs = try #require(try e2e.json(["runs", "--format", "json"]) as? [[String: Any]])
        #expect(runs.count == 1)
        let id = try #require(runs.first?["run"] as? String)
        let shown = try #require(try e2e.json(["runs", "show", id, "--format", "json"]) as? [String: Any])
        let all = (shown["steps"] as? [[String: Any]]) ?? []
        let live = all.filter { ($0["retracted"] as? Bool) != true }.map { "\($0["node"] ?? "")=\($0["answer"] ?? "")" }
        #expect(live == ["water=done", "mood=Fine", "read=done", "nap=done", "walk=skipped"])
        // Only the two later steps were replaced: the question's answer kept its row and uid.
        #expect(
            all.filter { ($0["retracted"] as? Bool) == true }.map { $0["answer"] as? String } == ["later", "later"])
        #expect(try e2e.ok(["answers", "Mood?"]).components(separatedBy: "Fine").count == 2)
    }

    @Test func theTranscriptSaysLaterAndBackUndoesIt() throws {
        let e2e = try setUp()
        let first = try e2e.json(
            ["run", "day", "--format", "json"], input: EndToEnd.lines(["y", "1", "l", "back", "l", "l", "n"]))
        #expect(steps(first) == ["water=done", "mood=Fine", "nap=later", "walk=later", "read=skipped"])
        // `back` at the pass's first prompt has nothing of the pass to undo (the morning's
        // answers stand); then Nap done, undone by `back` (its entry retracted), skipped.
        let second = try e2e.run(
            ["run", "day", "--format", "json"], input: EndToEnd.lines(["back", "y", "back", "n", "y"]))
        #expect(second.stderr.contains("nothing to undo"))
        let document = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8))
        #expect(steps(document) == ["water=done", "mood=Fine", "nap=skipped", "walk=done", "read=skipped"])
        #expect((document as? [String: Any])?["status"] as? String == "completed")
        #expect(try e2e.entries().map { $0["habit"] as? String } == ["Water", "Walk"])
    }

    @Test func aHabitLeftForLaterAndLoggedIsNotAskedAgain() throws {
        let e2e = try setUp()
        try e2e.ok(["run", "day"], input: EndToEnd.lines(["y", "1", "l", "l", "y"]))
        try e2e.ok(["log", "Nap"])
        let evening = try e2e.json(["run", "day", "--format", "json"], input: EndToEnd.lines(["n"]))
        #expect(steps(evening) == ["water=done", "mood=Fine", "nap=already-done", "walk=skipped", "read=done"])
    }

    @Test func helpAtAPromptMentionsLater() throws {
        let e2e = try setUp()
        let run = try e2e.run(["run", "day"], input: EndToEnd.lines(["help", "abort"]))
        #expect(run.stdout.contains("l or later leaves it for later"))
    }

    @Test func routineTestAcceptsLaterAnswers() throws {
        let e2e = try setUp()
        let file = try e2e.folder.write(
            "day.test.yml",
            """
            routine: day
            cases:
              - name: later
                day: 2026-11-22
                answers: [y, 1, l, l, n]
                asks: [water, mood, nap, walk, read]
                records: [Water]
                status: completed
            """)
        let result = try e2e.run(["test", file])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}

/// SPEC §17.7: option numbers stay those of the file; `log` of a binary habit done twice;
/// `log` with unquoted names and amounts.
@Suite struct SmallTruthsTests {
    @Test func aHiddenOptionKeepsTheOtherNumbersAndItsOwnSaysNotOffered() throws {
        let e2e = try EndToEnd()
        // 2026-11-22 is a Sunday: Weekday is hidden.
        let file = try e2e.folder.write(
            "pick.yaml",
            """
            routine: pick
            start: [q]
            nodes:
              q:
                question: Which?
                options:
                  - text: Rest
                  - text: Weekday
                    when: weekday in [mon, tue, wed, thu, fri]
                  - text: Swim
                    next: [swim]
                  - text: Run
              swim:
                habit: Swim
            """)
        try e2e.ok(["import", file])
        let run = try e2e.run(["run", "pick", "--format", "json"], input: EndToEnd.lines(["2", "3", "y"]))
        #expect(run.status == 0)
        #expect(run.stderr.contains("2. Weekday is not offered today (its when: does not hold)"))
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let answers = ((document["steps"] as? [[String: Any]]) ?? []).map { $0["answer"] as? String }
        #expect(answers == ["Swim", "done"])
        let text = try e2e.run(["run", "pick", "--dry-run"], input: EndToEnd.lines(["4"]))
        #expect(text.stdout.contains("  1. Rest\n  3. Swim\n  4. Run\n"))
    }

    @Test func aSecondLogOfABinaryHabitIsRecordedAndSaidSo() throws {
        let e2e = try EndToEnd()
        let first = try e2e.ok(["log", "Vitamins", "--new"])
        #expect(!first.contains("entry today"))
        let second = try e2e.ok(["log", "Vitamins"])
        #expect(second.contains("logged Vitamins on 2026-11-22 (entry 2)"))
        #expect(second.contains("Vitamins: 2nd entry today; routine delete 2 takes it back"))
        let past = try e2e.ok(["log", "Vitamins", "--day", "2026-11-20"])
        #expect(!past.contains("entry on"))
        try e2e.ok(["log", "Vitamins", "--day", "2026-11-20"])
        let third = try e2e.ok(["log", "Vitamins", "--day", "2026-11-20"])
        #expect(third.contains("Vitamins: 3rd entry on 2026-11-20; routine delete 5 takes it back"))
        #expect(try e2e.entries().count == 5)
    }

    @Test func logTakesUnquotedNamesAndAmounts() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Read", "10", "min", "--new"])
        try e2e.ok(["log", "Go for a walk", "--new"])
        #expect(try e2e.ok(["log", "Read", "25", "min"]).contains("logged Read 25 min"))
        #expect(try e2e.ok(["log", "Go", "for", "a", "walk"]).contains("logged Go for a walk on"))
        // A new habit of several words with an amount.
        #expect(try e2e.ok(["log", "Cold", "shower", "3", "min", "--new"]).contains("logged Cold shower 3 min"))
        // Two readings that both name habits: one clear line.
        try e2e.ok(["log", "Read 25", "--new"])
        let ambiguous = try e2e.run(["log", "Read", "25"])
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.stderr.contains("'Read 25' can be read as 'Read 25' or 'Read' with 25: quote the habit's name"))
        let unknown = try e2e.run(["log", "Reed", "25", "min"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("Reed"))
    }
}

/// `later` in the REPL through a real pseudo-terminal: Tab completes it at a habit prompt,
/// and `run` again in the same session asks only what was left.
@Suite(.serialized) struct LaterReplTests {
    @Test func tabCompletesLaterAndTheSecondRunAsksOnlyWhatWasLeft() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["import", try e2e.folder.write("day.yaml", LaterRunTests.routine)])
        let terminal = try e2e.terminal()
        try terminal.expectPrompt("routine> ")
        try terminal.send("run day\r")
        try terminal.expect("Water: done? (y = done, n = skip, l = later)")
        try terminal.expectPrompt("day> ")
        try terminal.send("y\r")
        try terminal.expectPrompt("day> ")
        try terminal.send("1\r")
        try terminal.expect("Nap: done?")
        try terminal.expectPrompt("day> ")
        try terminal.send("la\t")
        try terminal.expect("later")
        try terminal.send("\r")
        try terminal.expect("Walk: done?")
        try terminal.expectPrompt("day> ")
        try terminal.send("l\r")
        try terminal.expect("Read: done?")
        try terminal.expectPrompt("day> ")
        try terminal.send("y\r")
        try terminal.expect("left for later: Nap, Walk")
        try terminal.expect("'run day' again asks only those.")
        try terminal.expectPrompt("routine> ")
        try terminal.send("run day\r")
        try terminal.expect("Nap: done?")
        try terminal.expectPrompt("day> ")
        try terminal.send("y\r")
        try terminal.expect("Walk: done?")
        try terminal.expectPrompt("day> ")
        try terminal.send("n\r")
        try terminal.expect("Completed for 2026-11-22: recorded Water, Read, Nap.")
        try terminal.expectPrompt("routine> ")
        try terminal.send("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }
}
