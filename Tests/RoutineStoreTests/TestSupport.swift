import Foundation
import RoutineCore

@testable import RoutineStore

/// Small builders for `Routine` values and temporary store files.
enum Fixtures {
    static let utc = "UTC"
    static let day = DayKey("2026-11-22")!
    static let instant = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z

    /// SPEC §2's example routine, built by hand.
    static func morning(title: String? = "Morning Check-in", meditateTarget: Double? = 10) -> Routine {
        Routine(
            slug: "morning-checkin", title: title, start: [0],
            nodes: [
                Node(
                    id: "feeling",
                    body: .question(
                        "How are you feeling today?",
                        options: [
                            Option(text: "Great!", next: [1, 2]), Option(text: "Okay", next: [3]),
                            Option(text: "Not so good", next: [5]),
                        ])),
                Node(id: "water", body: .habit("Drink Water")),
                Node(id: "meditate", body: .habit("Meditate")),
                Node(id: "walk", body: .habit("Go for a walk"), next: [4]),
                Node(id: "journal", body: .habit("Journal")),
                Node(id: "feeling/3/1", isInline: true, body: .habit("Read a book"), next: [4]),
            ],
            habits: [
                HabitSpec(name: "Meditate", measure: Measure(unit: "min", type: "time"), target: meditateTarget),
                HabitSpec(name: "Run", measure: Measure(unit: "km", type: "distance"), weekly: 15),
            ])
    }

    /// A one-node routine doing `habit`, optionally declared with a measure.
    static func single(_ slug: String, habit: String, measure: Measure? = nil, target: Double? = nil) -> Routine {
        Routine(
            slug: slug, title: nil, start: [0], nodes: [Node(id: "only", body: .habit(habit))],
            habits: measure == nil && target == nil ? [] : [HabitSpec(name: habit, measure: measure, target: target)])
    }

    static let morningSource = "routine: morning-checkin\n# (source text as imported)\n"
}

/// A fresh temporary directory, removed when the value is dropped.
final class TempDir: @unchecked Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "routine-store-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        chmodTree(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    private func chmodTree(_ root: String) {
        chmod(root, 0o700)
        for child in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            chmod(root + "/" + child, 0o700)
        }
    }
}

extension AppDatabase {
    /// Logs a binary entry on the fixture day (tests only).
    @discardableResult
    func log(
        _ habit: String, _ value: Double? = nil, unit: String? = nil, day: DayKey = Fixtures.day
    ) throws
        -> EntryInfo
    {
        try logEntry(
            habit: habit, value: value, unit: unit, dayKey: day, at: Fixtures.instant, timeZone: Fixtures.utc, note: nil
        )
    }
}

/// The run methods with a fresh id and the wall clock, as the tests of the store's own
/// rules want them (production callers pass the injected clock and id generator).
extension AppDatabase {
    @discardableResult
    func startRun(versionID: Int64, dayKey: DayKey, timeZone: String, state: Data, now: Date) throws -> RunID {
        let id = UUID().uuidString.lowercased()
        try startRun(versionID: versionID, dayKey: dayKey, timeZone: timeZone, state: state, now: now, id: id)
        return id
    }

    func finishRun(runID: RunID, status: RunStatus, state: Data?) throws {
        try finishRun(runID: runID, status: status, state: state, at: Date())
    }

    @discardableResult
    func claimRun(id: RunID) throws -> RunInfo {
        try claimRun(id: id, at: Date())
    }
}
