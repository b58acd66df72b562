import Foundation
import RoutineCore

@testable import RoutineTesting

/// A private folder of routine and test files, removed when the test ends.
final class TestFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("routine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Runs one test file that tests `routine.yaml` of this folder (written from `routine`).
    func run(_ test: String, routine: String = TestFolder.morning) throws -> TestReport.FileResult {
        try write("routine.yaml", routine)
        let path = try write("case.test.yaml", test)
        return RoutineTestRun.runFile(path, stored: { throw RoutineLookupError("no store: \($0)") })
    }

    /// A routine with every kind of node the expectations talk about: a question, a
    /// quantity habit with a target, a habit due on some weekdays, a conditional node.
    static let morning = """
        routine: morning
        start: [feeling, stretch]
        habits:
          Meditate:
            measure: { unit: min, type: time }
            target: 10
          Swim:
            days: [tue, thu]
        nodes:
          feeling:
            question: How are you?
            options:
              - text: Great
                next: [water, meditate]
              - text: Tired
                next: [nap]
          water:
            habit: Drink Water
          meditate:
            habit: Meditate
          nap:
            habit: Nap
            when: weekday in [sat, sun]
          stretch:
            habit: Stretch
            next: [swim]
          swim:
            habit: Swim

        """
}

extension TestReport.FileResult {
    /// The failures of every case, as `LINE:COL expectation: message`.
    var failureLines: [String] {
        cases.flatMap { testCase in
            testCase.failures.map { "\($0.location.line):\($0.location.column) \($0.expectation): \($0.message)" }
        }
    }
}
