import Foundation
import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineCore

/// The JSON row, the `stats` table and the `today` summary, on fixed histories.
@Suite struct MetricsRenderTests {
    private typealias F = MetricsFixtures
    private let meditate = MetricHabit(name: "Meditate")
    private let run = MetricHabit(name: "Run", isQuantity: true, unit: "km", weekly: 15)
    private let journal = MetricHabit(name: "Journal")

    private var entries: [MetricEntry] {
        F.entries(meditate, F.span("2026-11-18", "2026-11-22"))
            + F.entries(run, [("2026-11-20", 5), ("2026-11-22", 2.5), ("2026-11-22", 4)])
            + F.entries(journal, F.span("2026-11-10", "2026-11-21"))
    }

    private var stats: [HabitStats] {
        scheduleStats(habits: [meditate, run, journal], entries: entries, day: F.day("2026-11-22"))
    }

    @Test func jsonHasSpecFieldsInSpecOrder() {
        let expected =
            #"[{"habit":"Meditate","doneToday":true,"currentStreak":5,"previousStreak":4,"bestStreak":5,"momentum":5,"#
            + #""weekCount":5,"weekSum":null,"weekComplete":true,"weeklyStreak":null,"due":true,"dueDays":5,"state":"done","#
            + #""frequency":null,"dayTarget":null,"todayAmount":1,"periodDone":null,"periodStreak":null},"#
            + #"{"habit":"Run","doneToday":true,"currentStreak":1,"previousStreak":0,"bestStreak":1,"momentum":0,"#
            + #""weekCount":3,"weekSum":11.5,"weekComplete":false,"weeklyStreak":0,"due":true,"dueDays":4,"state":"done","#
            + #""frequency":null,"dayTarget":null,"todayAmount":6.5,"periodDone":null,"periodStreak":null},"#
            + #"{"habit":"Journal","doneToday":false,"currentStreak":12,"previousStreak":12,"bestStreak":12,"momentum":6,"#
            + #""weekCount":6,"weekSum":null,"weekComplete":true,"weeklyStreak":null,"due":true,"dueDays":7,"state":"open","#
            + #""frequency":null,"dayTarget":null,"todayAmount":0,"periodDone":null,"periodStreak":null}]"#
        #expect(statsJSON(stats) == expected)
    }

    @Test func jsonEscapesNamesAndParsesBack() throws {
        let odd = MetricHabit(name: "Say \"hi\" \\ to/from é\u{01}")
        let text = statsJSON(scheduleStats(habits: [odd], entries: [], day: F.day("2026-11-22")))
        #expect(text.hasPrefix(#"[{"habit":"Say \"hi\" \\ to/from é\u0001","#))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.first?["habit"] as? String == odd.name)
        #expect(JSONValue.number(1e-5).text == "1e-05")
        #expect(JSONValue.number(.infinity).text == "null")
        #expect(JSONValue.number(-3).text == "-3")
    }

    @Test func jsonOfNoHabitsIsAnEmptyArray() {
        #expect(statsJSON([]) == "[]")
    }

