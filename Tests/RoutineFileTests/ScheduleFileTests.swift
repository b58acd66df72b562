import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// `days:` and `every:` under `habits:` (SPEC §10.1): decoding, every bad shape as one
/// `invalid-value` at its line:col, and the YAML export round trip.
@Suite struct ScheduleFileTests {
    private func file(_ habitLines: String) -> String {
        """
        routine: r
        start: [a]
        habits:
          Run:
        \(habitLines)
        nodes: {a: {habit: Run}}
        """
    }

    private func problems(_ habitLines: String) -> [String] {
        positions(readYAML(file(habitLines)))
    }

    @Test func daysAreReadInAnyCaseAndOrderAndKeptSorted() throws {
        let result = readYAML(file("    days: [Fri, mon, WED]"))
        #expect(result.diagnostics.isEmpty)
        let routine = try #require(result.routine)
        #expect(routine.habits.first?.schedule == .days([.mon, .wed, .fri]))
    }

    @Test func everyIsAWholeNumberOfDays() throws {
        let routine = try #require(readYAML(file("    every: 3")).routine)
        #expect(routine.habits.first?.schedule == .every(3))
        #expect(try #require(readYAML(file("    every: 1")).routine).habits.first?.schedule == .every(1))
    }

    @Test func noScheduleIsNil() throws {
        let routine = try #require(readYAML(file("    measure: {unit: km, type: distance}\n    weekly: 3")).routine)
        #expect(routine.habits.first?.schedule == nil)
        #expect(routine.habits.first?.weekly == 3)
        // Without a measure, `weekly: N` is the frequency per: N/7 (SPEC §18.1).
        #expect(try #require(readYAML(file("    weekly: 3")).routine).habits.first?.schedule == .per(3, 7))
    }

    @Test func bothDaysAndEveryIsInvalidAtTheLaterKey() {
        #expect(problems("    days: [mon]\n    every: 2") == ["6:5 invalid-value"])
        #expect(problems("    every: 2\n    days: [mon]") == ["6:5 invalid-value"])
    }

    @Test func everyZeroNegativeFractionAndTextAreInvalidAtTheValue() {
        #expect(problems("    every: 0") == ["5:12 invalid-value"])
        #expect(problems("    every: -2") == ["5:12 invalid-value"])
        #expect(problems("    every: 1.5") == ["5:12 invalid-value"])
        #expect(problems("    every: often") == ["5:12 invalid-value"])
        #expect(problems("    every: 99999999999999999999999") == ["5:12 invalid-value"])
        #expect(problems("    every: [2]") == ["5:12 invalid-value"])
    }

    @Test func duplicateAndUnknownWeekdaysAreEachReported() {
        #expect(problems("    days: [mon, tue, Mon]") == ["5:22 invalid-value"])
        #expect(problems("    days: [mon, tues, sunday]") == ["5:17 invalid-value", "5:23 invalid-value"])
        let message = readYAML(file("    days: [mon, wedn]")).diagnostics.first?.message ?? ""
        #expect(message.contains("'wedn' is not a weekday"))
        #expect(message.contains("did you mean 'wed'?"))
    }

    @Test func emptyOrScalarDaysAreInvalid() {
        #expect(problems("    days: []") == ["5:11 invalid-value"])
        #expect(problems("    days: mon") == ["5:11 invalid-value"])
        #expect(problems("    days: [[mon]]") == ["5:12 invalid-value"])
    }

    @Test func exportWritesTheScheduleBackAndReadsTheSame() throws {
        for lines in [
            "    days: [sat, sun]", "    every: 4", "    measure: {unit: km, type: distance}\n    days: [tue]",
        ] {
            let routine = try #require(readYAML(file(lines)).routine)
            let yaml = RoutineExporter.yaml(routine)
            let again = try #require(readYAML(yaml).routine, "\(yaml)")
            #expect(again == routine)
        }
        let json = GraphFormats.json(try #require(readYAML(file("    every: 4")).routine))
        #expect(json.contains("\"schedule\":\"every:4\""))
    }
}
