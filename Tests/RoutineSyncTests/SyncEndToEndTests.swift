import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Two devices (two stores, two configuration folders) syncing through a real
/// PostgreSQL 15, run as a person runs them: the real binary.
@Suite struct SyncEndToEndTests {
    static let passphrase = ["ROUTINE_SYNC_PASSPHRASE": "correct horse battery", "ROUTINE_SYNC_KDF_LOG2N": "10"]

    /// The entries of a store without the local ids (each device numbers its own).
    static func entries(_ device: EndToEnd) throws -> [String] {
        try device.entries(all: true).map { row in
            ["uid", "habit", "day", "value", "note", "deleted"].map { "\(row[$0] ?? "-")" }.joined(separator: " ")
        }.sorted()
    }

    /// `keys` appear in `json` as object keys, each after the one before.
    static func keysInOrder(_ json: String, _ keys: [String]) -> Bool {
        var rest = json[...]
        for key in keys {
            guard let found = rest.range(of: "\"\(key)\":") else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test func twoDevicesEndWithOneHistoryAndTheServerHoldsNoPlaintext() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try EndToEnd(extra: Self.passphrase)
        let desktop = try EndToEnd(extra: Self.passphrase)
        try laptop.ok(["log", "Read", "--new", "--note", "a secret novel"])
        try laptop.ok(["import", EndToEnd.routineFile("morning-checkin")])
        let first = try laptop.ok(["sync", "init", "--remote", url, "--device", "laptop"])
        #expect(first.contains("set up the sync server"))
        try laptop.ok(["sync", "--remote", url])
        try desktop.ok(["log", "Stretch", "--new"])
        try desktop.ok(["sync", "init", "--remote", url, "--device", "desktop"])
        // Joined, not yet synced: the laptop's habit is not here yet, and the line says why.
        let early = try desktop.run(["log", "Read"])
        #expect(early.status == 1)
        #expect(early.stderr.contains("this device has not synced yet (`routine sync`"), "\(early.stderr)")
        try desktop.ok(["sync", "--remote", url])
        try laptop.ok(["sync", "--remote", url])
        #expect(try Self.entries(laptop) == Self.entries(desktop))
        #expect(try Self.entries(laptop).count == 2)
        #expect(try desktop.ok(["list"]).contains("morning-checkin"))
        // Syncing again moves nothing and doubles nothing.
        let again = try desktop.ok(["sync", "--remote", url, "--format", "json"])
        #expect(again.contains("\"pushed\":0"))
        // Keys in the order docs/sync.md lists them, as every command's JSON keeps its order.
        #expect(Self.keysInOrder(again, ["pushed", "pulled", "applied", "waiting", "problems", "sameDay"]), "\(again)")
        let status = try desktop.ok(["sync", "status", "--remote", url, "--format", "json"])
        #expect(
            Self.keysInOrder(status, ["device", "name", "lastSync", "waiting", "pending", "devices"]), "\(status)")
        let devices = try desktop.ok(["sync", "devices", "--remote", url, "--format", "json"])
        #expect(devices.hasPrefix("[{"), "\(devices)")
        #expect(Self.keysInOrder(devices, ["id", "name", "changes", "lastSync"]), "\(devices)")
        #expect(try Self.entries(desktop).count == 2)
        // The server's tables hold ciphertext only: neither the note nor a habit name.
        let dump = try server.tool("pg_dump", ["--data-only", "--dbname", url])
        #expect(dump.contains("routine_sync"))
        #expect(!dump.contains("secret novel"))
        #expect(!dump.contains("Stretch"))
        #expect(!dump.contains("Meditate"))
        // The key file is the owner's alone.
        let key = laptop.folder.url.appendingPathComponent("config/routine/sync.key").path
        let mode = try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aWrongPassphraseIsOneLineAndPushesNothing() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try EndToEnd(extra: Self.passphrase)
        try laptop.ok(["log", "Read", "--new"])
        try laptop.ok(["sync", "init", "--remote", url, "--device", "laptop"])
        let intruder = try EndToEnd(extra: ["ROUTINE_SYNC_PASSPHRASE": "not the passphrase"])
        try intruder.ok(["log", "Secret", "--new"])
        let refused = try intruder.run(["sync", "init", "--remote", url, "--device", "other"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("passphrase"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let changes = try server.psql(url, "SELECT count(*) FROM routine_sync.change")
        #expect(changes.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        // The refused device's own history is untouched.
        #expect(try intruder.entries().count == 1)
    }

    @Test func anUnreachableServerIsOneLine() throws {
        let device = try EndToEnd(extra: Self.passphrase)
        try device.ok(["log", "Read", "--new"])
        let result = try device.run(["sync", "init", "--remote", "postgresql:///nothing?host=/nonexistent-socket-dir"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try device.entries().count == 1)
    }

    /// A change altered on the server, a database that is not ours, a server set up by a
    /// newer routine: one line each, exit 1, nothing applied (SPEC §16.4–16.5).
    @Test func aTamperedChangeOrAForeignOrNewerServerIsRefused() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try EndToEnd(extra: Self.passphrase)
        try laptop.ok(["log", "Read", "--new", "--note", "chapter one"])
        try laptop.ok(["sync", "init", "--remote", url, "--device", "laptop"])
        try laptop.ok(["sync", "--remote", url])
        let desktop = try EndToEnd(extra: Self.passphrase)
        try desktop.ok(["log", "Stretch", "--new"])
        try desktop.ok(["sync", "init", "--remote", url, "--device", "desktop"])
        _ = try server.psql(
            url,
            "UPDATE routine_sync.change SET body = set_byte(body, 20, get_byte(body, 20) # 1) WHERE kind = 'entry'")
        let tampered = try desktop.run(["sync", "--remote", url])
        #expect(tampered.status == 1)
        #expect(tampered.stderr.split(separator: "\n").count == 1)
        #expect(tampered.stderr.contains("tampered"))
        #expect(try Self.entries(desktop).count == 1)

        let foreign = try server.createDatabase()
        _ = try server.psql(foreign, "CREATE SCHEMA routine_sync; CREATE TABLE routine_sync.other (a int)")
        let refused = try desktop.run(["sync", "init", "--remote", foreign])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("routine did not make"))

        _ = try server.psql(url, "UPDATE routine_sync.meta SET version = 99")
        let newer = try desktop.run(["sync", "--remote", url])
        #expect(newer.status == 1)
        #expect(newer.stderr.contains("newer routine"))
    }

    /// A store restored from a backup syncs again without doubling: what it had sent
    /// after the backup comes back from the server (SPEC §16.5).
    @Test func aStoreRestoredFromABackupSyncsWithoutDoubling() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try EndToEnd(extra: Self.passphrase)
        try laptop.ok(["log", "Read", "--new", "--day", "2026-11-18"])
        try laptop.ok(["sync", "init", "--remote", url, "--device", "laptop"])
        try laptop.ok(["sync", "--remote", url])
        let backup = laptop.folder.url.appendingPathComponent("backup.sqlite").path
        try laptop.ok(["backup", backup])
        try laptop.ok(["log", "Read", "--day", "2026-11-19", "--note", "after the backup"])
        try laptop.ok(["log", "Walk", "--new", "--day", "2026-11-19"])
        try laptop.ok(["sync", "--remote", url])
        try laptop.ok(["restore", backup])
        #expect(try Self.entries(laptop).count == 1)
        try laptop.ok(["log", "Read", "--day", "2026-11-20"])
        try laptop.ok(["sync", "--remote", url])
        #expect(try Self.entries(laptop).count == 4)
        let desktop = try EndToEnd(extra: Self.passphrase)
        try desktop.ok(["sync", "init", "--remote", url, "--device", "desktop"])
        try desktop.ok(["sync", "--remote", url])
        #expect(try Self.entries(desktop) == Self.entries(laptop))
        try laptop.ok(["sync", "--remote", url])
        #expect(try Self.entries(laptop).count == 4)
    }
}
