import EndToEndSupport
import Foundation
import RoutineStore
import TestSupport
import Testing

@testable import RoutineSync

/// `sync: {auto: true}` (SPEC §20): a command that writes starts a detached sync, run as
/// a person runs the binary, against a real PostgreSQL 15.
@Suite struct AutoSyncTests {
    /// Writes the device's configuration file: the server, a name, and automatic sync.
    static func configure(_ device: EndToEnd, url: String, name: String, auto: Bool = true) throws {
        let folder = device.folder.url.appendingPathComponent("config/routine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "sync:\n  url: \"\(url)\"\n  device: \(name)\n  auto: \(auto)\n".write(
            to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
    }

    /// Polls `check` every 50 ms until it holds or `seconds` have passed.
    static func eventually(within seconds: Double = 30, _ check: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try check() { return true }
            usleep(50_000)
        }
        return try check()
    }

    static func habits(_ device: EndToEnd) throws -> Set<String> {
        Set(try device.entries().compactMap { $0["habit"] as? String })
    }

    @Test func anEntryLoggedOnOneDeviceReachesTheOtherAfterItsNextCommand() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try EndToEnd(extra: SyncEndToEndTests.passphrase)
        let desktop = try EndToEnd(extra: SyncEndToEndTests.passphrase)
        // Set up as docs/sync.md says: `sync init` on each device, then `auto: true`.
        try Self.configure(laptop, url: url, name: "laptop", auto: false)
        try Self.configure(desktop, url: url, name: "desktop", auto: false)
        try laptop.ok(["log", "Read", "--new"])
        try laptop.ok(["sync", "init"])
        try desktop.ok(["log", "Stretch", "--new"])
        try desktop.ok(["log", "Floss", "--new"])
        try desktop.ok(["sync", "init"])
        try Self.configure(laptop, url: url, name: "laptop")
        try Self.configure(desktop, url: url, name: "desktop")
        // Nobody types `sync`: the laptop's next write sends its history in the background.
        let logged = try laptop.run(["log", "Floss", "--new", "--note", "apart"])
        #expect(logged.status == 0)
        #expect(logged.stderr.isEmpty, "\(logged.stderr)")
        let sent = try Self.eventually {
            try laptop.ok(["sync", "status", "--format", "json"]).contains("\"waiting\":0")
        }
        #expect(sent)
        #expect(try !Self.habits(desktop).contains("Read"))
        // The desktop's next command that writes brings the laptop's entries down. Floss
        // was logged on both devices the same day, which the sync leaves for the next
        // command to tell; its note is polled for, not a command (a command tells it).
        try desktop.ok(["log", "Stretch"])
        let news = AutoSync.newsPath(storePath: desktop.store)
        #expect(Self.eventually { FileManager.default.fileExists(atPath: news) })
        let told = try desktop.run(["entries"])
        #expect(told.stdout.contains("Read"), "\(told.stdout)")
        #expect(told.stderr.hasPrefix("routine: sync: Floss has 2 entries on 2026-11-22"), "\(told.stderr)")
        #expect(told.stderr.split(separator: "\n").count == 1, "\(told.stderr)")
        #expect(try desktop.entries().count == 5)
        // A command that reads starts nothing, and nothing is left to tell.
        let quiet = try desktop.run(["entries"])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aFailedAutomaticSyncIsToldOnceAtTheNextCommandInLocalTime() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let device = try EndToEnd(extra: SyncEndToEndTests.passphrase.merging(["TZ": "Europe/Paris"]) { $1 })
        try Self.configure(device, url: url, name: "laptop", auto: false)
        try device.ok(["log", "Read", "--new"])
        try device.ok(["sync", "init"])
        try Self.configure(device, url: "postgresql:///nothing?host=/nonexistent-socket-dir", name: "laptop")
        let logged = try device.run(["log", "Read"])
        #expect(logged.status == 0)
        #expect(logged.stderr.isEmpty, "\(logged.stderr)")
        let note = AutoSync.failurePath(storePath: device.store)
        #expect(Self.eventually { FileManager.default.fileExists(atPath: note) })
        let next = try device.run(["list"])
        #expect(next.status == 0)
        let lines = next.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(next.stderr)")
        // ROUTINE_NOW is 06:30 UTC: 07:30 in Paris.
        #expect(
            lines.first?.hasPrefix(
                "routine: the last automatic sync failed at 07:30: cannot reach the PostgreSQL server")
                == true, "\(next.stderr)")
        let after = try device.run(["list"])
        #expect(after.stderr.isEmpty, "\(after.stderr)")
        // `sync status` still shows it, until a sync completes.
        let status = try device.run(["sync", "status"])
        #expect(
            status.stdout.contains("automatic sync: on; the last automatic sync failed at 07:30"), "\(status.stdout)")
        // Everything stayed local and waits: nothing was lost.
        #expect(try device.entries().count == 2)
    }
}

