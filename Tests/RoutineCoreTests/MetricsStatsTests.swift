import TestSupport
import Testing

@testable import RoutineCore

/// Each SPEC §6 figure on hand-made histories whose answers are worked out by hand.
@Suite struct MetricsStatsTests {
    private typealias F = MetricsFixtures
    private let meditate = MetricHabit(name: "Meditate")
    private let run = MetricHabit(name: "Run", isQuantity: true, unit: "km")

    @Test func gapsSplitStreaks() throws {
        // Runs: 11-08…11-10 (3), 11-12…11-16 (5), 11-19…11-22 (4).
        let days =
            F.span("2026-11-08", "2026-11-10") + F.span("2026-11-12", "2026-11-16") + F.span("2026-11-19", "2026-11-22")
        let stats = try #require(F.stats(meditate, F.entries(meditate, days), at: "2026-11-22"))
        #expect(stats.doneToday)
        #expect(stats.currentStreak == 4)
        #expect(stats.previousStreak == 3)
        #expect(stats.bestStreak == 5)
        // 11-16…11-22 holds 11-16, 11-19, 11-20, 11-21, 11-22.
        #expect(stats.weekCount == 5)
        #expect(stats.momentum == 5)
        #expect(stats.weekSum == nil)
        #expect(stats.weekComplete)
        #expect(stats.weeklyStreak == nil)
    }

    @Test func severalEntriesOnOneDayCountOnceForDaysButAllForTheWeek() throws {
        let days = ["2026-11-22", "2026-11-22", "2026-11-22", "2026-11-21", "2026-11-21", "2026-11-20"]
        let stats = try #require(F.stats(meditate, F.entries(meditate, days), at: "2026-11-22"))
        #expect(stats.currentStreak == 3)
        #expect(stats.bestStreak == 3)
        #expect(stats.momentum == 3)
        #expect(stats.weekCount == 6)
        #expect(stats.todayCount == 3)
    }

    @Test func quantityEntriesOnOneDayAreSummed() throws {
        let entries = F.entries(run, [("2026-11-22", 2), ("2026-11-22", 3), ("2026-11-20", 5)])
        let stats = try #require(F.stats(run, entries, at: "2026-11-22"))
        #expect(stats.weekSum == 10)
        #expect(stats.weekCount == 3)
        #expect(stats.todaySum == 5)
        #expect(stats.momentum == 2)
        #expect(stats.currentStreak == 1)
        #expect(stats.previousStreak == 0)
    }

