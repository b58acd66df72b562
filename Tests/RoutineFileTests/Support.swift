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

/// The fixtures folder copied into the test bundle.
func fixturesURL() -> URL? {
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)
}
