import ArgumentParser
import Foundation
import RoutineFile

enum ExportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case yaml, json, dot, mermaid
}
