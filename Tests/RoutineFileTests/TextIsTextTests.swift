import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// SPEC §11: a control character in any text of a routine file is `invalid-value` at
/// its line:col, and every rule `import` applies is also a `check` diagnostic.
@Suite struct TextIsTextTests {
    private func file(
        title: String = "Morning", question: String = "How?", option: String = "Fine", habit: String = "Walk"
    )
        -> String
    {
        """
        routine: r
        title: \(title)
        start: [q]
        habits:
          \(habit): {}
        nodes:
          q:
            question: \(question)
            options:
              - text: \(option)
                next: [h]
          h:
            habit: \(habit)
        """
    }

    private func errors(_ yaml: String) -> [String] {
        readYAML(yaml).diagnostics.filter { $0.code.severity == .error }.map { d in
            "\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.code.rawValue)"
        }
    }

    @Test func cleanFilePasses() {
        #expect(errors(file()) == [])
        #expect(readYAML(file()).routine != nil)
    }

    @Test func controlCharactersInEveryTextAreInvalidValueAtTheirPlace() {
        #expect(errors(file(title: "\"Clear \\e[2J\"")) == ["2:8 invalid-value"])
        #expect(errors(file(question: "\"Copy \\e]52;c;aGk=\\a\"")) == ["8:15 invalid-value"])
        #expect(errors(file(option: "\"C1 \\x9b31m\"")) == ["10:15 invalid-value"])
        // The habit's name, in the declaration and at its node.
        #expect(errors(file(habit: "\"Bell\\a\"")) == ["5:3 invalid-value", "13:12 invalid-value"])
        let message = readYAML(file(title: "\"x\\ey\"")).diagnostics.first?.message ?? ""
        #expect(message.contains("U+001B"))
        // Formatted, the message stays one line and carries no raw escape.
        let line = readYAML(file(title: "\"x\\ey\"")).diagnostics.first?.formatted(path: "r.yaml") ?? ""
        #expect(!line.contains("\u{1B}"))
    }

    @Test func tabIsText() {
        #expect(errors(file(title: "\"Tab\\there\"")) == [])
    }

    @Test func habitNameLongerThanTheStoreHoldsIsReportedAtItsPlace() {
        let long = String(repeating: "a", count: 250)
        let diagnostics = readYAML(file(habit: long)).diagnostics.filter { $0.code.severity == .error }
        #expect(diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["5:3", "13:12"])
        #expect(diagnostics.allSatisfy { $0.code == .invalidValue && $0.message.contains("at most 200") })
        #expect(errors(file(habit: String(repeating: "a", count: 200))) == [])
    }

    /// Issue 19 item 9: the length is counted as the store's CHECK counts it (Unicode
    /// scalars), so `check` refuses what `import` would.
    @Test func habitNameLengthIsCountedInUnicodeScalars() {
        for long in [String(repeating: "👍🏽", count: 101), String(repeating: "e\u{301}", count: 101)] {
            #expect(errors(file(habit: long)) == ["5:3 invalid-value", "13:12 invalid-value"])
        }
        #expect(errors(file(habit: String(repeating: "👍🏽", count: 100))) == [])
    }
}
