import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import RoutineStore
import RoutineStudio
import Testing

@testable import RoutineApp

/// A real SQLite store with a known history, as the ledger's tests build theirs: the
/// routine `evening` imported on Sunday 2026-11-15, asking `mood` and then Read on every
/// path; today is Friday 2026-11-27, 20:00 UTC.
///
/// Read: done 15, 16, 17 (logged), missed 18, done 19, 20 (logged), paused 21, skipped
/// 22 (a run answered Fine, then `n`), done 23 and 24 (runs: Tense, Fine), 25, 26
/// (logged), open today. Its streaks: 3 (15–17), 2 (19–20), 4 (23–26, current).
struct HistoryFixture {
    static let today = DayKey("2026-11-27") ?? DayKey(ordinal: 0)
    static let time = TimeContext(
        now: { Date(timeIntervalSince1970: 1_795_809_600) }, timeZone: TimeZone(identifier: "UTC") ?? .current)
    static let imported = Date(timeIntervalSince1970: 1_794_772_800)

    static let evening = """
        routine: evening
        start: [mood]
        nodes:
          mood:
            question: How was the day?
            options:
              - {text: Tense, next: [read]}
              - {text: Fine, next: [read]}
          read: {habit: Read}

        """

    let folder: TemporaryDirectory
    let store: AppDatabase
    let routine: StoredRoutine
    var pages: HistoryPages { HistoryPages(services: AppServices(store: store, time: Self.time)) }

    init(withHistory: Bool = true) throws {
        folder = try TemporaryDirectory()
        store = try AppDatabase.open(path: folder.store)
        let parsed = try #require(RoutineFileReader.read(string: Self.evening, path: "evening.yaml").routine)
        let version = try store.routines.importRoutine(parsed, source: "test", at: Self.imported).versionID
        routine = try #require(try store.routines.routine(versionID: version))
        guard withHistory else { return }
        for day in ["15", "16", "17", "19", "20", "25", "26"] { try log("Read", "2026-11-\(day)") }
        _ = try store.pauses.addPause(
            habits: ["Read"], from: Self.day("2026-11-21"), to: Self.day("2026-11-21"), note: nil, at: Self.imported)
        try run("2026-11-22", ["Fine", "n"])
        try run("2026-11-23", ["Tense", "y"])
        try run("2026-11-24", ["Fine", "y"])
    }

    static func day(_ text: String) -> DayKey { DayKey(text) ?? DayKey(ordinal: 0) }

    func log(_ habit: String, _ day: String) throws {
        _ = try store.entries.logEntry(
            habit: habit, value: nil, unit: nil, dayKey: Self.day(day), at: Self.time.now(), timeZone: "UTC",
            note: nil)
    }

    func run(_ day: String, _ lines: [String]) throws {
        var (run, _) = try RunCoordinator.open(
            routine, dayKey: Self.day(day), store: store, time: Self.time, timeZoneName: "UTC")
        for line in lines { _ = try run.handle(line) }
        try run.finish()
    }

    func ledger() throws -> HabitLedger {
        try HabitLedger.build(planner: DayPlanner(store: store), through: Self.today, time: Self.time)
    }
}

/// Reads a rendered page as a test does: cells by day, attributes, the SVGs.
enum PageText {
    /// Each `<rect … data-day="D" class="C">` of the fragment: C by D.
    static func cells(_ html: String) -> [String: String] {
        var cells: [String: String] = [:]
        for match in html.matches(of: /data-day="([0-9-]+)" class="([a-z0-9-]+)"/) {
            cells[String(match.output.1)] = String(match.output.2)
        }
        return cells
    }

    /// Every `<svg …>…</svg>` of the fragment.
    static func svgs(_ html: String) -> [String] {
        html.matches(of: /<svg[^>]*>[\s\S]*?<\/svg>/).map { String($0.output) }
    }

    /// The value of `attribute` in the opening tag of `element` (its first occurrence).
    static func attribute(_ attribute: String, of element: String) -> String? {
        guard let open = element.firstMatch(of: /<[a-z]+[^>]*>/)?.output else { return nil }
        let pattern = try? Regex<(Substring, Substring)>(" \(attribute)=\"([^\"]*)\"")
        guard let pattern, let match = open.firstMatch(of: pattern) else { return nil }
        return String(match.output.1)
    }
}
