import TestSupport
import Testing

@testable import RoutineCLI
@testable import RoutineCore

/// The heat map's exact text on small fixed histories, and its colour being optional.
@Suite struct HeatmapTests {
    private typealias F = MetricsFixtures
    private let meditate = MetricHabit(name: "Meditate")
    private let run = MetricHabit(name: "Run", isQuantity: true, unit: "km")

    @Test func binaryHabitOverThreeWeeks() {
        // 2026-11-22 is a Sunday: the columns are the weeks of 11-02, 11-09 and 11-16.
        let entries =
            F.entries(meditate, ["2026-11-02", "2026-11-10", "2026-11-16", "2026-11-22", "2026-11-22"])
            + F.entries(meditate, ["2026-11-01", "2026-11-23"])  // before the grid, after D
            + F.entries(run, [("2026-11-04", 3)])  // another habit
        let expected = """
            Meditate: 3 weeks to 2026-11-22
                Nov
            Mon █ · █
            Tue · █ ·
            Wed · · ·
            Thu · · ·
            Fri · · ·
            Sat · · ·
            Sun · · █
            · none  █ done
            """
        #expect(
            HeatmapText.render(habit: meditate, entries: entries, day: F.day("2026-11-22"), weeks: 3, colour: false)
                == expected)
    }

    @Test func quantityHabitShowsQuartersOfTheBusiestDay() {
        // 2026-11-19 is a Thursday: the last column stops there, later cells stay blank.
        let entries = F.entries(
            run,
            [
                ("2026-11-09", 10), ("2026-11-10", 2), ("2026-11-11", 5), ("2026-11-12", 7.5), ("2026-11-13", 0),
                ("2026-11-16", 4), ("2026-11-16", 4), ("2026-11-18", 2.6), ("2026-11-19", nil),
                ("2026-11-20", 100),  // after D: neither shown nor the scale
            ])
        let expected = """
            Run: 2 weeks to 2026-11-19
                Nov
            Mon █ █
            Tue ░ ·
            Wed ▒ ▒
            Thu ▓ ░
            Fri ░
            Sat ·
            Sun ·
            · none  ░ ≤2.5  ▒ ≤5  ▓ ≤7.5  █ ≤10 km
            """
        #expect(
            HeatmapText.render(habit: run, entries: entries, day: F.day("2026-11-19"), weeks: 2, colour: false)
                == expected)
    }

    @Test func theLegendUsesRoundSteps() {
        // A busiest day of 15 km: steps of 5, not quarters of 3.75.
        let entries = F.entries(run, [("2026-11-16", 15), ("2026-11-17", 5), ("2026-11-18", 5.5), ("2026-11-19", 11)])
        let map = HeatmapText.render(habit: run, entries: entries, day: F.day("2026-11-19"), weeks: 1, colour: false)
        let lines = map.split(separator: "\n").map(String.init)
        #expect(lines.last == "· none  ░ ≤5  ▒ ≤10  ▓ ≤15  █ ≤20 km")
        #expect(Array(lines[2...5]) == ["Mon ▓", "Tue ░", "Wed ▒", "Thu ▓"])
        for (largest, step) in [(10.0, 2.5), (15, 5), (4, 1), (7, 2), (0.3, 0.1), (42, 20), (1000, 250), (3.75, 1)] {
            #expect(Heatmap.step(largest) == step, "\(largest)")
            #expect(Heatmap.step(largest) * 4 >= largest)
        }
    }

    @Test func monthLabelsSitOverTheFirstWeekOfEachMonth() {
        // Six weeks to 2026-11-22: Mondays 10-12, 10-19, 10-26, 11-02, 11-09, 11-16.
        let text = HeatmapText.render(habit: meditate, entries: [], day: F.day("2026-11-22"), weeks: 6, colour: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "    Oct   Nov")
        #expect(lines[2] == "Mon · · · · · ·")
        // Across a year end, and a first label dropped when the next would touch it.
        let yearEnd = HeatmapText.render(
            habit: meditate, entries: [], day: F.day("2027-01-10"), weeks: 6, colour: false)
        // Mondays 2026-11-30, 12-07, 12-14, 12-21, 12-28, 2027-01-04.
        #expect(yearEnd.split(separator: "\n")[1] == "      Dec     Jan")
    }

    @Test func colourOnlyWhenAskedAndSameCharactersWithout() {
        let entries = F.entries(run, [("2026-11-20", 3), ("2026-11-22", 6)])
        let day = F.day("2026-11-22")
        let plain = HeatmapText.render(habit: run, entries: entries, day: day, colour: false)
        // Styled text carries the process's unguessable escape marker until output
        // turns it into ESC (TerminalText.forTerminal).
        let coloured = TerminalText.forTerminal(
            HeatmapText.render(habit: run, entries: entries, day: day, colour: true))
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}["))
        #expect(Self.stripANSI(coloured) == plain)
    }

    @Test func defaultsToTwelveWeeksAndNeverFewerThanOne() {
        let day = F.day("2026-11-22")
        let twelve = HeatmapText.render(habit: meditate, entries: [], day: day, colour: false)
        #expect(twelve.hasPrefix("Meditate: 12 weeks to 2026-11-22"))
        #expect(twelve.split(separator: "\n")[2] == "Mon" + String(repeating: " ·", count: 12))
        let one = HeatmapText.render(habit: meditate, entries: [], day: day, weeks: -3, colour: false)
        #expect(one.hasPrefix("Meditate: 1 week to 2026-11-22"))
        #expect(one.split(separator: "\n")[2] == "Mon ·")
        let huge = HeatmapText.render(habit: meditate, entries: [], day: day, weeks: .max, colour: false)
        #expect(huge.hasPrefix("Meditate: 520 weeks to 2026-11-22"))
    }

    @Test func quantityDaysWithoutValuesShowAsDone() {
        let entries = F.entries(run, [("2026-11-22", nil)])
        let text = HeatmapText.render(habit: run, entries: entries, day: F.day("2026-11-22"), weeks: 1, colour: false)
        #expect(text.split(separator: "\n")[8] == "Sun █")
        #expect(text.hasSuffix("· none  █ done"))
    }

    @Test func everyDoneDayInTheGridIsShownAndNoOther() {
        for seed in UInt64(1)...30 {
            var generator = SeededGenerator(seed: seed)
            let day = F.day("2026-11-22").adding(days: Int.random(in: 0..<7, using: &generator))
            let weeks = Int.random(in: 1...10, using: &generator)
            let habit = Bool.random(using: &generator) ? meditate : run
            let entries = (-80...10).compactMap { offset -> MetricEntry? in
                guard Int.random(in: 0..<3, using: &generator) == 0 else { return nil }
                let value = habit.isQuantity ? Double(Int.random(in: 0...20, using: &generator)) : nil
                return MetricEntry(habitKey: habit.key, dayKey: day.adding(days: offset), value: value)
            }
            let firstShown = day.ordinal - day.weekday - 7 * (weeks - 1)
            let doneShown = Set(entries.map(\.dayKey.ordinal).filter { $0 >= firstShown && $0 <= day.ordinal })
            let text = HeatmapText.render(habit: habit, entries: entries, day: day, weeks: weeks, colour: false)
            let gridRows = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix(7)
            let cells: [Character] = gridRows.flatMap { Array($0.dropFirst(4)) }
            let marks = cells.filter { "░▒▓█".contains($0) }
            let dots = cells.filter { $0 == "·" }
            #expect(marks.count == doneShown.count, "seed \(seed)")
            #expect(marks.count + dots.count == day.ordinal - firstShown + 1, "seed \(seed)")
        }
    }

    private static func stripANSI(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
