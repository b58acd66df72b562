import EndToEndSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real runs against a real store file (SPEC §4.3, §5), through the built binary.
@Suite(.serialized) struct RunStoreTests {
    private func transcript(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func summary(_ entries: [[String: Any]]) -> [String] {
        entries.map { entry in
            let value = entry["value"].flatMap { $0 is NSNull ? nil : "\($0)" } ?? "-"
            return "\(entry.string("habit") ?? "?") \(entry.string("dayKey") ?? "?") \(value)"
        }
    }

    @Test func aRealRunWritesEntriesAndSkippedHabitsWriteNone() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let run = try transcript(
            try e2e.ok(["run", "morning-checkin", "--format", "json"], input: EndToEnd.lines(["1", "12", "n", "y"])))
        #expect(run["status"] as? String == "completed")
        #expect(run["dryRun"] as? Bool == false)
        let id = try #require(run["run"] as? String)
        #expect(isUUID(id))
        let entries = try e2e.entries()
        #expect(summary(entries) == ["Meditate 2026-11-22 12", "Journal 2026-11-22 -"])
        for entry in entries {
            #expect(entry.string("run") == id)
            #expect(entry.string("timestamp") == "2026-11-22T06:30:00Z")
            #expect(entry.string("timeZone") == "UTC")
            #expect(entry.isNull("deletedAt"))
            #expect(entry.isNull("note"))
            #expect(Int(entry.string("id") ?? "") != nil)
        }
        // `runs` shows ids by their first 8 characters (SPEC §11).
        #expect(try e2e.ok(["runs"]).contains("\(id.prefix(8))  2026-11-22  morning-checkin v1  completed"))
    }

    @Test func aRealRunOfAFileImportsItFirstAndRefusesAFileWithErrors() throws {
        let e2e = try EndToEnd()
        let run = try transcript(
            try e2e.ok(
                ["run", EndToEnd.routineFile("training"), "--format", "json"], input: EndToEnd.lines(["y", "5", "n"])))
        #expect(run["status"] as? String == "completed")
        #expect(try e2e.ok(["list"]) == "training  Training Log  v1, 8 nodes\n")
        #expect(summary(try e2e.entries()) == ["Warm-up 2026-11-22 10"])
        _ = try e2e.folder.write(
            "broken.yaml", "routine: broken\nstart: [a]\nnodes:\n  a:\n    habit: A\n    next: [a]\n")
        let broken = try e2e.run(["run", "broken.yaml"], input: "y\n")
        #expect(broken.status == 1)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.contains("broken.yaml:6:12: error: cycle: a -> a [cycle]"))
        #expect(try e2e.ok(["list"]) == "training  Training Log  v1, 8 nodes\n")
        #expect(try e2e.ok(["runs"]).split(separator: "\n").count == 1)
    }

