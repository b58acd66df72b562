import EndToEndSupport
import Foundation
import Testing

/// `pause`, `pauses` and `unpause` through the real binary (SPEC §10.2).
@Suite(.serialized) struct PauseCommandTests {
    @Test func pauseListAndUnpause() throws {
        let e2e = try EndToEnd()
        #expect(try e2e.ok(["pauses"]) == "No pauses. 'pause HABIT --from D --to D' makes one.\n")
        try e2e.ok(["log", "Run", "5", "--unit", "km", "--new"])
        try e2e.ok(["log", "Meditate", "--new"])
        #expect(
            try e2e.ok(["pause", "run", "Meditate", "--from", "2026-12-20", "--to", "2026-12-31", "--note", "flu"])
                == "paused Run, Meditate from 2026-12-20 to 2026-12-31 (pause 1)\n")
        // --from defaults to today (ROUTINE_NOW's DayKey).
        #expect(
            try e2e.ok(["pause", "--to", "2026-11-25"])
                == "paused every habit from 2026-11-22 to 2026-11-25 (pause 2)\n")
        #expect(
            try e2e.ok(["pauses"])
                == "2  2026-11-22 to 2026-11-25  every habit\n1  2026-12-20 to 2026-12-31  Run, Meditate  (flu)\n")
        #expect(try e2e.ok(["unpause", "2"]) == "removed pause 2: every habit from 2026-11-22 to 2026-11-25\n")
        #expect(try e2e.ok(["pauses"]) == "1  2026-12-20 to 2026-12-31  Run, Meditate  (flu)\n")
    }

    @Test func badPausesGetOneLineAndWriteNothing() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Run", "5", "--unit", "km", "--new"])
        let backwards = try e2e.run(["pause", "Run", "--from", "2026-12-31", "--to", "2026-12-20"])
        #expect(backwards.status == 1)
        #expect(backwards.stderr == "routine: --from 2026-12-31 is after --to 2026-12-20: nothing to pause\n")
        let unknown = try e2e.run(["pause", "Rn", "--to", "2026-12-20"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "routine: no habit named 'Rn'; did you mean 'Run'?\n")
        let badDay = try e2e.run(["pause", "--to", "2026-13-01"])
        #expect(badDay.status == 64)
        #expect(try e2e.run(["unpause", "7"]).stderr == "routine: no pause with id 7 (see 'pauses')\n")
        #expect(try e2e.run(["unpause", "x"]).stderr == "routine: 'x' is not a pause id (see 'pauses')\n")
        #expect(try e2e.ok(["pauses"]).hasPrefix("No pauses."))
    }
}
