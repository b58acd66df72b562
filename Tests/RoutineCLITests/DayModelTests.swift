import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// SPEC §13 through the binary: each case three weeks of daily use found, where `today`,
/// `plan`, `paths` or the figures disagreed with what a run asks. Each failed before the
/// day planner.
@Suite struct DayModelTests {
    private static let evening = """
        routine: ev
        start: [q, water, run, tea, stretch]
        nodes:
          q:
            question: How was the day?
            options:
              - text: Fine
              - text: Tired
          water: {habit: Water}
          run: {habit: Run, when: 'answer(q) == "Fine"'}
          tea: {habit: Tea, when: done(Water)}
          stretch: {habit: Stretch}

        """

    private func at(_ instant: String) -> [String: String] { ["ROUTINE_NOW": instant] }

    @Test func conditionsTheRunCanChangeArePossibleAndARunAsksThem() throws {
        let e2e = try EndToEnd()
        let file = try e2e.folder.write("ev.yaml", Self.evening)
        try e2e.ok(["import", file])
        #expect(
            try e2e.ok(["today"]) == """
                Today, 2026-11-22 (Sunday)
                ev: not started
                  · Water
                  · Stretch
                  + 2 more depending on your answers

                """)
        let paths = try e2e.ok(["paths", file, "--day", "2026-11-22", "--list"])
        #expect(paths.contains("  1. q: Fine -> Water, Run, Tea, Stretch"), "\(paths)")
        #expect(paths.contains("  some   Run"), "\(paths)")
        #expect(paths.contains("(every: asked however you answer; some: on some answers or days; none: never asked)"))
        let run = try e2e.json(["run", "ev", "--format", "json"], input: "Fine\ny\ny\ny\ny\n") as? [String: Any]
        let steps = (run?["steps"] as? [[String: Any]])?.compactMap { $0["habit"] as? String }
        #expect(steps == ["Water", "Run", "Tea", "Stretch"])
    }

    /// A routine answered without a run here (another device's run, pulled by sync; or
    /// imported answers) is a run on its day (SPEC §17.5): `today` says it was completed
    /// when its last step was recorded, and the JSON says so too; another day it is not
    /// started as before.
    @Test func aRoutineAnsweredWithoutARunHereIsARunOnItsDay() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let file = try e2e.folder.write(
            "answers.csv",
            """
            uid,dayKey,routine,node,question,answer,option,timestamp,timeZone
            ,2026-11-22,morning-checkin,feeling,,Great!,1,2026-11-22T06:05:00Z,UTC

            """)
        try e2e.ok(["import-answers", file])
        let today = try e2e.ok(["today"])
        #expect(
            today.hasPrefix(
                "Today, 2026-11-22 (Sunday)\nmorning-checkin: completed at 06:05\n"
            ), "\(today)")
        let json = try #require(try e2e.json(["today", "--format", "json"]) as? [String: Any])
        let routine = try #require((json["routines"] as? [[String: Any]])?.first)
        #expect(routine["state"] as? String == "completed")
        #expect(routine["at"] as? String == "06:05")
        #expect(try e2e.ok(["today", "--day", "2026-11-21"]).contains("morning-checkin: not started"))
    }

    @Test func bundledRoutinesTodayIsShortAndCountsWhatDependsOnAnswers() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let today = try e2e.ok(["today"])
        #expect(
            today == """
                Today, 2026-11-22 (Sunday)
                evening-journal: not started
                  + 12 more depending on your answers
                morning-checkin: not started
                  · Journal
                  + 4 more depending on your answers
                training: not started
                  · Warm-up
                  + 6 more depending on your answers

                """)
        let all = try e2e.ok(["today", "--all"])
        #expect(all.contains("  ○ Read a book: depends on your answer to “How are you feeling today?”"), "\(all)")
        // On a Friday the lunch walk is not offered, and today says why.
        let friday = try e2e.ok(["today", "--all"], extra: at("2026-11-27T08:00:00Z"))
        #expect(
            friday.contains("  · Plan a lunch walk: not due (when: weekday in [sun, mon, tue, wed, thu])"), "\(friday)")
        #expect(
            try e2e.ok(["today"], extra: at("2026-11-27T08:00:00Z")).contains(
                "  + 11 more depending on your answers\n  1 not due today"))
    }

    @Test func anEveryThreeHabitIsNeverSaidDoneYesterdayAndPlansEveryThirdDay() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Run", "--new", "--day", "2026-12-04"], extra: at("2026-12-04T08:00:00Z"))
        try e2e.ok(["habit", "schedule", "Run", "--every", "3"])
        let today = try e2e.ok(["today"], extra: at("2026-12-07T08:00:00Z"))
        #expect(!today.contains("done yesterday"), "\(today)")
        #expect(today.contains("· Run: done 3 days ago"), "\(today)")
        let plan = try e2e.ok(["plan"], extra: at("2026-12-07T08:00:00Z"))
        #expect(plan.contains("By hand\n  Run      ●   ·   ·   ●   ·   ·   ●\n"), "\(plan)")
    }

    @Test func aWeekendOnlyHabitIsNotMissedOnWeekdays() throws {
        let e2e = try EndToEnd()
        let file = try e2e.folder.write(
            "weekend.yaml",
            """
            routine: weekend
            start: [vitamins]
            nodes:
              vitamins: {habit: Vitamins, when: 'weekday in [sat, sun]'}

            """)
        try e2e.ok(["import", file])
        // Saturday and Sunday done; asked on a Monday, the habit has a 2-day streak and
        // 2 of 2 due days, not 2 of 7.
        for day in ["2026-11-21", "2026-11-22"] {
            try e2e.ok(["run", "weekend"], input: "y\n", extra: at("\(day)T08:00:00Z"))
        }
        let stats = try #require(
            try e2e.json(["stats", "Vitamins", "--day", "2026-11-27", "--format", "json"]) as? [[String: Any]])
        #expect(stats.first?["currentStreak"] as? Int == 2)
        #expect(stats.first?["dueDays"] as? Int == 2)
        #expect(stats.first?["momentum"] as? Int == 2)
        let heatmap = try e2e.ok(["stats", "Vitamins", "--heatmap", "--weeks", "1", "--day", "2026-11-27"])
        #expect(heatmap.contains("Mon –"), "\(heatmap)")
    }

    @Test func weekdayAndWeekendBranchesAreNeverTakenTogether() throws {
        let e2e = try EndToEnd()
        let file = try e2e.folder.write(
            "wk.yaml",
            """
            routine: wk
            start: [work, weekend]
            nodes:
              work:
                question: Which way to work?
                when: weekday in [mon, tue, wed, thu, fri]
                options: [{text: Bike}, {text: Train}, {text: Walk}]
              weekend:
                question: Where to?
                when: weekday in [sat, sun]
                options: [{text: Hills}, {text: Coast}]

            """)
        let text = try e2e.ok(["paths", file, "--list"])
        #expect(text.contains("combinations: 5"), "\(text)")
        #expect(text.contains("1. work: Bike -> (no habits) (mon, tue, wed, thu, fri)"), "\(text)")
        #expect(!text.contains("work: Bike, weekend"), "\(text)")
    }

    /// `paths` on the bundled routines (SPEC §13.5): the lunch walk's option is offered
    /// Sunday to Thursday, and the combination through it says so.
    @Test func pathsOfTheBundledRoutines() throws {
        let e2e = try EndToEnd()
        let evening = try e2e.ok(["paths", EndToEnd.routineFile("evening-journal"), "--list", "--limit", "2"])
        #expect(
            evening.hasSuffix(
                """
                  some   Pick tomorrow's one thing
                (every: asked however you answer; some: on some answers or days; none: never asked)
                paths (first 2 of 300):
                  1. primary: Joy, secondary: Yes, secondary-feeling: Tired, self-care: Went outside, strategy: An earlier night -> Write down three good things, Screens off by 22:30, Time outdoors, Plan bedtime
                  2. primary: Joy, secondary: Yes, secondary-feeling: Tired, self-care: Went outside, strategy: A walk at lunch -> Write down three good things, Screens off by 22:30, Time outdoors, Plan a lunch walk (mon, tue, wed, thu, sun)

                """), "\(evening)")
        #expect(
            try e2e.ok(["paths", EndToEnd.routineFile("training"), "--list", "--limit", "3"]) == trainingPathsHead + """
                paths (first 3 of 5):
                  1. session: Run -> Warm-up, Run, Stretch
                  2. session: Ride -> Warm-up, Cycle, Stretch
                  3. session: Swim -> Warm-up, Swim

                """)
        // On a Friday the lunch walk is not offered: 2 strategies of 3, 200 combinations.
        let friday = try e2e.ok(["paths", EndToEnd.routineFile("evening-journal"), "--day", "2026-11-27"])
        #expect(friday.contains("combinations: 200"), "\(friday)")
        #expect(friday.contains("  none   Plan a lunch walk"), "\(friday)")
    }

    @Test func aChoiceThePersonMakesIsRecordedOnASaturdayAndOnAHoliday() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let saturday = at("2026-11-28T08:00:00Z")
        let swim = try e2e.run(["run", "training"], input: "y\nSwim\n800\n", extra: saturday)
        #expect(swim.stdout.contains("Swim — not due today (tue, thu, sun); done anyway?"), "\(swim.stdout)")
        #expect(swim.stdout.contains("recorded Warm-up 10 min, Swim 800 m"), "\(swim.stdout)")
        try e2e.ok(["pause", "--from", "2026-11-29", "--to", "2026-11-29"])
        let holiday = try e2e.run(["run", "morning-checkin"], input: "1\n\ny\ny\n", extra: at("2026-11-29T08:00:00Z"))
        #expect(holiday.stdout.contains("Drink Water — not due today (paused); done anyway? (y, n)"))
        #expect(holiday.stdout.contains("recorded Drink Water, Journal."), "\(holiday.stdout)")
        let output = try e2e.ok(
            ["run", "training", "--format", "json", "--dry-run", "--day", "2026-12-05"], input: "y\nSwim\nn\n",
            extra: saturday)
        let transcript = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let answers = (transcript?["steps"] as? [[String: Any]])?.map { $0["answer"] as? String ?? "" }
        #expect(answers == ["done", "Swim", "declined"])
    }

    @Test func anArchivedRoutinesHabitsAreNotByHand() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["training"])
        try e2e.ok(["archive", "training"])
        let today = try e2e.ok(["today"])
        #expect(!today.contains("By hand"), "\(today)")
        #expect(!today.contains("Warm-up"), "\(today)")
    }

    /// SPEC §13.1's promise through the binary: on each of a fortnight of days, the day
    /// column of `plan --format json` and `today --format json` give each habit the same
    /// class, and a run answering the first option and `y` everywhere asks every certain habit.
    @Test func todayPlanAndARunAgree() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let file = try e2e.folder.write("ev.yaml", Self.evening)
        try e2e.ok(["import", file])
        for offset in 0..<14 {
            let day = try #require(Calendar(identifier: .gregorian).date(byAdding: .day, value: offset, to: Self.start))
            let stamp = ISO8601DateFormatter().string(from: day)
            let clock = at(stamp)
            let todayJSON = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try e2e.ok(["today", "--format", "json"], extra: clock).utf8))
                    as? [String: Any])
            let planJSON = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try e2e.ok(["plan", "--days", "1", "--format", "json"], extra: clock).utf8))
                    as? [String: Any])
            var planned: [String: String] = [:]
            for group in planJSON["routines"] as? [[String: Any]] ?? [] {
                guard let slug = group["routine"] as? String else { continue }
                for habit in group["habits"] as? [[String: Any]] ?? [] {
                    let cell = (habit["days"] as? [[String: Any]])?.first?["class"] as? String
                    planned["\(slug)/\(habit["habit"] as? String ?? "")"] = cell
                }
            }
            for routine in todayJSON["routines"] as? [[String: Any]] ?? [] {
                let slug = routine["routine"] as? String ?? ""
                var certain: [String] = []
                for habit in routine["habits"] as? [[String: Any]] ?? [] {
                    let name = habit["habit"] as? String ?? ""
                    #expect(planned["\(slug)/\(name)"] == habit["class"] as? String, "\(stamp) \(slug)/\(name)")
                    if habit["class"] as? String == "certain" { certain.append(name) }
                }
                let output = try e2e.ok(
                    ["run", slug, "--dry-run", "--format", "json"], input: String(repeating: "1\ny\n", count: 20),
                    extra: clock)
                let run = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
                let asked = Set(
                    (run?["steps"] as? [[String: Any]] ?? []).compactMap { step -> String? in
                        guard step["answer"] as? String != "not-due" else { return nil }
                        return step["habit"] as? String
                    })
                for name in certain { #expect(asked.contains(name), "\(stamp) \(slug): \(name) not asked") }
            }
        }
    }

    private static let start = ISO8601DateFormatter().date(from: "2026-11-22T08:00:00Z") ?? Date()
}
