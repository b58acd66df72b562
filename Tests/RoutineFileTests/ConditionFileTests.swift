import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// `when:` in files (SPEC §10.3): check diagnostics at the line and column of the
/// offending token inside the expression, all in one pass, and the export round trip.
@Suite struct ConditionFileTests {
    private func file(_ when: String, option: String = "true") -> String {
        """
        routine: r
        start: [q, run]
        habits:
          Run: {every: 2}
        nodes:
          q:
            question: How?
            options:
              - text: Fine
                when: \(option)
              - text: Tired
          run:
            habit: Run
            when: \(when)
        """
    }

    @Test func aValidConditionReadsIntoTheRoutine() throws {
        let routine = try #require(readYAML(file("weekday in [sat, sun] and days-since(Run) >= 2")).routine)
        #expect(routine.nodes[1].when == "weekday in [sat, sun] and days-since(Run) >= 2")
        guard case .question(_, let options) = routine.nodes[0].body else {
            Issue.record("not a question")
            return
        }
        #expect(options[0].when == "true")
        #expect(options[1].when == nil)
    }

    @Test func diagnosticsPointInsideTheExpression() {
        // `    when: ` is 10 characters: the expression starts at column 11 of line 14.
        #expect(positions(readYAML(file("weekday == 3"))) == ["14:19 invalid-condition"])
        #expect(positions(readYAML(file("done(Swim)"))) == ["14:16 unknown-habit"])
        #expect(positions(readYAML(file("answer(nope) == ''"))) == ["14:18 undefined-node"])
        #expect(positions(readYAML(file("answer(run) == ''"))) == ["14:18 invalid-condition"])
        #expect(positions(readYAML(file("\"done(Run\""))) == ["14:16 invalid-condition"])
        // One pass: the option's and the node's problems together.
        #expect(
            positions(readYAML(file("frob(Run)", option: "weekday < 2")))
                == ["10:23 invalid-condition", "14:11 invalid-condition"])
    }

    @Test func aConditionMustBeText() {
        #expect(positions(readYAML(file("[a, b]"))) == ["14:11 invalid-value"])
        #expect(positions(readYAML(file("''"))) == ["14:11 invalid-value"])
    }

    @Test func exportWritesConditionsBack() throws {
        let routine = try #require(
            readYAML(file("weekday == sun and answer(q) != \"Tired\"", option: "not done(Run, 1)")).routine)
        let yaml = RoutineExporter.yaml(routine)
        #expect(try #require(readYAML(yaml).routine) == routine)
        let json = GraphFormats.json(routine)
        #expect(json.contains(#"{"text":"Fine","next":[],"when":"not done(Run, 1)"}"#))
        #expect(json.contains(#""next":[],"when":"weekday == sun and answer(q) != \"Tired\""}"#))
    }
}
