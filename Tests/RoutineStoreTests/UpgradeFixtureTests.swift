import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// A store written by the release before SPEC §11 (migrations v1 and v2, made with that
/// release's binary: Tests/Fixtures/store-v2-release.sqlite) upgrades with nothing lost.
@Suite struct UpgradeFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store-v2-release.sqlite")

    private func upgraded(_ dir: TempDir) throws -> AppDatabase {
        let path = dir.file("store.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        return try AppDatabase.open(path: path)
    }

    @Test func upgradeKeepsEverythingAndGivesEveryEntryAUID() throws {
        let dir = TempDir()
        let store = try upgraded(dir)
        #expect(try store.appliedMigrations() == StoreMigrations.all.map(\.0))
        #expect(store.integrityCheck())
        let all = try store.entries.list(includeDeleted: true)
        #expect(all.count == 8)
        #expect(all.filter(\.isDeleted).map(\.habit) == ["Reading"])
        #expect(all.first { $0.note == "calm" }?.value == 10)
        #expect(Set(all.map(\.uid)).count == 8)
        #expect(all.allSatisfy { $0.uid.count == 36 && $0.uid == $0.uid.lowercased() })
        #expect(try store.routines.all().map(\.slug) == ["evening-journal", "morning-checkin", "training"])
        #expect(try store.routines.routineVersions(slug: "morning-checkin").count == 2)
        #expect(try store.habits.habit(named: "Meditate")?.measure == Measure(unit: "min", type: "time"))
        #expect(try store.habits.all().count == 25)
        #expect(try store.runs.all().count == 3)
        #expect(try store.goals.all().map(\.title) == ["Run 120 km", "Calm"])
        // New entries get uids; the old ones keep theirs across a reopen.
        store.close()
        let again = try AppDatabase.open(path: dir.file("store.sqlite"))
        #expect(try again.entries.list(includeDeleted: true).map(\.uid) == all.map(\.uid))
        #expect(try again.log("Walk").uid.count == 36)
    }

    // A run's status is stored once, in `run.status` (issue 17 item 5's sibling, item 4):
    // v5-run-status takes the second copy out of every saved walker state.
    @Test func eachRunsStatusIsStoredOnceAfterTheUpgrade() throws {
        let dir = TempDir()
        let store = try upgraded(dir)
        let states = try store.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT status, json_type(CAST(walker_state AS TEXT), '$.status') AS copy,
                      json_extract(CAST(walker_state AS TEXT), '$.format') AS format, typeof(walker_state) AS kind
                    FROM run ORDER BY id
                    """)
        }
        #expect(states.map { $0["status"] as String } == ["paused", "paused", "completed"])
        #expect(states.allSatisfy { ($0["copy"] as String?) == nil && $0["format"] == 2 && $0["kind"] == "blob" })
        #expect(
            try store.runs.all().map(\.recordedStatus).sorted { $0.rawValue < $1.rawValue } == [
                .completed, .paused, .paused,
            ])
    }

    @Test func uidNeverChanges() throws {
        let dir = TempDir()
        let store = try upgraded(dir)
        let entry = try #require(try store.entries.list().first)
        #expect(throws: StoreError.self) {
            try store.write { db in
                try db.execute(sql: "UPDATE habit_entry SET uid = NULL WHERE id = ?", arguments: [entry.id])
            }
        }
        #expect(try store.entries.entry(id: entry.id)?.uid == entry.uid)
    }
}
