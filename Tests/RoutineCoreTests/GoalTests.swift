import TestSupport
import Testing

@testable import RoutineCore

/// Goal progress (links, date bounds) and link validation (the renderers: GoalViewTests,
/// RoutineCLITests).
@Suite struct GoalTests {
    private typealias F = MetricsFixtures
    private let walk = MetricHabit(name: "Walk")
    private let pushups = MetricHabit(name: "Push-ups", isQuantity: true)
    private let run = F.run
    private let longRun = F.longRun
    private let meditate = MetricHabit(name: "Meditate", isQuantity: true, unit: "min")

    private var runGoal: GoalSpec { F.runGoal }

    @Test func mixedLinksCountEntriesAndSumValuesWithinTheDates() {
        let goal = GoalSpec(
            title: "Move", target: 50, from: F.day("2026-11-01"), to: F.day("2026-11-30"),
            linkedHabits: [walk, pushups])
        let entries =
            F.entries(walk, ["2026-10-31", "2026-11-01", "2026-11-01", "2026-11-15", "2026-11-30", "2026-12-01"])
            + F.entries(pushups, [("2026-11-02", 10), ("2026-11-30", 15.5), ("2026-11-20", nil), ("2026-12-01", 100)])
            + F.entries(run, [("2026-11-10", 1000)])  // not linked
        let progress = goalProgress(goal: goal, entries: entries)
        #expect(progress.total == 29.5)  // 4 walks + 25.5 push-ups
        #expect(progress.target == 50)
        #expect(progress.fraction == 29.5 / 50)
        #expect(progress.remaining == 20.5)
        #expect(!progress.isReached)
        #expect(goalProgress(goal: goal, entries: entries.reversed()) == progress)
    }

    @Test func unitSpellingsAreOneUnit() {
        let entries =
            F.entries(run, [("2026-11-05", 10.2), ("2026-12-31", 0.1)]) + F.entries(longRun, [("2026-11-29", 21.1)])
        let progress = goalProgress(goal: runGoal, entries: entries)
        #expect(progress.total == 31.4)
        #expect(progress.remaining == 88.6)
        #expect(runGoal.validationErrors().isEmpty)
        #expect(runGoal.canonicalUnit == "km")
    }

    @Test func aHabitLinkedTwiceCountsOnce() {
        var goal = runGoal
        goal.linkedHabits = [run, run]
        #expect(goalProgress(goal: goal, entries: F.entries(run, [("2026-11-05", 10)])).total == 10)
    }

    @Test func progressPastTheTargetIsReached() {
        let progress = goalProgress(goal: runGoal, entries: F.entries(run, [("2026-11-05", 100), ("2026-11-06", 50)]))
        #expect(progress.isReached)
        #expect(progress.fraction == 1.25)
        #expect(progress.remaining == 0)
    }

    @Test func daysLeftCountTheReferenceDay() {
        let progress = goalProgress(goal: runGoal, entries: [])
        #expect(progress.daysLeft(from: F.day("2026-10-15")) == 61)  // not started: the whole span
        #expect(progress.daysLeft(from: F.day("2026-11-01")) == 61)
        #expect(progress.daysLeft(from: F.day("2026-12-30")) == 2)
        #expect(progress.daysLeft(from: F.day("2026-12-31")) == 1)
        #expect(progress.daysLeft(from: F.day("2027-01-01")) == 0)
    }

    @Test func quantityHabitInAnotherUnitIsRefused() {
        var goal = runGoal
        goal.linkedHabits = [run, meditate]
        let errors = goal.validationErrors()
        #expect(errors == [.unitMismatch(habit: "Meditate", habitUnit: "min", goalUnit: "km")])
        #expect(errors.first?.description == "habit 'Meditate' is measured in min, but the goal is in km")
    }

    @Test func binaryHabitNeedsAGoalWithoutUnit() {
        #expect(GoalSpec.linkError(habit: walk, goalUnit: "km") == .binaryHabitWithUnit(habit: "Walk", goalUnit: "km"))
        #expect(GoalSpec.linkError(habit: walk, goalUnit: nil) == nil)
        #expect(GoalSpec.linkError(habit: walk, goalUnit: "  ") == nil)
        #expect(GoalSpec.linkError(habit: pushups, goalUnit: nil) == nil)
        #expect(
            GoalSpec.linkError(habit: run, goalUnit: nil) == .unitMismatch(habit: "Run", habitUnit: "km", goalUnit: nil)
        )
        #expect(
            GoalSpec.linkError(habit: pushups, goalUnit: "km")
                == .unitMismatch(habit: "Push-ups", habitUnit: nil, goalUnit: "km")
        )
        #expect(GoalSpec.linkError(habit: longRun, goalUnit: "kilometer") == nil)
    }

    @Test func targetDatesAndLinksAreChecked() {
        let goal = GoalSpec(
            title: "Odd", target: 0, from: F.day("2026-12-01"), to: F.day("2026-11-01"), linkedHabits: [])
        #expect(
            goal.validationErrors() == [
                .invalidTarget(0), .datesReversed(from: F.day("2026-12-01"), to: F.day("2026-11-01")), .noLinkedHabits,
            ])
        var nan = runGoal
        nan.target = .nan
        #expect(nan.validationErrors().count == 1)
        #expect(goalProgress(goal: nan, entries: []).fraction == 0)
    }

    @Test func progressIsTheSumOfEachLinksOwnFigures() {
        let habits = [walk, pushups, MetricHabit(name: "Swim", isQuantity: true)]
        let goal = GoalSpec(
            title: "Mixed", target: 100, from: F.day("2026-11-01"), to: F.day("2026-11-30"), linkedHabits: habits)
        for seed in UInt64(1)...30 {
            var generator = SeededGenerator(seed: seed)
            let entries = (0..<200).map { _ -> MetricEntry in
                let habit = habits[Int.random(in: 0..<3, using: &generator)]
                let value = habit.isQuantity ? Double(Int.random(in: 0...50, using: &generator)) / 4 : nil
                return MetricEntry(
                    habitKey: habit.key,
                    dayKey: F.day("2026-10-20").adding(days: Int.random(in: 0...50, using: &generator)),
                    value: value)
            }
            let inside = entries.filter { $0.dayKey >= goal.from && $0.dayKey <= goal.to }
            let expected = habits.map { habit in
                let mine = inside.filter { $0.habitKey == habit.key }
                return habit.isQuantity ? mine.compactMap(\.value).reduce(0, +) : Double(mine.count)
            }.reduce(0, +)
            let progress = goalProgress(goal: goal, entries: entries.shuffled(using: &generator))
            #expect(progress.total == expected, "seed \(seed)")  // quarters add exactly
            #expect(progress.remaining == max(0, 100 - expected))
        }
    }
}
