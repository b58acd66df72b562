import EndToEndSupport
import Foundation
import RoutineFile
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineCLI
@testable import RoutineCore
@testable import RoutineStore

/// The ledger's states for frequencies and day targets (SPEC §17.1, §18.1) against a real
/// SQLite file: due and not due by the window, partial, at-most days with no entry, and
/// period streaks; and a run's prompts for them, by scripted input.
@Suite struct HabitTargetLedgerTests {
    typealias L = LedgerTests
    static let sunday = LedgerTests.sunday

    static let targets = """
        routine: targets
        start: [gym]
        habits:
          Gym:
            per: 3/7
          Drink water:
            at-least: 8
          Smoke:
            at-most: 0
          Read:
            measure: {unit: min, type: time}
            target: 10
            at-least: 30
        nodes:
          gym: {habit: Gym, next: [water]}
          water: {habit: Drink water, next: [smoke]}
          smoke: {habit: Smoke, next: [read]}
          read: {habit: Read}

        """

    private func day(_ text: String) throws -> DayKey { try #require(DayKey(text)) }

    private func ledger(_ store: AppDatabase) throws -> HabitLedger {
        try HabitLedger.build(planner: DayPlanner(store: store), through: Self.sunday, time: L.time)
    }

    @Test func aFrequencyIsDueUntilMetInItsWindow() throws {
        let (store, _, folder) = try L.store(Self.targets, at: try day("2026-11-08"))
        _ = folder
        // Mon 11-16, Tue 11-17, Wed 11-18: three in a row.
        for date in ["2026-11-16", "2026-11-17", "2026-11-18"] { try L.log(store, "Gym", date) }
        let ledger = try ledger(store)
        #expect(ledger.state("Gym", try day("2026-11-18")) == .done)
        // Thu 11-19: 3 of the 6 days before are done: not due, and no miss.
        #expect(ledger.state("Gym", try day("2026-11-19")) == .notDue(.frequencyMet("frequency met: 3 of 3 this week")))
        #expect(ledger.state("Gym", try day("2026-11-22")) == .notDue(.frequencyMet("frequency met: 3 of 3 this week")))
        // Mon 11-23 would see 11-17 and 11-18 only; before it, 11-15 saw none: missed.
        #expect(ledger.state("Gym", try day("2026-11-15")) == .missed)
        let gym = try L.stats(store, "Gym")
        #expect(gym.currentStreak == 3 && gym.due == false)
        #expect(gym.periodDone == 3 && gym.periodStreak == 1)
        #expect(HabitHints.frequencyHints(gym) == ["3 of 3 this week", "1 week in a row"])
    }

    @Test func thePeriodStreakCountsWindowsSteppingBackFromD() throws {
        let (store, _, folder) = try L.store(Self.targets, at: try day("2026-10-01"))
        _ = folder
        // Windows ending 11-22, 11-15, 11-08 hold 3, 3 and 2 done days.
        for date in ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-10", "2026-11-12", "2026-11-14"] {
            try L.log(store, "Gym", date)
        }
        for date in ["2026-11-03", "2026-11-05"] { try L.log(store, "Gym", date) }
        #expect(try L.stats(store, "Gym").periodStreak == 2)
        try L.log(store, "Gym", "2026-11-07")
        #expect(try L.stats(store, "Gym").periodStreak == 3)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(statsJSON([try L.stats(store, "Gym")]).utf8))
                as? [[String: Any]])
        #expect(json.first?["periodStreak"] as? Int == 3)
        #expect((json.first?["frequency"] as? [String: Int]) == ["times": 3, "period": 7])
    }

    @Test func belowAnAtLeastTargetIsPartialAndNeitherExtendsNorBreaks() throws {
        let (store, _, folder) = try L.store(Self.targets)
        _ = folder
        for _ in 0..<8 { try L.log(store, "Drink water", "2026-11-20") }
        for _ in 0..<5 { try L.log(store, "Drink water", "2026-11-21") }
        for _ in 0..<8 { try L.log(store, "Drink water", "2026-11-22") }
        try L.log(store, "Read", "2026-11-22", value: 25)
        let ledger = try ledger(store)
        #expect(ledger.state("Drink water", try day("2026-11-21")) == .partial(amount: 5, target: 8))
        #expect(ledger.state("Drink water", Self.sunday) == .done)
        #expect(ledger.state("Read", Self.sunday) == .partial(amount: 25, target: 30))
        let water = try L.stats(store, "Drink water")
        #expect(water.currentStreak == 2 && water.doneToday)
        let read = try L.stats(store, "Read")
        #expect(!read.doneToday && read.todayAmount == 25)
        #expect(HabitHints.openHint(read).hasPrefix("Read: 25/30 min"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(statsJSON([read]).utf8)) as? [[String: Any]])
        #expect(json.first?["state"] as? String == "partial")
        #expect(json.first?["dayTarget"] as? String == "at-least:30")
    }

    @Test func anAtMostDayWithNoEntryIsDoneAndOneOverTheLimitIsNot() throws {
        let (store, _, folder) = try L.store(Self.targets)
        _ = folder
        try L.log(store, "Smoke", "2026-11-19")
        let ledger = try ledger(store)
        #expect(ledger.state("Smoke", try day("2026-11-18")) == .done)
        #expect(ledger.state("Smoke", try day("2026-11-19")) == .missed)
        #expect(ledger.state("Smoke", Self.sunday) == .done)
        let smoke = try L.stats(store, "Smoke")
        #expect(smoke.currentStreak == 3 && smoke.bestStreak == 4 && smoke.doneToday)
    }

    @Test func aRunAsksForTheAmountAndHowManyToday() throws {
        let (store, routine, folder) = try L.store(Self.targets)
        _ = folder
        try L.log(store, "Drink water", Self.sunday.description)
        var (run, _) = try RunCoordinator.open(
            routine, dayKey: Self.sunday, store: store, time: L.time, timeZoneName: "UTC")
        var prompts: [String] = []
        for line in ["n", "y", "0", "12"] {
            prompts.append(run.walker.prompt?.render() ?? "")
            _ = try run.handle(line)
        }
        try run.finish()
        #expect(
            prompts == [
                "Gym: done? (y = done, n = skip, l = later)",
                "Drink water: one more? (1 of 8 today; y = one more, n = skip, l = later)",
                "Smoke: how many today? (at most 0; 0 is fine, y = one, n = skip, l = later)",
                "Read: how much, in min? (0 of 30 min today; a number, y = 10 min, n = skip, l = later)",
            ])
        let ledger = try ledger(store)
        #expect(ledger.state("Drink water", Self.sunday) == .partial(amount: 2, target: 8))
        #expect(ledger.state("Smoke", Self.sunday) == .done)
        #expect(ledger.state("Read", Self.sunday) == .partial(amount: 12, target: 30))
        // A second run asks the at-least habit again: it is not done yet.
        var (again, _) = try RunCoordinator.open(
            routine, dayKey: Self.sunday, store: store, time: L.time, timeZoneName: "UTC", startNew: true)
        _ = try again.handle("n")
        #expect(again.walker.prompt?.render().hasPrefix("Drink water: one more? (2 of 8 today") == true)
    }
}
