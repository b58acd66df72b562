import EndToEndSupport
import Foundation
import Testing

/// Runs with schedules and pauses through the real binary (SPEC §10.4): not-due steps in
/// the transcript, the text line, dry runs of another day, and resume re-evaluating.
@Suite(.serialized) struct DueRunTests {
    /// Imports `gym`: Strength on Mon/Wed/Fri (with a cool-down after it), Long run every
    /// 3 days after Stretch.
    static func importGym(_ e2e: EndToEnd) throws {
        let path = e2e.url.appendingPathComponent("gym.yaml").path
        try """
        routine: gym
        start: [warm-up, strength, stretch]
        habits:
          Strength:
            days: [mon, wed, fri]
          Long run:
            every: 3
        nodes:
          warm-up: {habit: Warm-up}
          strength: {habit: Strength, next: [cool-down]}
          cool-down: {habit: Cool-down}
          stretch: {habit: Stretch, next: [long-run]}
          long-run: {habit: Long run}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        try e2e.ok(["import", path])
    }

    private func setUp() throws -> (EndToEnd, String) {
        let e2e = try EndToEnd()
        try Self.importGym(e2e)
        return (e2e, "gym")
    }

    private func transcript(_ e2e: EndToEnd, _ arguments: [String], _ answers: [String]) throws -> [String: Any] {
        let value = try e2e.json(["run", "gym", "--format", "json"] + arguments, input: EndToEnd.lines(answers))
        return try #require(value as? [String: Any])
    }

    private func summary(_ document: [String: Any]) -> [String] {
        ((document["steps"] as? [[String: Any]]) ?? []).map {
            "\($0["node"] ?? "")=\($0["answer"] ?? "")" + (($0["reason"] as? String).map { " (\($0))" } ?? "")
        }
    }

    @Test func onSundayTheMonWedFriHabitIsNotDueAndItsBranchIsNotAsked() throws {
        let (e2e, _) = try setUp()
        // ROUTINE_NOW is Sunday 2026-11-22.
        let run = try transcript(e2e, [], ["y", "y", "n"])
        #expect(run["status"] as? String == "completed")
        #expect(
            summary(run) == [
                "warm-up=done", "strength=not-due (schedule: mon, wed, fri)", "stretch=done", "long-run=skipped",
            ])
        // A dry run of Monday asks Strength and its cool-down.
        let monday = try transcript(e2e, ["--dry-run", "--day", "2026-11-23"], ["y", "y", "n", "y", "y"])
        #expect(
            summary(monday) == [
                "warm-up=done", "strength=done", "cool-down=skipped", "stretch=done", "long-run=done",
            ])
        let text = try e2e.ok(["run", "gym", "--dry-run", "--day", "2026-11-21"], input: EndToEnd.lines(["y", "y"]))
        // A run of another day says which day it records, and "not due" names that day.
        #expect(text.hasPrefix("Recording for 2026-11-21, not today (2026-11-22).\n"))
        #expect(text.contains("– Strength: not due on 2026-11-21 (schedule: mon, wed, fri)"))
        let today = try e2e.ok(["run", "gym", "--dry-run", "--day", "today"], input: EndToEnd.lines(["y", "y"]))
        #expect(!today.contains("Recording for") && !today.contains(" on 2026-"))
    }

    @Test func aPauseMakesAHabitNotDueAndResumeEvaluatesAfresh() throws {
        let (e2e, _) = try setUp()
        try e2e.ok(["pause", "Stretch", "--to", "2026-11-22"])
        // Answer warm-up, then end of input: the run pauses before Stretch would be reached.
        let first = try transcript(e2e, ["--day", "2026-11-23"], ["y"])
        #expect(first["status"] as? String == "paused")
        let runID = try #require(first["run"] as? String)
        // The pause ends before the run's day (Monday): Stretch is due there.
        #expect(summary(first) == ["warm-up=done"])
        try e2e.ok(["pause", "Stretch", "--from", "2026-11-23", "--to", "2026-11-23"])
        let resumed = try #require(
            try e2e.json(["resume", runID, "--format", "json"], input: EndToEnd.lines(["y", "y"])) as? [String: Any])
        #expect(
            summary(resumed) == ["warm-up=done", "strength=done", "cool-down=done", "stretch=not-due (paused)"])
    }
}
