import Foundation
import GRDB
import RoutineCore
import Testing

@testable import RoutineStore

/// The sync clock stays an integer (issue 31 item 5): a wall clock past the year ~6429
/// made the capture triggers' `now_ms * 65536` overflow, SQLite stored a REAL, and every
/// later read of it stopped the process. `SyncHostileServerTests` runs the binary under
/// `faketime`; these are the store's side.
@Suite struct SyncClockGuardTests {
    /// What an older routine left under `faketime '7000-01-01'`: REALs in the clock.
    @Test func aStorePoisonedByAnOlderVersionIsRepairedWhenItOpens() throws {
        let dir = TempDir()
        let path = dir.path + "/poisoned.sqlite"
        let v6 = try #require(StoreMigrations.all.firstIndex { $0.0 == "v6-sync" }) + 1
        try OldStore.make(path, migrations: StoreMigrations.all.count) { store in
            try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "server-1", at: Fixtures.instant)
            _ = try store.entries.logEntry(
                habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
                note: nil)
        }
        try OldStore.downgrade(path, to: v6)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "UPDATE sync_self SET hlc = 1.0512e19")
            try db.execute(sql: "UPDATE sync_outbox SET hlc = 1.0512e19 WHERE id = (SELECT max(id) FROM sync_outbox)")
            try db.execute(sql: "UPDATE sync_field SET hlc = 1.0512e19")
        }
        try queue.close()
        let store = try AppDatabase.open(path: path)
        let identity = try #require(try store.sync.syncIdentity())
        #expect(identity.clock == HybridClock.ceiling)
        #expect(try store.sync.outbox(limit: 100).last?.clock == HybridClock.ceiling)
        _ = try store.entries.logEntry(
            habit: "Read", value: nil, unit: nil, dayKey: Fixtures.day, at: Fixtures.instant, timeZone: "UTC",
            note: nil)
        #expect(try store.sync.syncIdentity()?.clock == HybridClock.ceiling + 1)
    }

    /// The tick past the ceiling counts on by one from it; a REAL is refused by every
    /// table that keeps a clock.
    @Test func theClockNeverPassesTheCeilingByTheWallAndIsNeverAReal() throws {
        let dir = TempDir()
        let store = try AppDatabase.open(path: dir.path + "/s.sqlite")
        try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "server-1", at: Fixtures.instant)
        try store.write { db in
            // The tick as the capture triggers run it, with SQLite's clock in the year 7000.
            try db.execute(sql: "UPDATE sync_self SET hlc = max(hlc + 1, 162000000000000 * 65536)")
        }
        #expect(try store.sync.syncIdentity()?.clock == HybridClock.ceiling)
        try store.write { db in try db.execute(sql: "UPDATE sync_self SET hlc = 1e19") }
        #expect(try store.sync.syncIdentity()?.clock == HybridClock.ceiling + 1)
        for sql in [
            "INSERT INTO sync_outbox (uid, hlc, kind, payload) VALUES ('u', 1.5, 'entry', '[]')",
            "INSERT INTO sync_pending (device, hlc, kind, item) VALUES ('d', 2.5, 'entry', '{}')",
            "INSERT INTO sync_field (kind, uid, field, hlc, device) VALUES ('entry', 'u', 'f', 1e19, 'd')",
        ] {
            #expect(throws: (any Error).self, "\(sql)") { try store.write { db in try db.execute(sql: sql) } }
        }
        #expect(HybridClock.next(last: 0, nowMilliseconds: 162_000_000_000_000) == HybridClock.ceiling)
        #expect(HybridClock.next(last: Int64.max, nowMilliseconds: 0) == Int64.max)
    }
}
