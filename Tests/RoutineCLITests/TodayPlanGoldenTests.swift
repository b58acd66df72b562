import EndToEndSupport
import Foundation
import Testing

/// `today` and `plan` on a fixed clock (Sunday 2026-11-22 06:30 UTC): golden outputs of
/// a routine with a weekday schedule, an `every:` habit and a pause (SPEC §10.5).
@Suite(.serialized) struct TodayPlanGoldenTests {
    private func setUp() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try DueRunTests.importGym(e2e)
        for habit in ["Long run", "Vitamins", "Stretch"] { try e2e.ok(["log", habit, "--day", "2026-11-21", "--new"]) }
        try e2e.ok(["pause", "Stretch", "--from", "2026-11-24", "--to", "2026-11-24"])
        return e2e
    }

    // SPEC §10.5: for a routine not completed on D, "due" is what some path of D can still
    // reach with D's conditions; a paused run's own answers count (answer(q) here).
    @Test func aPausedRunsOwnAnswersDecideWhatIsStillDue() throws {
        let e2e = try EndToEnd()
        let file = try e2e.folder.write(
            "cond.yaml",
            """
            routine: cond-answer
            start: [q, b]
            nodes:
              q:
                question: Ready?
                options:
                  - text: "Yes"
                    next: [a]
                  - text: "No"
              a:
                habit: Alpha
              b:
                habit: Beta
                when: answer(q) == "Yes"

            """)
        try e2e.ok(["import", file])
        _ = try e2e.run(["run", "cond-answer"], input: "1\n")
        let today = try e2e.ok(["today", "--format", "json"])
        #expect(today.contains(#""due":["Alpha","Beta"]"#), "\(today)")
        #expect(today.contains(#""notDue":0"#), "\(today)")
    }

    @Test func todayBeforeDuringAndAfterARun() throws {
        let e2e = try setUp()
        #expect(
            try e2e.ok(["today"]) == """
                Today, 2026-11-22 (Sunday)
                gym: not started
                  · Warm-up
                  · Stretch: done yesterday
                  3 not due today
                By hand
                  · Vitamins: done yesterday

                """)
        try e2e.run(["run", "gym"], input: EndToEnd.lines(["y"]))
        #expect(
            try e2e.ok(["today"]) == """
                Today, 2026-11-22 (Sunday)
                gym: paused at “Stretch”
                  ✓ Warm-up
                  · Stretch: done yesterday
                  3 not due today
                By hand
                  · Vitamins: done yesterday

                """)
        #expect(
            try e2e.ok(["today", "--format", "json"])
                == #"{"day":"2026-11-22","allDone":false,"routines":[{"routine":"gym","state":"paused","at":null,"prompt":"Stretch","done":[{"habit":"Warm-up","value":null,"streak":1}],"due":["Stretch"],"possible":[],"optional":[],"skipped":[],"declined":[],"notDue":3,"habits":[{"habit":"Warm-up","state":"done","class":"done"},{"habit":"Strength","state":"not-due","class":"not-due","reason":"schedule: mon, wed, fri"},{"habit":"Cool-down","state":"not-due","class":"not-due","reason":"branch not taken"},{"habit":"Stretch","state":"open","class":"certain"},{"habit":"Long run","state":"not-due","class":"not-due","reason":"schedule: every 3 days"}]}],"byHand":{"done":[],"due":["Vitamins"],"possible":[],"optional":[],"skipped":[],"declined":[],"notDue":0,"habits":[{"habit":"Vitamins","state":"open","class":"certain"}]}}"#
                + "\n")
        try e2e.ok(["resume"], input: EndToEnd.lines(["n"]))
        try e2e.ok(["log", "Vitamins", "--new"])
        #expect(
            try e2e.ok(["today"]) == """
                Today, 2026-11-22 (Sunday)
                gym: completed at 06:30
                  ✓ Warm-up
                  – Stretch: skipped
                  3 not due today
                By hand
                  ✓ Vitamins: 2-day streak
                All done — nice.

                """)
        // Another day, headed with that day: Monday has Strength due, and the run of
        // Sunday is not Monday's.
        #expect(
            try e2e.ok(["today", "--day", "2026-11-23"]) == """
                Monday, 2026-11-23
                gym: not started
                  · Warm-up: done yesterday
                  · Strength
                  · Cool-down
                  · Stretch: 1 of the last 7 days
                  1 not due on 2026-11-23
                By hand
                  · Vitamins: a 2-day streak to continue

                """)
    }

    @Test func planGridAndJSON() throws {
        let e2e = try setUp()
        #expect(
            try e2e.ok(["plan"]) == """
                Plan, 7 days from 2026-11-22
                            Sun Mon Tue Wed Thu Fri Sat
                             22  23  24  25  26  27  28
                gym
                  Warm-up     ●   ●   ●   ●   ●   ●   ●
                  Strength    ·   ●   ·   ●   ·   ●   ·
                  Cool-down   ·   ●   ·   ●   ·   ●   ·
                  Stretch     ●   ●   ·   ●   ●   ●   ●
                  Long run    ·   ·   ·   ●   ·   ·   ●
                By hand
                  Vitamins    ●   ●   ●   ●   ●   ●   ●
                ● due  ○ depends on your answers  · not due  ✓ done  – skipped

                """)
        // Every third day from the first day it is due, assuming it is done on the days it
        // is certain (SPEC §13.3); a day paused is not due, and Long run behind it is not reached.
        #expect(
            try e2e.ok(["plan", "--from", "2026-11-23", "--days", "2", "--format", "json"])
                == #"{"from":"2026-11-23","days":["2026-11-23","2026-11-24"],"routines":[{"routine":"gym","habits":[{"habit":"Warm-up","due":[true,true],"days":[{"class":"certain"},{"class":"certain"}]},{"habit":"Strength","due":[true,false],"days":[{"class":"certain"},{"class":"not-due","reason":"schedule: mon, wed, fri"}]},{"habit":"Cool-down","due":[true,false],"days":[{"class":"certain"},{"class":"not-due","reason":"not reached"}]},{"habit":"Stretch","due":[true,false],"days":[{"class":"certain"},{"class":"not-due","reason":"paused"}]},{"habit":"Long run","due":[false,false],"days":[{"class":"not-due","reason":"schedule: every 3 days"},{"class":"not-due","reason":"not reached"}]}]},{"routine":null,"habits":[{"habit":"Vitamins","due":[true,true],"days":[{"class":"certain"},{"class":"certain"}]}]}]}"#
                + "\n")
        // Wider than the terminal (COLUMNS), the grid wraps into blocks of whole weeks.
        #expect(
            try e2e.ok(["plan", "--days", "10"], extra: ["COLUMNS": "40"]) == """
                Plan, 10 days from 2026-11-22
                            Sun Mon Tue Wed Thu Fri Sat
                             22  23  24  25  26  27  28
                gym
                  Warm-up     ●   ●   ●   ●   ●   ●   ●
                  Strength    ·   ●   ·   ●   ·   ●   ·
                  Cool-down   ·   ●   ·   ●   ·   ●   ·
                  Stretch     ●   ●   ·   ●   ●   ●   ●
                  Long run    ·   ·   ·   ●   ·   ·   ●
                By hand
                  Vitamins    ●   ●   ●   ●   ●   ●   ●

                            Sun Mon Tue
                             29  30   1
                gym
                  Warm-up     ●   ●   ●
                  Strength    ·   ●   ·
                  Cool-down   ·   ●   ·
                  Stretch     ●   ●   ●
                  Long run    ·   ·   ●
                By hand
                  Vitamins    ●   ●   ●
                ● due  ○ depends on your answers  · not due  ✓ done  – skipped

                """)
        let bad = try e2e.run(["plan", "--days", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--days wants a number from 1 to 366"))
    }

    @Test func pathsTreatSchedulesAsUnknownUnlessADayIsGiven() throws {
        let e2e = try setUp()
        #expect(
            try e2e.ok(["paths", "gym", "--format", "json"])
                == #"{"routine":"gym","combinations":1,"longestChain":5,"habits":[{"habit":"Warm-up","on":"every"},{"habit":"Strength","on":"some"},{"habit":"Cool-down","on":"some"},{"habit":"Stretch","on":"every"},{"habit":"Long run","on":"some"}]}"#
                + "\n")
        // Monday: Strength due; Long run done on Saturday, every 3 days: not yet.
        #expect(
            try e2e.ok(["paths", "gym", "--day", "2026-11-23", "--format", "json"])
                == #"{"routine":"gym","combinations":1,"longestChain":4,"habits":[{"habit":"Warm-up","on":"every"},{"habit":"Strength","on":"every"},{"habit":"Cool-down","on":"every"},{"habit":"Stretch","on":"every"},{"habit":"Long run","on":"none"}]}"#
                + "\n")
    }

    @Test func emptyStoreSaysHowToStart() throws {
        let e2e = try EndToEnd()
        #expect(try e2e.ok(["today"]) == "Nothing tracked yet. Start with: routine run morning-checkin\n")
        #expect(try e2e.ok(["plan", "--days", "1"]).contains("No habits in any routine yet."))
    }
}
