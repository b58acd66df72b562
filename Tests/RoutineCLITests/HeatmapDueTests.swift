import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineCore

/// The heat map keeps days that were not due (schedule, pause) apart from missed ones.
@Suite struct HeatmapDueTests {
    private typealias F = MetricsFixtures

    @Test func notDueDaysAreMarkedApartFromMissedOnes() {
        let strength = MetricHabit(name: "Strength", schedule: .days([.mon, .wed, .fri]))
        // Weeks of 11-09 and 11-16; a pause of every habit on Friday 11-20; done on a
        // Saturday (not due, still shown as done).
        let entries = F.entries(strength, ["2026-11-09", "2026-11-11", "2026-11-13", "2026-11-16", "2026-11-21"])
        let pause = PauseSpan(from: F.day("2026-11-20"), to: F.day("2026-11-20"))
        let expected = """
            Strength: 2 weeks to 2026-11-22
                Nov
            Mon █ █
            Tue – –
            Wed █ ·
            Thu – –
            Fri █ –
            Sat – █
            Sun – –
            · none  – not due  █ done
            """
        #expect(
            HeatmapText.render(
                habit: strength, entries: entries, day: F.day("2026-11-22"), weeks: 2, colour: false,
                days: Self.days(strength, entries, pauses: [pause], through: F.day("2026-11-22")))
                == expected)
    }

    @Test func everyNMarksTheDaysAfterADoneDay() {
        let longRun = MetricHabit(name: "Long run", schedule: .every(3))
        let entries = F.entries(longRun, ["2026-11-16"])
        let map = HeatmapText.render(
            habit: longRun, entries: entries, day: F.day("2026-11-22"), weeks: 1, colour: false,
            days: Self.days(longRun, entries, through: F.day("2026-11-22")))
        #expect(
            map.split(separator: "\n").dropFirst(2).prefix(7).map { String($0.suffix(1)) } == [
                "█", "–", "–", "·", "·", "·", "·",
            ])
    }

    /// The states the schedule and pauses alone give (the ledger's stand-in here).
    private static func days(
        _ habit: MetricHabit, _ entries: [MetricEntry], pauses: [PauseSpan] = [], through day: DayKey
    ) -> HabitDays {
        HabitDays.scheduled(
            history: HabitHistory(samples: entries.map { ($0.dayKey.ordinal, 0) }), schedule: habit.schedule,
            pauses: pauses, habitKey: habit.key, through: day.ordinal)
    }
}
