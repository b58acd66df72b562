import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// `per`, `weekly`, `monthly`, `at-least` and `at-most` under `habits:` (SPEC §18.1):
/// decoding, every bad value as `invalid-value` at its line:col, the exclusions, and the
/// export round trip.
@Suite struct HabitTargetFileTests {
    private func file(_ habitLines: String) -> String {
        """
        routine: r
        start: [a]
        habits:
          Water:
        \(habitLines)
        nodes: {a: {habit: Water}}
        """
    }

    private func habit(_ habitLines: String) throws -> HabitSpec {
        let result = readYAML(file(habitLines))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return try #require(result.routine?.habits.first)
    }

    private func problems(_ habitLines: String) -> [String] {
        positions(readYAML(file(habitLines)))
    }

    @Test func frequenciesAndTheirShortForms() throws {
        #expect(try habit("    per: 3/7").schedule == .per(3, 7))
        #expect(try habit("    per: ' 1 / 1 '").schedule == .per(1, 1))
        #expect(try habit("    per: 366/366").schedule == .per(366, 366))
        #expect(try habit("    weekly: 2").schedule == .per(2, 7))
        #expect(try habit("    monthly: 12").schedule == .per(12, 30))
    }

    @Test func dayTargetsCombineWithEachSchedule() throws {
        let water = try habit("    at-least: 8\n    per: 5/7")
        #expect(water.dayTarget == .atLeast(8) && water.schedule == .per(5, 7))
        #expect(try habit("    at-most: 0\n    days: [mon]").dayTarget == .atMost(0))
        #expect(try habit("    at-most: 2\n    every: 2").dayTarget == .atMost(2))
        let read = try habit("    measure: {unit: min, type: time}\n    at-least: 12.5")
        #expect(read.dayTarget == .atLeast(12.5))
    }

    @Test func badFrequenciesAreInvalidAtTheValue() {
        #expect(problems("    per: 8/7") == ["5:10 invalid-value"])
        #expect(problems("    per: 0/7") == ["5:10 invalid-value"])
        #expect(problems("    per: 3/367") == ["5:10 invalid-value"])
        #expect(problems("    per: 3") == ["5:10 invalid-value"])
        #expect(problems("    per: a/b") == ["5:10 invalid-value"])
        #expect(problems("    per: 3/7/1") == ["5:10 invalid-value"])
        #expect(problems("    per: [3, 7]") == ["5:10 invalid-value"])
        #expect(problems("    weekly: 8") == ["5:13 invalid-value"])
        #expect(problems("    weekly: 2.5") == ["5:13 invalid-value"])
        #expect(problems("    monthly: 31") == ["5:14 invalid-value"])
        #expect(problems("    monthly: 0") == ["5:14 invalid-value"])
    }

    @Test func badDayTargetsAreInvalidAtTheValue() {
        #expect(problems("    at-least: 0") == ["5:15 invalid-value"])
        #expect(problems("    at-least: -1") == ["5:15 invalid-value"])
        #expect(problems("    at-least: 2.5") == ["5:15 invalid-value"])  // a count of entries is whole
        #expect(problems("    at-least: lots") == ["5:15 invalid-value"])
        #expect(problems("    at-most: -1") == ["5:14 invalid-value"])
        #expect(problems("    at-most: 2000000000") == ["5:14 invalid-value"])
    }

    @Test func everyDaysAndPerExcludeEachOtherAtTheLaterKey() {
        #expect(problems("    per: 3/7\n    days: [mon]") == ["6:5 invalid-value"])
        #expect(problems("    every: 2\n    per: 3/7") == ["6:5 invalid-value"])
        #expect(problems("    weekly: 3\n    per: 3/7") == ["6:5 invalid-value"])
        #expect(problems("    monthly: 3\n    days: [mon]") == ["6:5 invalid-value"])
        // Each bad value is reported too, not only the conflict.
        #expect(
            problems("    per: 9/7\n    every: 0") == ["5:10 invalid-value", "6:5 invalid-value", "6:12 invalid-value"])
        #expect(problems("    at-least: 1\n    at-most: 3") == ["6:5 invalid-value"])
        // A quantity habit's weekly is its weekly sum goal: it goes with a schedule.
        let run = "    measure: {unit: km, type: distance}\n    weekly: 15\n    per: 3/7"
        #expect(problems(run).isEmpty)
    }

    @Test func exportWritesThemBackAsTheyRead() throws {
        let source = file("    per: 3/7\n    at-most: 2")
        let routine = try #require(readYAML(source).routine)
        let exported = RoutineExporter.yaml(routine)
        #expect(exported.contains("per: 3/7") && exported.contains("at-most: 2"))
        #expect(readYAML(exported).routine == routine)
    }
}