    @Test func jsonRowDecodesBackToTheSameFigures() throws {
        let data = Data(statsJSON(stats).utf8)
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows[1]["weekSum"] as? Double == 11.5)
        #expect(rows[0]["weekSum"] is NSNull)
        #expect(rows[2]["previousStreak"] as? Int == 12)
    }

    @Test func statsTableIsAligned() {
        let expected = """
            Habit     Today    Streak  Prev  Best  Momentum  Week
            Meditate  done          5     4     5  5/5       5
            Run       done          1     0     1  0/4       11.5/15 km
            Journal   not yet      12    12    12  6/7       6
            """
        #expect(StatsTable.render(stats) == expected)
        #expect(StatsTable.render([]) == "No habits yet.")
    }

    /// The Today cell and the brief line say the state the ledger gave today, the same
    /// word `--format json` names (`later`, not "not yet"); a day target's progress in
    /// the table, and in the brief line through its target hint.
    @Test func todayCellSaysTheDaysState() {
        var journal = stats[2]
        let cases: [(DayState?, String, String)] = [
            (.open, "not yet", "not yet today"),
            (nil, "not yet", "not yet today"),
            (.possible(dependsOn: "Mood"), "not yet", "not yet today"),
            (.optional(reason: "schedule"), "not yet", "not yet today"),
            (.later, "later", "later today"),
            (.skipped, "skipped", "skipped today"),
            (.declined, "declined", "declined today"),
            (.paused, "paused", "paused today"),
            (.notDue(.schedule("schedule: mon")), "not due", "not due today"),
            (.partial(amount: 5, target: 8), "5/8", "not yet today"),
        ]
        for (state, cell, brief) in cases {
            journal.state = state
            #expect(StatsTable.row(journal)[1] == cell, "\(String(describing: state))")
            #expect(StatsTable.brief(journal).hasPrefix(brief + " · "), "\(String(describing: state))")
        }
        #expect(StatsTable.row(stats[0])[1] == "done")
    }

    @Test func briefLinesSayHowEachHabitIsGoing() {
        #expect(
            stats.map(StatsTable.brief) == [
                "done today · 5-day streak · 5 of 5 due in the last 7 days",
                "done today · 0 of the last 4 weeks · 11.5 of 15 km this week",
                "not yet today · a 12-day streak to continue · 6 of the last 7 days",
            ])
    }

    @Test func rowsKeepExplicitNulls() throws {
        let data = Data(statsJSON(stats).utf8)
        let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(rows.map { $0.keys.count } == [18, 18, 18])
        #expect(rows[0]["weekSum"] is NSNull)
        #expect(rows[0]["weeklyStreak"] is NSNull)
        #expect(rows[1]["weeklyStreak"] as? Int == 0)
    }

    /// What `routine today` shows for habits in no routine ("By hand").
    private func today(
        _ habits: [MetricHabit], _ entries: [MetricEntry], day: String = "2026-11-22"
    )
        -> TodayOverview
    {
        TodayOverview(
            day: F.day(day), routines: [], stats: scheduleStats(habits: habits, entries: entries, day: F.day(day)))
    }

    @Test func todayListsDoneAndOpenWithStreakHints() {
        let overview = today([meditate, run, journal], entries)
        #expect(overview.sections.map { $0.done.map(\.habit.name) } == [["Meditate", "Run"]])
        #expect(overview.sections.map { $0.due.map(\.habit.name) } == [["Journal"]])
        #expect(!overview.allDone)
        #expect(
            overview.lines == [
                "Today, 2026-11-22 (Sunday)",
                "By hand",
                "  ✓ Meditate: 5-day streak",
                "  ✓ Run: 6.5 km · 11.5 of 15 km this week",
                "  · Journal: a 12-day streak to continue",
            ])
    }

    @Test func todaySaysAllDoneWhenNothingIsOpen() {
        let overview = today([meditate], F.entries(meditate, ["2026-11-22"]))
        #expect(overview.allDone)
        #expect(overview.lines == ["Today, 2026-11-22 (Sunday)", "By hand", "  ✓ Meditate", "All done — nice."])
    }

    @Test func todayWithNothingDoneYetShowsWhatCanBeContinued() {
        let entries = F.entries(meditate, ["2026-11-21"]) + F.entries(journal, ["2026-11-17", "2026-11-19"])
        let overview = today([meditate, journal, MetricHabit(name: "Stretch")], entries)
        #expect(
            overview.lines == [
                "Today, 2026-11-22 (Sunday)",
                "By hand",
                "  · Meditate: done yesterday",
                "  · Journal: 2 of the last 7 days",
                "  · Stretch",
            ])
    }

    @Test func todayShowsWeeklyTargets() {
        let gym = MetricHabit(name: "Gym", weekly: 3)
        let complete = F.entries(gym, ["2026-11-17", "2026-11-19", "2026-11-22"])
        #expect(today([gym], complete).lines.dropFirst(2).first == "  ✓ Gym: week complete")
        let partial = F.entries(gym, ["2026-11-19", "2026-11-21"])
        #expect(today([gym], partial).lines.last == "  · Gym: done yesterday · 2 of 3 this week")
    }

    @Test func todayWithoutHabitsSaysHowToStart() {
        let overview = today([], [])
        #expect(!overview.allDone)
        #expect(overview.lines.count == 2)
        #expect(overview.lines[1].hasPrefix("No routines or habits yet"))
    }

    @Test func todayNeverUsesDiscouragingWords() {
        let habits = [meditate, run, journal, MetricHabit(name: "Gym", weekly: 3)]
        for seed in UInt64(1)...40 {
            var generator = SeededGenerator(seed: seed)
            let day = F.day("2026-11-22")
            let entries = habits.flatMap { habit in
                (-30...0).compactMap { offset -> MetricEntry? in
                    Bool.random(using: &generator)
                        ? MetricEntry(
                            habitKey: habit.key, dayKey: day.adding(days: offset), value: habit.isQuantity ? 3 : nil)
                        : nil
                }
            }
            let text = today(habits, entries).text.lowercased()
            for word in ["missed", "failed", "overdue", "behind", "broke"] {
                #expect(!text.contains(word), "seed \(seed): \(word)")
            }
        }
    }

    @Test func numbersAreWrittenWithoutLocaleOrNoise() {
        #expect(MetricNumber.text(10) == "10")
        #expect(MetricNumber.text(12.5) == "12.5")
        #expect(MetricNumber.text(0.1 + 0.2) == "0.3")
        #expect(MetricNumber.text(1.0 / 3) == "0.33")
        #expect(MetricNumber.text(-2.25, decimals: 1) == "-2.3")
        #expect(MetricNumber.text(-0.001) == "0")
        #expect(MetricNumber.text(.nan) == "nan")
        #expect(MetricNumber.text(1e300) == "1e+300")
        #expect(MetricNumber.text(42.5, unit: "km") == "42.5 km")
        #expect(MetricNumber.tidy(0.1 + 0.2) == 0.3)
    }
}
