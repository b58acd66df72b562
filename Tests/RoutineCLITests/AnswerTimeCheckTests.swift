import EndToEndSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC §11: two terminals answering check-ins that share a habit on one day never record
/// it twice, and a routine has one unfinished run per day — through real processes.
@Suite(.serialized) struct AnswerTimeCheckTests {
    /// A second routine that shares Meditate with the morning check-in.
    private func sharedHabitRoutine(_ e2e: EndToEnd) throws {
        let file = try e2e.folder.write("quick.yaml", "routine: quick\nstart: [m]\nnodes:\n  m:\n    habit: Meditate\n")
        try e2e.ok(["import", file])
    }

    private func liveMeditate(_ e2e: EndToEnd) throws -> [String] {
        try e2e.entries().filter { $0.string("habit") == "Meditate" }.map { "\($0["value"] ?? "-")" }
    }

    @Test func anotherRunRecordingTheHabitWhileItsPromptIsShownWinsAndNothingIsWrittenTwice() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try sharedHabitRoutine(e2e)
        let terminal = try e2e.terminal(["run", "morning-checkin"])
        try terminal.expectPrompt("morning-checkin> ")
        try terminal.send("1\r")
        try terminal.expect("Meditate: how much")
        try terminal.expectPrompt("morning-checkin> ")
        // Meanwhile another process records Meditate through another routine.
        try e2e.ok(["run", "quick", "--format", "json"], input: "20\n")
        try terminal.send("12\r")
        try terminal.expect("Meditate was recorded for 2026-11-22 elsewhere meanwhile; nothing written twice")
        try terminal.expect("Drink Water: done?")
        try terminal.expectPrompt("morning-checkin> ")
        // And a `log` while the Drink Water prompt is shown.
        try e2e.ok(["log", "Drink Water"])
        try terminal.send("y\r")
        try terminal.expect("Drink Water was recorded for 2026-11-22 elsewhere meanwhile")
        try terminal.expect("Journal: done?")
        try terminal.expectPrompt("morning-checkin> ")
        try terminal.send("y\r")
        try terminal.expect("Completed for 2026-11-22")
        _ = try terminal.waitForExit()
        #expect(try liveMeditate(e2e) == ["20"])
        let habits = try e2e.entries().compactMap { $0.string("habit") }
        #expect(habits.sorted() == ["Drink Water", "Journal", "Meditate"])
    }

    @Test func runAgainOnTheSameDayResumesThePausedRunAndNewStartsAfresh() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let first = try e2e.run(["run", "morning-checkin"], input: "1\n12\n")
        #expect(first.status == 0)
        #expect(first.stdout.contains("Paused; recorded Meditate 12 min so far."))
        let again = try e2e.run(["run", "morning-checkin", "--format", "json"], input: "y\ny\n")
        #expect(again.status == 0)
        #expect(again.stderr.contains("Resuming the paused run of morning-checkin for 2026-11-22"))
        #expect(again.stdout.contains("\"status\":\"completed\""))
        #expect(try e2e.ok(["runs"]).split(separator: "\n").count == 1)
        // A completed run is not resumed: a new run of the day starts, and everything is already done.
        let third = try e2e.run(["run", "morning-checkin"], input: "1\n")
        #expect(third.stdout.contains("already done today"))
        #expect(try e2e.ok(["runs"]).split(separator: "\n").count == 2)
        // --new abandons a paused run.
        let paused = try e2e.run(["run", "morning-checkin", "--day", "2026-11-21"], input: "1\n")
        #expect(paused.stdout.contains("Paused"))
        let fresh = try e2e.run(["run", "morning-checkin", "--day", "2026-11-21", "--new"], input: "")
        #expect(fresh.stderr.contains("Aborted the paused run"))
        let runs = try e2e.ok(["runs"])
        #expect(runs.contains("2026-11-21  morning-checkin v1  aborted"))
        #expect(runs.contains("2026-11-21  morning-checkin v1  paused"))
    }

    @Test func runIdsAreAcceptedByAUniquePrefixAndAbortEndsAPausedRun() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        _ = try e2e.run(["run", "morning-checkin"], input: "1\n")
        let line = try #require(try e2e.ok(["runs"]).split(separator: "\n").first)
        let prefix = String(line.prefix(4))
        #expect(try e2e.run(["resume", "abcd"], input: "").stderr.contains("no run with id 'abcd'"))
        // Fewer than 4 characters names no run: a usage error (issue 17 item 3).
        #expect(try e2e.run(["resume", "abc"], input: "").status == 64)
        let aborted = try e2e.ok(["abort", prefix])
        #expect(aborted.hasPrefix("aborted run \(line.prefix(8))"))
        #expect(try e2e.ok(["runs"]).contains("aborted"))
        let again = try e2e.run(["abort", prefix])
        #expect(again.status == 1)
        #expect(again.stderr.contains("is aborted; it cannot be continued"))
    }
}
