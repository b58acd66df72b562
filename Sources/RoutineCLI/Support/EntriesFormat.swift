import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

enum EntriesFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, csv
}
