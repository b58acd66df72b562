import EndToEndSupport
import Foundation
import RoutineCore
import RoutineFile
import TestSupport
import Testing

@testable import RoutineApp
@testable import RoutineCLI
@testable import RoutineStore

/// SPEC §17.5: after a run on one device and a sync, both devices state the same of every
/// habit — `today`, `stats` and `review` as JSON — through the store-level exchange the
/// sync tests use (the server's part played by an array).
@Suite struct LedgerSyncTests {
    final class Device {
        let store: AppDatabase
        let id = UUID().uuidString.lowercased()
        var seq: Int64 = 0

        init(_ path: String) throws {
            store = try AppDatabase.open(path: path)
            try store.sync.enableSync(device: id, server: "server-1", at: LedgerTests.time.now())
        }

        func push(to log: inout [IncomingChange]) throws {
            let changes = try store.sync.outbox(limit: 100_000)
            guard let last = changes.last else { return }
            let first = seq + 1
            for change in changes {
                seq += 1
                log.append(
                    IncomingChange(
                        device: id, seq: seq, clock: change.clock, kind: change.kind, items: try change.items()))
            }
            try store.sync.markPushed(upTo: last.localID, firstSeq: first, lastSeq: seq, device: id)
        }

        func pull(from log: [IncomingChange]) throws {
            let cursors = try store.sync.syncCursors()
            let news = log.filter { $0.seq > cursors[$0.device, default: 0] }
                .sorted { ($0.clock, $0.device, $0.seq) < ($1.clock, $1.device, $1.seq) }
            _ = try store.sync.applySyncChanges(
                news, readRoutine: { RoutineFileReader.read(string: $0, path: "pulled.yaml").routine },
                at: LedgerTests.time.now())
        }

        /// What every view says: `today` whole, as JSON and as text (the routine's heading
        /// included: a pulled run is a run, SPEC §17.5), each routine's habit states,
        /// `stats` as JSON and `review`'s rows.
        func views() throws -> [String] {
            let time = LedgerTests.time
            let today = try DayPlanner(store: store).today(day: LedgerTests.sunday, time: time)
            let habits = today.sections.map { section in
                (section.slug ?? "by hand") + ":"
                    + section.items.map { #"{"habit":"\#($0.name)","state":"\#($0.state.name)""# }.joined(
                        separator: ",")
            }
            let whole = [today.json, today.text]
            let stats = statsJSON(try HabitFigures.stats(store: store, day: LedgerTests.sunday, time: time))
            let review = try ReviewService.review(
                store: store, span: .month, day: LedgerTests.sunday, weekStart: 0, time: time, goals: [])
            let rows = review.habits.map { "\($0.name) \($0.states) \($0.done)/\($0.due)" }
            return habits + whole + [stats] + rows
        }
    }

    @Test func bothDevicesStateTheSameAfterARunOnOne() throws {
        let folder = try TemporaryDirectory()
        let a = try Device(folder.url.appendingPathComponent("a.sqlite").path)
        let b = try Device(folder.url.appendingPathComponent("b.sqlite").path)
        var log: [IncomingChange] = []
        let routine = try #require(RoutineFileReader.read(string: LedgerTests.evening, path: "evening.yaml").routine)
        let version = try a.store.routines.importRoutine(
            routine, source: LedgerTests.evening, at: Date(timeIntervalSince1970: 1_794_772_800))
        let stored = try #require(try a.store.routines.routine(versionID: version.versionID))
        for day in ["2026-11-16", "2026-11-18", "2026-11-20"] { try LedgerTests.log(a.store, "Guitar", day) }
        try LedgerTests.run(a.store, stored, LedgerTests.sunday.adding(days: -2), ["Fine", "y"])
        try LedgerTests.run(a.store, stored, LedgerTests.sunday.adding(days: -1), ["Tense", "n"])
        try LedgerTests.run(a.store, stored, LedgerTests.sunday, ["Fine", "n"])
        try a.push(to: &log)
        try b.pull(from: log)
        let onA = try a.views()
        let onB = try b.views()
        #expect(onA == onB)
        // What B says is what A's run did: Stretch skipped on Saturday, Guitar declined today.
        #expect(onB.contains { $0.contains("Stretch") && $0.contains("skipped") })
        #expect(onB.first?.contains(#"{"habit":"Guitar","state":"declined""#) == true)
        // The heading: completed on both, at the time of the run's last step.
        #expect(onB.contains { $0.contains(#""state":"completed","at":"#) })
        #expect(onB.contains { $0.contains(": completed at ") })
    }
}
