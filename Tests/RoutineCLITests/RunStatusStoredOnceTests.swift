import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A run's status is stored once, in the run's row (issue 17 item 4): the saved walker
/// state held a second copy, which could disagree with it — a run aborted with
/// `run --new` or `abort` kept `active` or `paused` in its state. Stores of the previous
/// release are migrated (`v5-run-status`) and their paused runs still resume.
@Suite(.serialized) struct RunStatusStoredOnceTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store-v2-release.sqlite")

    /// Each run's recorded status and whether its saved state holds a status of its own.
    private func statuses(_ e2e: EndToEnd) throws -> [String] {
        let result = try ReliabilityProcess.sqlite(
            e2e.store,
            "SELECT status || ' ' || ifnull(json_extract(CAST(walker_state AS TEXT), '$.status'), '-') FROM run "
                + "ORDER BY started_at")
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func theSavedStateHoldsNoSecondStatus() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin", "--day", "2026-11-22"], input: "1\n")
        #expect(try statuses(e2e) == ["paused -"])
        try e2e.ok(["run", "morning-checkin", "--day", "2026-11-22", "--new"], input: "")
        #expect(try statuses(e2e) == ["aborted -", "paused -"])
    }

    @Test func pausedRunsOfThePreviousReleaseStillResume() throws {
        let e2e = try EndToEnd()
        try FileManager.default.createDirectory(
            atPath: (e2e.store as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: e2e.store)
        let ids = try ReliabilityProcess.sqlite(e2e.store, "SELECT id FROM run WHERE status = 'paused' ORDER BY id")
            .stdout.split(separator: "\n").map(String.init)
        #expect(ids.count == 2)
        for id in ids {
            let result = try e2e.run(["resume", id], input: "")
            #expect(result.status == 0, "\(id): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("Paused;"), "\(id): \(result.stdout)")
        }
        #expect(try statuses(e2e).allSatisfy { $0.hasSuffix(" -") })
    }
}
