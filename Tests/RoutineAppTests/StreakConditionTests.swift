import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineStore

/// A condition's `streak(H)` reads the ledger's states (SPEC §17.2, issue 26): it says what
/// `stats` says of the day before, where the schedule alone said otherwise. Each case
/// failed while the condition derived its own states from the schedule and the pauses.
@Suite struct StreakConditionTests {
    typealias L = LedgerTests

    /// The next prompt's text after `lines` in a dry run of `routine` on `day`.
    static func prompt(
        _ store: AppDatabase, _ routine: StoredRoutine, _ day: DayKey, after lines: [String]
    ) throws -> String? {
        var run = try RunCoordinator.dryRun(routine: routine.routine, dayKey: day, store: store, time: L.time)
        for line in lines { _ = try run.handle(line) }
        return run.prompt?.text
    }

    /// Stretch is reached only through `Tense`; `Foam roll` is asked after `Fine` once
    /// Stretch has a streak of two.
    static let stretching = """
        routine: evening
        start: [mood]
        habits:
          Stretch: {}
          Foam roll: {}
        nodes:
          mood:
            question: How was the day?
            options:
              - {text: Tense, next: [stretch]}
              - {text: Fine, next: [roll]}
          stretch: {habit: Stretch}
          roll: {habit: Foam roll, when: streak(Stretch) >= 2}

        """

    @Test func aHandLogOnADayTheRoutineDidNotReachCountsAsStatsCountsIt() throws {
        let (store, routine, folder) = try L.store(Self.stretching)
        _ = folder
        let saturday = L.sunday.adding(days: -1)
        // Thursday by hand; Friday's run went to Foam roll's side (Stretch not reached,
        // Foam roll not asked: no streak yet); Saturday by hand.
        try L.log(store, "Stretch", "2026-11-19")
        try L.run(store, routine, DayKey("2026-11-20") ?? saturday, ["Fine"])
        try L.log(store, "Stretch", "2026-11-21")
        // `stats` of Saturday: Friday was not due (not reached), so the streak is 2.
        #expect(try L.stats(store, "Stretch", saturday).currentStreak == 2)
        // The condition on Sunday reads the same 2 (the schedule alone made Friday a miss: 1).
        let ledgerStreaks = try HabitLedger.conditionStreaks(
            of: routine.routine, on: L.sunday, planner: DayPlanner(store: store), time: L.time)
        #expect(ledgerStreaks == ["Stretch": 2])
        #expect(try Self.prompt(store, routine, L.sunday, after: ["Fine"])?.contains("Foam roll") == true)
        // Today's plan says so too: Foam roll is behind the answer, not ruled out.
        let ledger = try HabitLedger.build(planner: DayPlanner(store: store), through: L.sunday, time: L.time)
        #expect(ledger.state("Foam roll", L.sunday).name == "possible")
    }

    /// Guitar was due on Mondays only; the runs passed it as optional the rest of the week
    /// (declined), and then its schedule became daily.
    static let guitar = """
        routine: evening
        start: [mood]
        habits:
          Guitar:
            days: [mon]
          Metronome: {}
        nodes:
          mood:
            question: How was the day?
            options:
              - {text: Tired}
              - {text: Fine, next: [guitar, metronome]}
          guitar: {habit: Guitar}
          metronome: {habit: Metronome, when: streak(Guitar) >= 1}

        """

    @Test func aDeclinedOptionalHabitDoesNotBreakTheStreakAConditionReads() throws {
        let (store, routine, folder) = try L.store(Self.guitar)
        _ = folder
        let monday = try #require(DayKey("2026-11-16"))
        try L.run(store, routine, monday, ["Fine", "y", "n"])
        for offset in 1...5 {
            // Not due: "done anyway?" — declined; Metronome, when asked: no.
            var (run, _) = try RunCoordinator.open(
                routine, dayKey: monday.adding(days: offset), store: store, time: L.time, timeZoneName: "UTC")
            _ = try run.handle("Fine")
            while run.prompt != nil { _ = try run.handle("n") }
            try run.finish()
        }
        let saturday = L.sunday.adding(days: -1)
        #expect(
            try HabitLedger.build(planner: DayPlanner(store: store), through: saturday, time: L.time)
                .state("Guitar", saturday) == .declined)
        _ = try store.habits.setSchedule(habit: "Guitar", to: .every(1))
        // `stats` of Saturday: Monday done, the declined days neither extend nor break: 1.
        #expect(try L.stats(store, "Guitar", saturday).currentStreak == 1)
        // The condition on Sunday reads 1 too (today's daily schedule made Tuesday a miss: 0).
        let streaks = try HabitLedger.conditionStreaks(
            of: routine.routine, on: L.sunday, planner: DayPlanner(store: store), time: L.time)
        #expect(streaks == ["Guitar": 1])
        #expect(try Self.prompt(store, routine, L.sunday, after: ["Fine", "n"])?.contains("Metronome") == true)
    }

    /// A routine with no `streak(H)` builds no ledger for its runs.
    @Test func aRoutineReadingNoStreakReadsNone() throws {
        let (store, routine, folder) = try L.store()
        _ = folder
        let streaks = try HabitLedger.conditionStreaks(
            of: routine.routine, on: L.sunday, planner: DayPlanner(store: store), time: L.time)
        #expect(streaks.isEmpty)
        let context = try DayPlanner(store: store).runContext(for: routine.routine, day: L.sunday, time: L.time)
        #expect(context.streaks == [:])
    }
}