/// Never two at once: an automatic sync that finds the store's sync lock taken leaves at
/// once, touching nothing (no server needed: it leaves before it connects).
@Suite struct AutoSyncLockTests {
    @Test func anAutomaticSyncLeavesQuietlyWhileAnotherSyncHoldsTheLock() throws {
        let device = try EndToEnd()
        try device.ok(["log", "Read", "--new"])
        let store = try AppDatabase.open(path: device.store)
        try store.sync.enableSync(device: UUID().uuidString.lowercased(), server: "test-server", at: Date())
        store.close()
        try AutoSyncTests.configure(device, url: "postgresql:///nothing?host=/nonexistent-socket-dir", name: "laptop")
        let note = AutoSync.failurePath(storePath: device.store)
        let lock = open(device.store + ".sync-lock", O_RDWR | O_CREAT, 0o600)
        #expect(lock >= 0)
        #expect(flock(lock, LOCK_EX) == 0)
        let second = try device.run(["sync", "now", "--auto"], timeout: 20)
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty && second.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: note))
        // The lock released, the same process syncs (and fails here: no server).
        close(lock)
        #expect(try device.run(["sync", "now", "--auto"], timeout: 20).status == 0)
        #expect(FileManager.default.fileExists(atPath: note))
    }
}

/// The notes an automatic sync leaves, without a server.
@Suite struct AutoSyncNoteTests {
    @Test func aFailureIsToldOnceAndTheSameReasonNotAgainUntilASyncCompletes() throws {
        let folder = try TemporaryDirectory()
        let store = folder.store
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(AutoSync.takeFailure(storePath: store) == nil)
        AutoSync.record(AutoSync.Failure(at: at, message: "server unreachable"), storePath: store)
        #expect(AutoSync.takeFailure(storePath: store) == AutoSync.Failure(at: at, message: "server unreachable"))
        #expect(AutoSync.takeFailure(storePath: store) == nil)
        // Offline all day: the same reason is not told after every command.
        AutoSync.record(AutoSync.Failure(at: at, message: "server unreachable"), storePath: store)
        #expect(AutoSync.takeFailure(storePath: store) == nil)
        // Another reason is news.
        AutoSync.record(AutoSync.Failure(at: at, message: "wrong key\nsecond line"), storePath: store)
        #expect(AutoSync.takeFailure(storePath: store)?.message == "wrong key\\nsecond line")
        // Once a sync completes, the old reason is news again.
        AutoSync.clearFailure(storePath: store)
        AutoSync.record(AutoSync.Failure(at: at, message: "wrong key\nsecond line"), storePath: store)
        #expect(AutoSync.takeFailure(storePath: store) != nil)
    }

    @Test func newsIsToldOnceAndTheSameLineNotAgain() throws {
        let folder = try TemporaryDirectory()
        let path = AutoSync.newsPath(storePath: folder.store)
        AutoSync.addNews(["Floss has 2 entries on 2026-11-24 (ids 6, 8)", "a problem"], path: path)
        AutoSync.addNews(["a problem"], path: path)
        #expect(
            AutoSync.takeNews(storePath: folder.store) == ["Floss has 2 entries on 2026-11-24 (ids 6, 8)", "a problem"])
        #expect(AutoSync.takeNews(storePath: folder.store).isEmpty)
        // A problem every sync meets is told once; a new line is news.
        AutoSync.addNews(["a problem", "another"], path: path)
        #expect(AutoSync.takeNews(storePath: folder.store) == ["another"])
    }
}
