import ArgumentParser
import RoutineFile

/// `--format text|json`.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}