    @Test func notYetDoneTodayKeepsThePreviousStreak() throws {
        let stats = try #require(
            F.stats(meditate, F.entries(meditate, F.span("2026-11-17", "2026-11-21")), at: "2026-11-22"))
        #expect(!stats.doneToday)
        // Today is open, not over: not a break (SPEC §17.2).
        #expect(stats.currentStreak == 5)
        #expect(stats.previousStreak == 5)
        #expect(stats.bestStreak == 5)
        #expect(stats.momentum == 5)
    }

    @Test func streaksCrossMonthAndYearEnds() throws {
        let yearEnd = F.entries(meditate, F.span("2026-12-29", "2027-01-02"))
        let atNewYear = try #require(F.stats(meditate, yearEnd, at: "2027-01-02"))
        #expect(atNewYear.currentStreak == 5)
        #expect(atNewYear.previousStreak == 4)
        let monthEnd = F.entries(meditate, F.span("2026-11-29", "2026-12-02"))
        #expect(F.stats(meditate, monthEnd, at: "2026-12-02")?.currentStreak == 4)
        #expect(F.stats(meditate, monthEnd, at: "2026-12-01")?.currentStreak == 3)
    }

    @Test func weekWindowCrossesTheYearEnd() throws {
        // The window ending 2027-01-02 is 2026-12-27…2027-01-02.
        let entries = F.entries(run, [("2026-12-26", 100), ("2026-12-27", 1), ("2027-01-01", 2.5), ("2027-01-03", 50)])
        let stats = try #require(F.stats(run, entries, at: "2027-01-02"))
        #expect(stats.weekCount == 2)
        #expect(stats.weekSum == 3.5)
    }

    @Test func leapDayIsADayOfTheStreak() throws {
        let leap = F.entries(meditate, ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"])
        #expect(F.stats(meditate, leap, at: "2024-03-01")?.currentStreak == 4)
        // Without 02-29 the leap year's run breaks; in a common year 02-28 → 03-01 does not.
        let gap = F.entries(meditate, ["2024-02-28", "2024-03-01"])
        #expect(F.stats(meditate, gap, at: "2024-03-01")?.currentStreak == 1)
        let common = F.entries(meditate, ["2023-02-28", "2023-03-01"])
        #expect(F.stats(meditate, common, at: "2023-03-01")?.currentStreak == 2)
        // The window ending 2024-03-04 is 02-27…03-04: seven days with the leap day.
        let window = F.entries(meditate, ["2024-02-26", "2024-02-27", "2024-02-29", "2024-03-04"])
        #expect(F.stats(meditate, window, at: "2024-03-04")?.weekCount == 3)
    }

    @Test func weeklyTargetForABinaryHabitCountsEntries() throws {
        let gym = MetricHabit(name: "Gym", weekly: 3)
        // Windows ending 11-22, 11-15, 11-08, 11-01, 10-25 hold 3 (two on 11-18), 3, 2, 3, 3 entries.
        let days = [
            "2026-11-16", "2026-11-18", "2026-11-18",
            "2026-11-09", "2026-11-11", "2026-11-13",
            "2026-11-03", "2026-11-05",
            "2026-10-26", "2026-10-28", "2026-10-30",
            "2026-10-19", "2026-10-21", "2026-10-23",
        ]
        let stats = try #require(F.stats(gym, F.entries(gym, days), at: "2026-11-22"))
        #expect(stats.weekCount == 3)
        #expect(stats.weekComplete)
        #expect(stats.weeklyStreak == 2)
        #expect(stats.momentum == 3)
        #expect(stats.habit.isWeekly)
        #expect(stats.currentStreak == 0)
        #expect(stats.previousStreak == 0)
    }

    @Test func weeklyTargetForAQuantityHabitSumsValues() throws {
        let weeklyRun = MetricHabit(name: "Run", isQuantity: true, unit: "km", weekly: 15)
        let entries = F.entries(
            weeklyRun,
            [
                ("2026-11-17", 5), ("2026-11-19", 5), ("2026-11-21", 4.9),  // 14.9: not yet
                ("2026-11-10", 15),  // exactly the target
                ("2026-11-03", 20),
                ("2026-10-27", 1),
            ])
        let stats = try #require(F.stats(weeklyRun, entries, at: "2026-11-22"))
        #expect(stats.weekSum == 14.9)
        #expect(!stats.weekComplete)
        #expect(stats.weeklyStreak == 0)
        #expect(stats.momentum == 2)
        // A day later the window 11-17…11-23 with a 0.1 km entry reaches 15; the windows
        // ending 11-16 (15) and 11-09 (20) are complete, the one ending 11-02 (1) is not.
        let more = entries + F.entries(weeklyRun, [("2026-11-23", 0.1)])
        let next = try #require(F.stats(weeklyRun, more, at: "2026-11-23"))
        #expect(next.weekComplete)
        #expect(next.weeklyStreak == 3)
        #expect(next.momentum == 3)
    }

    @Test func decimalSumsMeetTheirTargetDespiteFloatingPoint() throws {
        let water = MetricHabit(name: "Water", isQuantity: true, unit: "l", weekly: 0.3)
        let stats = try #require(
            F.stats(water, F.entries(water, [("2026-11-21", 0.1), ("2026-11-22", 0.2)]), at: "2026-11-22"))
        #expect(stats.weekSum == 0.3)
        #expect(stats.weekComplete)
    }

    @Test func quantityWithoutWeeklyTargetIsCompleteWithOneEntry() throws {
        let entries = F.entries(run, [("2026-11-20", 0)])
        let stats = try #require(F.stats(run, entries, at: "2026-11-22"))
        #expect(stats.weekComplete)
        #expect(stats.weeklyStreak == nil)
        #expect(try #require(F.stats(run, [], at: "2026-11-22")).weekComplete == false)
    }

    @Test func dailyMomentumCountsOnlyTheLastSevenDays() throws {
        let days = ["2026-11-15", "2026-11-16", "2026-11-18", "2026-11-22"]  // 11-15 is D−7
        let stats = try #require(F.stats(meditate, F.entries(meditate, days), at: "2026-11-22"))
        #expect(stats.momentum == 3)
        #expect(!stats.habit.isWeekly)
        let full = try #require(
            F.stats(meditate, F.entries(meditate, F.span("2026-11-01", "2026-11-22")), at: "2026-11-22"))
        #expect(full.momentum == 7)
    }

    @Test func entriesAfterTheReferenceDayAreIgnored() throws {
        let days = ["2026-11-20", "2026-11-21"] + F.span("2026-11-23", "2026-12-31")
        let stats = try #require(F.stats(meditate, F.entries(meditate, days), at: "2026-11-22"))
        #expect(!stats.doneToday)
        #expect(stats.previousStreak == 2)
        #expect(stats.bestStreak == 2)
        #expect(stats.weekCount == 2)
        #expect(stats.momentum == 2)
        let later = F.entries(run, [("2026-11-22", 1), ("2026-11-23", 40)])
        #expect(F.stats(run, later, at: "2026-11-22")?.weekSum == 1)
    }

    @Test func onlyFutureEntriesGiveZeroFigures() throws {
        let stats = try #require(
            F.stats(meditate, F.entries(meditate, F.span("2026-11-23", "2026-11-30")), at: "2026-11-22"))
        #expect(!stats.doneToday)
        #expect(
            [stats.currentStreak, stats.previousStreak, stats.bestStreak, stats.momentum, stats.weekCount] == [
                0, 0, 0, 0, 0,
            ])
    }

    @Test func bestStreakRemembersALongRunYearsAgo() throws {
        let days = F.span("2020-02-20", "2020-03-10") + ["2026-11-21", "2026-11-22"]
        let stats = try #require(F.stats(meditate, F.entries(meditate, days), at: "2026-11-22"))
        #expect(stats.bestStreak == 20)  // 10 days of February 2020 (a leap year) + 10 of March
        #expect(stats.currentStreak == 2)
    }

    @Test func aZeroWeeklyTargetIsNoTarget() throws {
        let habit = MetricHabit(name: "Stretch", weekly: 0)
        let stats = try #require(F.stats(habit, [], at: "2026-11-22"))
        #expect(!stats.weekComplete)
        #expect(stats.weeklyStreak == nil)
        #expect(!stats.habit.isWeekly)
    }

    @Test func outputFollowsTheHabitOrderAndIgnoresUnknownHabits() {
        let stray = MetricEntry(habitKey: "unknown", dayKey: F.day("2026-11-22"))
        let entries = F.entries(run, [("2026-11-22", 3)]) + [stray]
        let stats = scheduleStats(habits: [run, meditate, run], entries: entries, day: F.day("2026-11-22"))
        #expect(stats.map(\.habit.name) == ["Run", "Meditate", "Run"])
        #expect(stats.map(\.doneToday) == [true, false, true])
        #expect(stats[1].bestStreak == 0)
        #expect(stats[1].weekCount == 0)
    }

    @Test func habitsMatchByKeyWhateverTheSpelling() throws {
        let habit = MetricHabit(name: " drink  Water ")
        #expect(habit.key == "drink water")
        let entry = MetricEntry(habitKey: HabitKey("Drink Water"), dayKey: F.day("2026-11-22"))
        #expect(F.stats(habit, [entry], at: "2026-11-22")?.doneToday == true)
    }

    @Test func nonFiniteValuesCountAsZero() throws {
        let entries = F.entries(run, [("2026-11-21", .nan), ("2026-11-22", .infinity), ("2026-11-22", 2)])
        let stats = try #require(F.stats(run, entries, at: "2026-11-22"))
        #expect(stats.weekSum == 2)
        #expect(stats.weekCount == 3)
        #expect(stats.currentStreak == 2)
    }
}
