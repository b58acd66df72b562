import EndToEndSupport
import Foundation
import Testing

/// Issue 19 item 18, through the real binary: what a daily user reaches for.
@Suite struct EverydayFrictionTests {
    @Test func entriesOfOneDay() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Read", "--new", "--day", "yesterday"])
        try e2e.ok(["log", "Read"])
        try e2e.ok(["log", "Read", "--day", "-2"])
        let json = try #require(
            try e2e.json(["entries", "--day", "yesterday", "--format", "json"]) as? [[String: Any]])
        #expect(json.map { $0["dayKey"] as? String } == ["2026-11-21"])
        #expect(try e2e.run(["entries", "--day", "today", "--from", "-3"]).status == 64)
    }

    /// `routine import routines/*.yaml` in a shell names the test files beside the
    /// routines: they are passed over in one line each, and the import succeeds.
    @Test func importPassesOverTestFilesNamedOutright() throws {
        let e2e = try EndToEnd()
        let routine = EndToEnd.routineFile("morning-checkin")
        let test = routine.replacingOccurrences(of: ".yaml", with: ".test.yaml")
        #expect(FileManager.default.fileExists(atPath: test))
        let out = try e2e.ok(["import", routine, test])
        #expect(
            out == "skipped \(test): a routine test file ('routine test' runs it)\n"
                + "imported morning-checkin (version 1)\n")
        // Only test files: nothing to import is still an error.
        #expect(try e2e.run(["import", test]).status == 1)
    }

    @Test func runsAsJSON() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin"], input: "pause\n")
        let runs = try #require(try e2e.json(["runs", "--format", "json"]) as? [[String: Any]])
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run["routine"] as? String == "morning-checkin")
        #expect(run["status"] as? String == "paused")
        #expect(run["dayKey"] as? String == "2026-11-22")
        #expect(run["version"] as? Int == 1)
        #expect((run["run"] as? String)?.count == 36)
        #expect(run["startedAt"] as? String == "2026-11-22T06:30:00Z")
        #expect(try e2e.json(["runs", "--paused", "--format", "json"]) as? [Any] != nil)
    }

    @Test func habitsShowTheirSchedulesAndScheduleAloneShowsIt() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Swim", "--new"])
        try e2e.ok(["log", "Read", "--new"])
        try e2e.ok(["habit", "schedule", "Swim", "--days", "tue,thu"])
        #expect(try e2e.ok(["habit", "schedule", "swim"]) == "Swim: tue, thu\n")
        #expect(try e2e.ok(["habit", "schedule", "Read"]) == "Read: daily\n")
        let lines = try e2e.ok(["habits"]).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Swim") && $0.contains("tue, thu") })
        #expect(lines.contains { $0.hasPrefix("Read") && $0.contains("daily") })
        #expect(try e2e.run(["habit", "schedule", "Read", "--daily", "--every", "2"]).status == 64)
    }

    /// Issue 19 item 20: `new NAME` refuses a name the store holds; the archive hint pastes.
    @Test func newRefusesAStoredNameAndHintsPaste() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let stored = try e2e.run(["new", "morning-checkin"])
        #expect(stored.status == 1)
        #expect(
            stored.stderr
                == "routine: a routine named 'morning-checkin' is stored already; change it with 'edit morning-checkin'\n"
        )
        #expect(!FileManager.default.fileExists(atPath: e2e.url.appendingPathComponent("routines").path))
        try e2e.ok(["log", "Foam rolling", "--new"])
        #expect(
            try e2e.ok(["habit", "archive", "Foam rolling"])
                == "archived habit 'Foam rolling' ('routine habit unarchive \"Foam rolling\"' brings it back)\n")
        #expect(try e2e.ok(["habit", "unarchive", "Foam rolling"]) == "unarchived habit 'Foam rolling'\n")
    }

    /// Issue 19 item 16: `log Run 5km`, a decimal comma, exact conversions, clear refusals.
    @Test func logTakesValuesAsPeopleTypeThem() throws {
        let e2e = try EndToEnd()
        #expect(try e2e.ok(["log", "--new", "Run", "5km"]) == "logged Run 5 km on 2026-11-22 (entry 1)\n")
        #expect(try e2e.ok(["log", "Run", "7,5"]) == "logged Run 7.5 km on 2026-11-22 (entry 2)\n")
        #expect(try e2e.ok(["log", "Run", "1500 metres"]) == "logged Run 1.5 km on 2026-11-22 (entry 3)\n")
        #expect(try e2e.entries().map { $0["value"] as? Double } == [5, 7.5, 1.5])
        let refusals: [([String], Int32, String)] = [
            (["log", "Run", "5 kg"], 1, "routine: Run: 'kg' is not a unit of this habit, which is measured in km\n"),
            (
                ["log", "Run", "1,500"], 64,
                "routine: '1,500' could be 1500 or 1.500: write it without the comma, or with a point (see 'routine help log')\n"
            ),
        ]
        for (arguments, status, message) in refusals {
            let result = try e2e.run(arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr == message)
        }
        #expect(try e2e.entries().count == 3)
        // `edit --value` reads amounts the same way, in the entry's habit's unit.
        #expect(try e2e.ok(["edit", "1", "--value", "5,5"]) == "entry 1: Run on 2026-11-22 is now 5.5 km\n")
        #expect(try e2e.ok(["edit", "1", "--value", "800 m"]) == "entry 1: Run on 2026-11-22 is now 0.8 km\n")
        let wrong = try e2e.run(["edit", "1", "--value", "3 kg"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr == "routine: Run: 'kg' is not a unit of this habit, which is measured in km\n")
    }

    /// Issue 19 item 18: `undo` takes back the last entry recorded and says what it undid;
    /// an entry of a paused run is left to the run's own `back`.
    @Test func undoTakesBackTheLastEntryAndSaysWhat() throws {
        let e2e = try EndToEnd()
        #expect(try e2e.ok(["undo"]) == "nothing to undo\n")
        try e2e.ok(["log", "--new", "Run", "5km"])
        try e2e.ok(["log", "--new", "Read", "--day", "yesterday"])
        #expect(
            try e2e.ok(["undo"])
                == "undid Read on 2026-11-21: entry 2 deleted; 'undelete 2' brings it back\n")
        #expect(try e2e.entries().map { $0["id"] as? String } == ["1"])
        #expect(try e2e.ok(["undo"]) == "undid Run 5 km on 2026-11-22: entry 1 deleted; 'undelete 1' brings it back\n")
        #expect(try e2e.ok(["undo"]) == "nothing to undo\n")
        try e2e.ok(["undelete", "2"])
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin"], input: "1\n12\n")
        let refused = try e2e.run(["undo"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "routine: the last entry (Meditate on 2026-11-22, entry 3) belongs to the paused run "))
        #expect(try e2e.entries().count == 2)
        try e2e.ok(["resume"], input: "abort\n")
        #expect(try e2e.ok(["undo"]).hasPrefix("undid Meditate 12 min on 2026-11-22 (from run "))
        #expect(try e2e.entries().map { $0["habit"] as? String } == ["Read"])
    }

    /// Issue 19 item 19: a measure conflict with the store points at the file's line:col.
    @Test func importsMeasureConflictHasTheFilesPosition() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Run", "5", "--unit", "min"])
        let file = e2e.url.appendingPathComponent("mc.yaml").path
        try """
        routine: mc
        start: [a]
        habits:
          Run:
            measure: { unit: km, type: distance }
        nodes:
          a:
            habit: Run

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try e2e.run(["import", file])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "\(file):5:14: error: habit 'Run' is measured in min (time) in the store, not km (distance) [measure-conflict]\n"
            ))
    }

    /// Issue 19 item 19: with a store at hand (`import`), a condition's habit may be a
    /// stored one (no warning) and a typo of a stored one is named.
    @Test func importKnowsTheStoresHabitsInConditions() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Running"])
        let file = e2e.url.appendingPathComponent("sc.yaml").path
        try """
        routine: sc
        start: [a]
        nodes:
          a:
            habit: Tea
            next: [b, c]
          b:
            habit: Swim
            when: done(Runing)
          c:
            habit: Walk
            when: done(Running)

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try e2e.run(["import", file])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "\(file):9:16: warning: habit 'Runing' in done() is neither in this file nor in the store; "
                + "did you mean 'Running'? [unknown-habit]\n")
        // `check` opens no store: both are unknown there, as before.
        #expect(try e2e.run(["check", file]).stdout.components(separatedBy: "[unknown-habit]").count == 3)
    }
}
