import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

@Suite struct ReaderTests {
    @Test func specExampleReadsClean() throws {
        let result = readYAML(specExample)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let routine = try #require(result.routine)
        #expect(routine.slug == "morning-checkin")
        #expect(routine.title == "Morning Check-in")
        #expect(routine.nodes.map(\.id) == ["feeling", "water", "meditate", "walk", "journal", "feeling/3/1"])
        #expect(routine.start == [0])
        #expect(routine.nodes[5].isInline)
        #expect(routine.nodes[5].body == .habit("Read a book"))
        #expect(routine.nodes[5].next == [4])
        #expect(routine.habits.count == 2)
        #expect(routine.habits[0].measure == Measure(unit: "min", type: "time"))
        #expect(routine.habits[0].target == 10)
        #expect(routine.habits[1].weekly == 15)
        guard case .question(let text, let options) = routine.nodes[0].body else {
            Issue.record("not a question")
            return
        }
        #expect(text == "How are you feeling today?")
        #expect(options.map(\.text) == ["Great!", "Okay", "Not so good"])
        #expect(options[0].next == [1, 2])
        #expect(options[2].next == [5])
    }

    @Test func scalarsStayText() throws {
        let result = readYAML(
            """
            routine: 2024
            title: Yes
            start: [q]
            nodes:
              q:
                question: true
                options:
                  - text: Yes
                  - text: No
                  - text: 1.50
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let routine = try #require(result.routine)
        #expect(routine.slug == "2024")
        #expect(routine.title == "Yes")
        guard case .question(let text, let options) = routine.nodes[0].body else {
            Issue.record("not a question")
            return
        }
        #expect(text == "true")
        #expect(options.map(\.text) == ["Yes", "No", "1.50"])
    }

    // Issue 13: a target is recorded as an entry by `y`, so it has the cap of a typed amount.
    @Test func aTargetAboveTheMaximumAmountIsAnInvalidValue() throws {
        func read(_ target: String) -> RoutineFileResult {
            readYAML(
                """
                routine: big
                start: [m]
                habits:
                  Meditate:
                    measure: { unit: min, type: time }
                    target: \(target)
                nodes:
                  m: { habit: Meditate }
                """)
        }
        let huge = read("1" + String(repeating: "0", count: 308))
        #expect(positions(huge) == ["6:13 invalid-value"])
        #expect(huge.diagnostics.first?.message == "the target of 'Meditate' must be at most 1000000000")
        #expect(huge.routine == nil)
        let largest = read("1000000000")
        #expect(largest.diagnostics.isEmpty)
        #expect(largest.routine?.habits.first?.target == 1_000_000_000)
    }
}