    @Test func backSoftDeletesTheEntryItRetracts() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin"], input: EndToEnd.lines(["1", "y", "back", "n", "y", "y"]))
        #expect(summary(try e2e.entries()) == ["Drink Water 2026-11-22 -", "Journal 2026-11-22 -"])
        let all = try e2e.entries(all: true)
        #expect(summary(all) == ["Meditate 2026-11-22 10", "Drink Water 2026-11-22 -", "Journal 2026-11-22 -"])
        let meditate = try #require(all.first)
        #expect(meditate.string("deletedAt") == "2026-11-22T06:30:00Z")
        #expect(all.dropFirst().allSatisfy { $0.isNull("deletedAt") })
        // Metrics ignore it.
        let stats = try #require(try e2e.json(["stats", "Meditate", "--format", "json"]) as? [[String: Any]])
        #expect(stats.first?["doneToday"] as? Bool == false)
    }

    @Test func aSecondRunTheSameDayShowsAlreadyDoneAndWritesNothingTwice() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin"], input: EndToEnd.lines(["1", "y", "y", "y"]))
        let second = try transcript(
            try e2e.ok(["run", "morning-checkin", "--format", "json"], input: EndToEnd.lines(["2", "y"])))
        let steps = try #require(second["steps"] as? [[String: Any]])
        #expect(steps.map { $0.string("answer") ?? "?" } == ["Okay", "already-done", "done", "already-done"])
        #expect(steps.map { $0.string("node") ?? "?" } == ["feeling", "water", "walk", "journal"])
        #expect(second["status"] as? String == "completed")
        #expect((second["entries"] as? [Any])?.count == 1)
        #expect(
            summary(try e2e.entries()) == [
                "Meditate 2026-11-22 10", "Drink Water 2026-11-22 -", "Journal 2026-11-22 -",
                "Go for a walk 2026-11-22 -",
            ])
        // Text mode says so.
        let third = try e2e.ok(["run", "morning-checkin"], input: EndToEnd.lines(["3", "n"]))
        #expect(third.contains("✓ Journal: already done today"))
    }

    @Test func dayBackfillsAnotherDayAndTodayIsNotDone() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let backfill = try transcript(
            try e2e.ok(
                ["run", "morning-checkin", "--day", "2026-11-20", "--format", "json"],
                input: EndToEnd.lines(["3", "y", "y"])))
        #expect(backfill["dayKey"] as? String == "2026-11-20")
        #expect(summary(try e2e.entries()) == ["Read a book 2026-11-20 -", "Journal 2026-11-20 -"])
        // Today nothing is done yet: Journal is asked again.
        let today = try transcript(
            try e2e.ok(["run", "morning-checkin", "--format", "json"], input: EndToEnd.lines(["3", "y", "y"])))
        #expect(
            (today["steps"] as? [[String: Any]])?.map { $0.string("answer") ?? "?" } == ["Not so good", "done", "done"])
        #expect(try e2e.entries().count == 4)
    }

    @Test func aRunKeepsTheDayItStartedOnAcrossMidnightAndTheDayStart() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(
            ["run", "morning-checkin"], input: EndToEnd.lines(["1", "12"]),
            extra: ["ROUTINE_NOW": "2026-11-22T23:58:00Z"])
        let resumed = try transcript(
            try e2e.ok(
                ["resume", "--format", "json"], input: EndToEnd.lines(["y", "y"]),
                extra: ["ROUTINE_NOW": "2026-11-23T00:03:00Z"]))
        #expect(resumed["dayKey"] as? String == "2026-11-22")
        let entries = try e2e.entries()
        #expect(summary(entries) == ["Meditate 2026-11-22 12", "Drink Water 2026-11-22 -", "Journal 2026-11-22 -"])
        #expect(
            entries.map { $0.string("timestamp") ?? "?" } == [
                "2026-11-22T23:58:00Z", "2026-11-23T00:03:00Z", "2026-11-23T00:03:00Z",
            ])
        // 01:30 with the day starting at 03:00 is still the previous day.
        let early = try transcript(
            try e2e.ok(
                ["run", "morning-checkin", "--day-start", "03:00", "--format", "json"],
                input: EndToEnd.lines(["3", "y"]),
                extra: ["ROUTINE_NOW": "2026-11-23T01:30:00Z"]))
        #expect(early["dayKey"] as? String == "2026-11-22")
        // Journal was done on the 22nd: the run steps over it.
        #expect((early["steps"] as? [[String: Any]])?.last?.string("answer") == "already-done")
    }

    @Test func aHabitLoggedByHandIsAlreadyDoneInARun() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["log", "--new", "journal", "--note", "by hand"])
        try e2e.ok(["log", "--new", "Meditate", "20"])
        let run = try transcript(
            try e2e.ok(["run", "morning-checkin", "--format", "json"], input: EndToEnd.lines(["1", "y"])))
        let steps = try #require(run["steps"] as? [[String: Any]])
        #expect(
            steps.map { "\($0.string("node") ?? "?")=\($0.string("answer") ?? "?")" } == [
                "feeling=Great!", "meditate=already-done", "water=done", "journal=already-done",
            ])
        #expect(run["status"] as? String == "completed")
        let entries = try e2e.entries()
        #expect(summary(entries) == ["Journal 2026-11-22 -", "Meditate 2026-11-22 20", "Drink Water 2026-11-22 -"])
        #expect(entries[0].string("note") == "by hand")
        #expect(entries[0].isNull("run"))
    }

    /// Kills the process (SIGKILL) while it waits at prompt `k` of the Great! path, for
    /// every k; `resume` then finishes the run with every entry written exactly once.
    @Test func killAtEveryPromptThenResumeWritesNothingTwice() throws {
        let answers = ["1", "12", "y", "y"]
        let prompts = ["How are you feeling today?", "Meditate: how much", "Drink Water: done?", "Journal: done?"]
        var figures: [String] = []
        for k in 0..<answers.count {
            let e2e = try EndToEnd()
            try e2e.importBundled(["morning-checkin"])
            let started = Date()
            let terminal = try e2e.terminal(["run", "morning-checkin"])
            for index in 0..<k {
                try terminal.expect(prompts[index])
                try terminal.expectPrompt("morning-checkin> ")
                try terminal.send(answers[index] + "\r")
            }
            try terminal.expect(prompts[k])
            try terminal.expectPrompt("morning-checkin> ")
            kill(terminal.pid, SIGKILL)
            #expect(try terminal.waitForExit() == 128 + SIGKILL)
            // What was answered before the kill is in the store, once; the run counts as paused.
            let before = try e2e.entries(all: true)
            let expectedBefore = [
                "Meditate 2026-11-22 12", "Drink Water 2026-11-22 -", "Journal 2026-11-22 -",
            ].prefix(max(0, k - 1))
            #expect(summary(before) == Array(expectedBefore), "killed at prompt \(k + 1)")
            let runs = try e2e.ok(["runs", "--paused"])
            #expect(runs.hasSuffix("morning-checkin v1  paused\n"), "killed at prompt \(k + 1): \(runs)")
            let resumed = try transcript(
                try e2e.ok(["resume", "--format", "json"], input: EndToEnd.lines(Array(answers[k...]))))
            #expect(resumed["status"] as? String == "completed", "killed at prompt \(k + 1)")
            let steps = (resumed["steps"] as? [[String: Any]] ?? []).map { $0.string("answer") ?? "?" }
            #expect(steps == ["Great!", "done", "done", "done"], "killed at prompt \(k + 1)")
            let all = try e2e.entries(all: true)
            #expect(
                summary(all) == ["Meditate 2026-11-22 12", "Drink Water 2026-11-22 -", "Journal 2026-11-22 -"],
                "killed at prompt \(k + 1)")
            #expect(Set(all.compactMap { $0.string("run") }) == [resumed["run"] as? String ?? "?"])
            #expect(try e2e.ok(["runs", "--paused"]) == "No paused runs.\n")
            #expect(try e2e.run(["resume"]).status == 1)
            figures.append(String(format: "prompt %d: %.2f s", k + 1, Date().timeIntervalSince(started)))
        }
        print("kill -9 at every prompt, then resume:", figures.joined(separator: ", "))
    }

    /// A kill right after `back` retracted a done habit: the retraction is durable too.
    @Test func killAfterBackKeepsTheRetraction() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let terminal = try e2e.terminal(["run", "morning-checkin"])
        for answer in ["1", "12", "y", "back"] {
            try terminal.expectPrompt("morning-checkin> ")
            try terminal.send(answer + "\r")
        }
        // "back" from Journal: Drink Water is asked again.
        try terminal.expect("Drink Water: done?")
        try terminal.expectPrompt("morning-checkin> ")
        kill(terminal.pid, SIGKILL)
        _ = try terminal.waitForExit()
        #expect(summary(try e2e.entries()) == ["Meditate 2026-11-22 12"])
        let resumed = try transcript(try e2e.ok(["resume", "--format", "json"], input: EndToEnd.lines(["n", "y"])))
        #expect(resumed["status"] as? String == "completed")
        #expect(summary(try e2e.entries()) == ["Meditate 2026-11-22 12", "Journal 2026-11-22 -"])
        let all = try e2e.entries(all: true)
        #expect(all.count == 3)
        #expect(all.filter { !$0.isNull("deletedAt") }.map { $0.string("habit") } == ["Drink Water"])
    }

    @Test func aRunThatALiveProcessWalksCannotBeResumedUntilThatProcessIsGone() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let terminal = try e2e.terminal(["run", "morning-checkin"])
        try terminal.expectPrompt("morning-checkin> ")
        try terminal.send("2\r")
        try terminal.expect("Drink Water: done?")
        try terminal.expectPrompt("morning-checkin> ")
        let line = try #require(try e2e.ok(["runs"]).split(separator: "\n").first)
        // `runs` shows 8 characters of the id; any unique prefix of 4 or more names the run.
        let id = String(line.prefix(8))
        #expect(line.hasSuffix("active"))
        let refused = try e2e.run(["resume", id], input: "y\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("routine: run \(id)"))
        #expect(
            refused.stderr.hasSuffix(
                " is being walked by another live process (pid \(terminal.pid)); it cannot be continued here\n"))
        try terminal.send("y\r")
        try terminal.expect("Go for a walk: done?")
        try terminal.expectPrompt("morning-checkin> ")
        kill(terminal.pid, SIGKILL)
        _ = try terminal.waitForExit()
        let resumed = try transcript(try e2e.ok(["resume", id, "--format", "json"], input: "n\ny\n"))
        #expect(resumed["status"] as? String == "completed")
        #expect(summary(try e2e.entries(all: true)) == ["Drink Water 2026-11-22 -", "Journal 2026-11-22 -"])
    }

    @Test func exportOfEveryBundledRoutineChecksAndReimportsToAnEqualGraph() throws {
        let source = try EndToEnd()
        try source.importBundled()
        let target = try EndToEnd()
        for name in EndToEnd.bundled {
            let yaml = try source.ok(["export", name])
            let file = try source.folder.write("exported/\(name).yaml", yaml)
            #expect(try source.run(["check", "--strict", file]).status == 0, "\(name)")
            #expect(try target.ok(["import", file]) == "imported \(name) (version 1)\n")
            // Re-importing the same export changes nothing.
            #expect(try target.ok(["import", file]) == "\(name) unchanged (version 1)\n")
            // Same graph: every export format agrees between the two stores.
            for format in ["yaml", "json", "dot", "mermaid"] {
                #expect(
                    try target.ok(["export", name, "--format", format])
                        == source.ok(["export", name, "--format", format]),
                    "\(name) \(format)")
            }
            #expect(
                try target.ok(["paths", name, "--format", "json"]) == source.ok(["paths", name, "--format", "json"]))
            // Exporting the file of the original folder and the export give the same graph too.
            let original = try source.ok(["export", name, "--format", "json"])
            let fromFile = try target.ok(["paths", EndToEnd.routineFile(name), "--format", "json"])
            #expect(fromFile == (try target.ok(["paths", name, "--format", "json"])))
            #expect(!original.isEmpty)
        }
        // Habits and measures came across once each.
        #expect(try target.ok(["habits"]) == source.ok(["habits"]))
    }

    @Test func logUsesOneGetOrCreatePathForHabitsAndUnits() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["training"])
        try e2e.ok(["log", "--new", " drink  water "])
        try e2e.ok(["log", "--new", "Drink Water"])
        let habits = try e2e.ok(["habits"]).split(separator: "\n").filter { $0.lowercased().contains("water") }
        #expect(habits.count == 1)
        #expect(habits.first?.hasPrefix("drink water ") == true, "the first spelling is the one shown: \(habits)")
        #expect(summary(try e2e.entries()) == ["drink water 2026-11-22 -", "drink water 2026-11-22 -"])

        try e2e.ok(["log", "--new", "Run", "5", "--unit", "kilometres"])
        try e2e.ok(["log", "--new", "run", "2.5", "--unit", "km"])
        let wrongUnit = try e2e.run(["log", "--new", "Run", "5", "--unit", "min"])
        #expect(wrongUnit.status == 1)
        // `--unit` is read as a unit typed after the number (issue 31 item 15): the same line.
        #expect(wrongUnit.stderr == "routine: Run: 'min' is not a unit of this habit, which is measured in km\n")
        let valueForBinary = try e2e.run(["log", "--new", "Drink Water", "3"])
        #expect(valueForBinary.status == 1)
        let noValueNoTarget = try e2e.run(["log", "--new", "Run"])
        #expect(noValueNoTarget.status == 1)
        // A new quantity habit in a new unit, then the same unit spelled differently.
        try e2e.ok(["log", "--new", "Row", "3", "--unit", "kilometer"])
        #expect(try e2e.run(["log", "--new", "Row", "1", "--unit", "min"]).status == 1)
        #expect(
            summary(try e2e.entries()) == [
                "drink water 2026-11-22 -", "drink water 2026-11-22 -", "Run 2026-11-22 5", "Run 2026-11-22 2.5",
                "Row 2026-11-22 3",
            ])
        let row = try e2e.ok(["habits"]).split(separator: "\n").filter { $0.hasPrefix("Row ") }
        #expect(row.count == 1)
        #expect(row.first?.contains("km (distance)") == true, "\(row)")
    }
}
