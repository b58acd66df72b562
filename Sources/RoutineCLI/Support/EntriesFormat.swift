import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

enum EntriesFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, csv
}
