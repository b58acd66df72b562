import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineCore

/// `goal show` and `goal list` as text, drawn by RoutineCLI from goal progress.
@Suite struct GoalViewTests {
    private typealias F = MetricsFixtures
    private let run = F.run

    private var runGoal: GoalSpec { F.runGoal }

    @Test func showBeforeTheStartSaysWhenItStarts() {
        let progress = goalProgress(goal: runGoal, entries: [])
        let text = GoalView.show(goal: runGoal, progress: progress, day: F.day("2026-10-30"))
        #expect(text.split(separator: "\n")[1] == "  2026-11-01 to 2026-12-31 · starts in 2 days")
        #expect(text.contains("  [--------------------] 0%  0 of 120 km"))
        #expect(GoalView.timing(goal: runGoal, progress: progress, day: F.day("2026-10-31")) == "starts tomorrow")
        #expect(GoalView.timing(goal: runGoal, progress: progress, day: F.day("2026-12-31")) == "last day")
    }

    @Test func barsUsePlainCharactersAndFillOnlyWhenReached() {
        #expect(GoalView.bar(fraction: 0) == "[--------------------]")
        #expect(GoalView.bar(fraction: 0.35) == "[#######-------------]")
        #expect(GoalView.bar(fraction: 0.999) == "[###################-]")
        #expect(GoalView.bar(fraction: 3) == "[####################]")
        #expect(GoalView.bar(fraction: .nan, width: 4) == "[----]")
        #expect(GoalView.bar(fraction: 0.5, width: 0) == "[-]")
    }

    @Test func showDrawsTheGoal() {
        let entries = F.entries(run, [("2026-11-05", 30), ("2026-11-20", 12.5)])
        let progress = goalProgress(goal: runGoal, entries: entries)
        let expected = """
            Run 120 km
              2026-11-01 to 2026-12-31 · 40 days left
              [#######-------------] 35%  42.5 of 120 km
              77.5 km to go
              Linked: Run, Long Run
            """
        #expect(GoalView.show(goal: runGoal, progress: progress, day: F.day("2026-11-22")) == expected)
        let after = GoalView.show(goal: runGoal, progress: progress, day: F.day("2027-01-05"))
        #expect(after.contains("· ended 2026-12-31"))
        #expect(!after.contains("to go"))
    }

    @Test func listAlignsOneLinePerGoal() {
        let books = GoalSpec(
            title: "Read 12 books", target: 12, from: F.day("2026-01-01"), to: F.day("2026-12-31"),
            linkedHabits: [MetricHabit(name: "Finish a book")])
        let entries =
            F.entries(run, [("2026-11-05", 30), ("2026-11-20", 12.5)])
            + F.entries(MetricHabit(name: "Finish a book"), (1...12).map { "2026-0\($0 % 9 + 1)-10" })
        let expected = """
            Run 120 km     [#######-------------]   35%  42.5 of 120 km  40 days left
            Read 12 books  [####################]  100%  12 of 12        40 days left
            """
        #expect(GoalView.list(goals: [runGoal, books], entries: entries, day: F.day("2026-11-22")) == expected)
        #expect(GoalView.list([], day: F.day("2026-11-22")) == "No goals yet.")
    }
}
