import EndToEndSupport
import Foundation
import Testing

/// `review` (SPEC §14.2) on the fixed clock (Sunday 2026-11-22 06:30 UTC): a habit by
/// hand with a weekday schedule, a routine's answers and habits, a goal.
@Suite(.serialized) struct ReviewCommandTests {
    private func setUp() throws -> EndToEnd {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        // Swim by hand, due mon/wed/fri: done on Mon 9th, Wed 11th, Fri 20th, Mon 16th.
        for day in ["2026-11-09", "2026-11-11", "2026-11-16", "2026-11-20"] {
            try e2e.ok(["log", "Swim", "--day", day, "--new"])
        }
        try e2e.ok(["habit", "schedule", "Swim", "--days", "mon,wed,fri"])
        // Check-ins: Great! (Meditate 10, water skipped, journal) on Thu 19th, Okay on Sat 21st.
        // Journal, which every answer leads to, is due every day from its first (SPEC §13.6).
        try e2e.run(["run", "morning-checkin", "--day", "2026-11-19"], input: EndToEnd.lines(["1", "10", "n", "y"]))
        try e2e.run(["run", "morning-checkin", "--day", "2026-11-21"], input: EndToEnd.lines(["2", "n", "y", "y"]))
        try e2e.ok([
            "goal", "add", "Swim 12 times", "--target", "12", "--from", "2026-11-01", "--to", "2026-11-30",
            "--habit", "Swim",
        ])
        return e2e
    }

    @Test func theWeekHoldingTheDay() throws {
        let e2e = try setUp()
        let text = try e2e.ok(["review"])
        #expect(
            text == """
                Week of 2026-11-16 to 2026-11-22
                               M T W T F S S
                Drink Water    · · · ○ · ○ ·  0 of 2 due (last week 0 of 0)
                Go for a walk  · · · · · ● ·  1 of 1 due (last week 0 of 0)
                Journal        · · · ● ○ ● ○  2 of 4 due (last week 0 of 0)
                Meditate       · · · ● · · ·  1 of 1 due (last week 0 of 0)
                Swim           ● · ○ · ● · ·  2 of 3 due (last week 2 of 3)
                ● done  ○ due, not done  · not due
                Answers
                  How are you feeling today? (morning-checkin/feeling): Great! 1, Okay 1
                Goals
                  Swim 12 times: 4 of 12, 8 left in 9 days: 0.89 a day

                """, "\(text)")
        let json = try #require(try e2e.json(["review", "--format", "json"]) as? [String: Any])
        let habits = try #require(json["habits"] as? [[String: Any]])
        let swim = try #require(habits.first { $0.string("habit") == "Swim" })
        #expect(swim["days"] as? [String] == ["done", "not-due", "missed", "not-due", "done", "not-due", "not-due"])
        #expect(swim["previousDone"] as? Int == 2 && swim["previousDue"] as? Int == 3)
        let goals = try #require(json["goals"] as? [[String: Any]])
        #expect(goals.first?["daysLeft"] as? Int == 9 && goals.first?["remaining"] as? Double == 8)
    }

    @Test func aMonthAndAWeekStartingOnSunday() throws {
        let e2e = try setUp()
        let month = try e2e.ok(["review", "--month"])
        #expect(month.hasPrefix("November 2026\n               1   5    10   15   20   25   30\n"), "\(month)")
        // Not due before its first entry (the 9th); due mon, wed, fri after; blank after today.
        #expect(
            month.contains("\nSwim           ········●·●·○··●·○·●··          4 of 6 due (last month 0 of 0)\n"),
            "\(month)")
        // Before the first entry of any habit, nothing is due.
        #expect(try e2e.ok(["review", "--day", "2026-11-05"]).contains("No habits due in this week."))
        try e2e.folder.write("config/routine/config.yaml", "week-start: sun\n")
        let week = try e2e.ok(["review", "--day", "2026-11-18"])
        #expect(
            week.hasPrefix(
                "Week of 2026-11-15 to 2026-11-21\n        S M T W T F S\nSwim    · ● · ○        1 of 2 due"),
            "\(week)")
        #expect(try e2e.run(["review", "--week", "--month"]).status == 64)
    }
}
