import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// Reads YAML text and returns the result.
func readYAML(_ text: String) -> RoutineFileResult {
    RoutineFileReader.read(string: text, path: "test.yaml")
}

/// The diagnostics as `line:col code` strings, for compact expectations.
func positions(_ result: RoutineFileResult) -> [String] {
    result.diagnostics.map { d in
        "\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.code.rawValue)"
    }
}

/// The SPEC §2 example routine.
let specExample = """
    routine: morning-checkin          # required
    title: Morning Check-in
    start: [feeling]

    habits:
      Meditate:
        measure: { unit: min, type: time }
        target: 10
      Run:
        measure: { unit: km, type: distance }
        weekly: 15

    nodes:
      feeling:
        question: How are you feeling today?
        options:
          - text: Great!
            next: [water, meditate]
          - text: Okay
            next: [walk]
          - text: Not so good
            next:
              - habit: Read a book
                next: [journal]
      water:
        habit: Drink Water
      meditate:
        habit: Meditate
      walk:
        habit: Go for a walk
        next: [journal]
      journal:
        habit: Journal

    """

/// The fixtures folder copied into the test bundle.
func fixturesURL() -> URL? {
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)
}
