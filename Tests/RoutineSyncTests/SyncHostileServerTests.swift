import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A sync server that lost, rolled back, altered or stalled what it holds, and the lines
/// a person reads about it (issue 31 items 1–6, 16, 19): the real binary against a real
/// PostgreSQL 15, the server's tables changed with psql as its operator could.
@Suite struct SyncHostileServerTests {
    static let passphrase = SyncEndToEndTests.passphrase

    /// Exit 1 and exactly one line on standard error.
    static func refusedInOneLine(_ result: Binary.Result) -> Bool {
        result.status == 1 && result.stderr.split(separator: "\n").count == 1
    }

    /// A device set up on `url` as `name` that has logged `logs` (one new habit each)
    /// and synced them.
    static func device(_ url: String, _ name: String, logs: [String] = []) throws -> EndToEnd {
        let device = try EndToEnd(extra: passphrase)
        try device.ok(["sync", "init", "--remote", url, "--device", name])
        for habit in logs { try device.ok(["log", habit, "--new"]) }
        try device.ok(["sync", "--remote", url])
        return device
    }

    /// A device set up on `url` as `name` that has not synced yet.
    static func joined(_ url: String, _ name: String) throws -> EndToEnd {
        let device = try EndToEnd(extra: passphrase)
        try device.ok(["sync", "init", "--remote", url, "--device", name])
        return device
    }

    static func count(_ server: PostgresServer, _ url: String, _ sql: String) throws -> String {
        try server.psql(url, sql).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Item 1: a device's changes are numbered without a gap, so a change deleted on the
    /// server is a hole: refused, the cursor stays, and once the row is back all arrive.
    @Test func aChangeDeletedOnTheServerIsRefusedAndNotSkipped() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop", logs: ["Read", "Walk", "Floss"])
        let desktop = try Self.joined(url, "desktop")
        _ = try server.psql(
            url,
            """
            CREATE TABLE public.saved AS
              SELECT * FROM routine_sync.change WHERE kind = 'entry' ORDER BY seq LIMIT 1 OFFSET 1;
            DELETE FROM routine_sync.change WHERE uid IN (SELECT uid FROM public.saved);
            """)
        let refused = try desktop.run(["sync", "--remote", url])
        #expect(Self.refusedInOneLine(refused), "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("lacks change"), "\(refused.stderr)")
        #expect(refused.stderr.contains("'laptop'"), "\(refused.stderr)")
        #expect(try desktop.entries().isEmpty)
        _ = try server.psql(url, "INSERT INTO routine_sync.change SELECT * FROM public.saved")
        try desktop.ok(["sync", "--remote", url])
        #expect(try desktop.entries().count == 3)
        #expect(try SyncEndToEndTests.entries(desktop) == SyncEndToEndTests.entries(laptop))
    }

    /// Item 2: a server restored from an older dump holds less of a device than the
    /// devices have seen: each of them refuses in one line naming the device, and
    /// nothing is pushed (a push would reuse numbers another device holds).
    @Test func aServerRolledBackToAnOlderCopyIsRefusedAndNothingIsPushed() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop", logs: ["Read"])
        let desktop = try Self.device(url, "desktop")
        _ = try server.psql(
            url,
            """
            CREATE TABLE public.old_device AS SELECT * FROM routine_sync.device;
            CREATE TABLE public.old_change AS SELECT * FROM routine_sync.change;
            """)
        try laptop.ok(["log", "Walk", "--new"])
        try laptop.ok(["sync", "--remote", url])
        try desktop.ok(["sync", "--remote", url])
        #expect(try desktop.entries().count == 2)
        _ = try server.psql(
            url,
            """
            DELETE FROM routine_sync.change;
            UPDATE routine_sync.device d SET last_seq = o.last_seq FROM public.old_device o WHERE o.id = d.id;
            INSERT INTO routine_sync.change SELECT * FROM public.old_change;
            """)
        let before = try Self.count(server, url, "SELECT count(*) FROM routine_sync.change")
        try laptop.ok(["log", "Floss", "--new"])
        for device in [laptop, desktop] {
            let refused = try device.run(["sync", "--remote", url])
            #expect(Self.refusedInOneLine(refused), "\(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("'laptop'"), "\(refused.stderr)")
            #expect(refused.stderr.contains("rolled back"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("sync init"), "\(refused.stderr)")
        }
        #expect(try Self.count(server, url, "SELECT count(*) FROM routine_sync.change") == before)
        #expect(try desktop.entries().count == 2)
    }

    /// Item 2 (replay): a row copied under a device's next seq would have the device
    /// number every later change after the forgery; it is refused before the push.
    @Test func aRowCopiedUnderTheNextSeqStopsThePushNotNumbersAfterIt() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop", logs: ["Read"])
        _ = try server.psql(
            url,
            """
            INSERT INTO routine_sync.change (device, seq, hlc, kind, uid, body)
              SELECT device, seq + 1, hlc, kind, uid || '-copy', body FROM routine_sync.change
              WHERE seq = (SELECT last_seq FROM routine_sync.device WHERE name = 'laptop') AND device =
                (SELECT id FROM routine_sync.device WHERE name = 'laptop');
            UPDATE routine_sync.device SET last_seq = last_seq + 1 WHERE name = 'laptop';
            """)
        let before = try Self.count(server, url, "SELECT count(*) FROM routine_sync.change")
        try laptop.ok(["log", "Walk", "--new"])
        let refused = try laptop.run(["sync", "--remote", url])
        #expect(Self.refusedInOneLine(refused), "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("tampered"), "\(refused.stderr)")
        #expect(try Self.count(server, url, "SELECT count(*) FROM routine_sync.change") == before)
    }

    /// Item 3: every batch of a pull is checked before any is applied: a change altered
    /// in the second batch (past the first 500 changes) leaves nothing applied.
    @Test func aTamperedChangeInALaterBatchLeavesNothingApplied() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop")
        try laptop.ok(["log", "Read", "--new"])
        // 520 more entries through the store's own capture triggers (one change each, as
        // 520 `log`s would make them, without 520 processes).
        let inserted = try ReliabilityProcess.sqlite(
            laptop.store,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 520)
            INSERT INTO habit_entry (uid, habit_id, day_key, timestamp, time_zone)
            SELECT randomblob(16),
              (SELECT id FROM habit WHERE name = 'Read'), '2026-11-20', '2026-11-20T07:00:00.000Z', 'UTC' FROM n
            """, writable: true)
        #expect(inserted.status == 0, "\(inserted.stderr)")
        try laptop.ok(["sync", "--remote", url])
        let desktop = try Self.device(url, "desktop")
        let pulled = try desktop.run(["sync", "--remote", url])
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let counts = (try laptop.entries().count, try desktop.entries().count)
        #expect(counts == (521, 521), "\(counts)")
        let third = try Self.joined(url, "third")
        _ = try server.psql(
            url,
            """
            UPDATE routine_sync.change SET body = set_byte(body, 20, get_byte(body, 20) # 1)
            WHERE seq = (SELECT max(seq) FROM routine_sync.change c JOIN routine_sync.device d ON d.id = c.device
                         WHERE d.name = 'laptop')
            """)
        let tampered = try third.run(["sync", "--remote", url])
        #expect(Self.refusedInOneLine(tampered), "\(tampered.stdout)\(tampered.stderr)")
        #expect(tampered.stderr.contains("tampered"), "\(tampered.stderr)")
        #expect(try third.entries().isEmpty)
    }

    /// Item 4: a body over the limit is refused by its length, before it is fetched; a
    /// schema version no routine makes is refused.
    @Test func aHugeBodyIsRefusedBeforeItIsFetchedAndABadVersionIsRefused() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop", logs: ["Read"])
        let desktop = try Self.joined(url, "desktop")
        _ = try server.psql(
            url,
            """
            UPDATE routine_sync.change SET body = body || decode(repeat('00', 17 * 1024 * 1024), 'hex')
            WHERE kind = 'entry'
            """)
        let started = Date()
        let refused = try desktop.run(["sync", "--remote", url])
        print("a 17 MB forged body refused in \(Date().timeIntervalSince(started)) s")
        #expect(Self.refusedInOneLine(refused), "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("bytes, over the"), "\(refused.stderr)")
        #expect(try desktop.entries().isEmpty)
        for version in ["0", "-5"] {
            _ = try server.psql(url, "UPDATE routine_sync.meta SET version = \(version)")
            let bad = try laptop.run(["sync", "--remote", url])
            #expect(Self.refusedInOneLine(bad), "\(bad.stdout)\(bad.stderr)")
            #expect(bad.stderr.contains("no routine makes"), "\(bad.stderr)")
        }
    }

    /// Item 5: SQLite's own clock in the year 7000 (`faketime`) no longer stores the sync
    /// clock as a REAL: status and sync go on, and the other device gets the entry.
    @Test func aClockPastTheYear6429IsClampedNotStoredAsAReal() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop")
        var environment = laptop.environment
        environment["ROUTINE_NOW"] = nil
        let logged = try ReliabilityProcess.run(
            "/usr/bin/faketime", ["7000-01-01 12:00:00", Binary.url.path, "log", "Read", "--new"],
            environment: environment)
        #expect(logged.status == 0, "\(logged.stderr)")
        let types = try ReliabilityProcess.sqlite(laptop.store, "SELECT DISTINCT typeof(hlc) FROM sync_outbox")
        #expect(types.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "integer", "\(types.stdout)")
        let status = try laptop.run(["sync", "status", "--remote", url])
        #expect(status.status == 0, "\(status.stderr)")
        try laptop.ok(["sync", "--remote", url])
        let desktop = try Self.device(url, "desktop")
        #expect(try desktop.entries().count == 1)
    }

    /// Item 6: a server that accepts and never answers, and a table locked by another
    /// session: each one line after the timeout, not a sync that waits for ever.
    @Test func aServerThatNeverAnswersOrALockedTableEndsInOneLine() throws {
        let silent = try SilentPostgres()
        defer { silent.stop() }
        let device = try EndToEnd(extra: Self.passphrase.merging(["ROUTINE_SYNC_TIMEOUT": "1"]) { $1 })
        let silentURL = "postgresql://routine@127.0.0.1:\(silent.port)/db?sslmode=disable&gssencmode=disable"
        let started = Date()
        let stalled = try device.run(["sync", "init", "--remote", silentURL, "--device", "laptop"], timeout: 30)
        print("a server that never answers: refused after \(Date().timeIntervalSince(started)) s")
        #expect(Self.refusedInOneLine(stalled), "\(stalled.stdout)\(stalled.stderr)")
        #expect(stalled.stderr.contains("did not answer"), "\(stalled.stderr)")

        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop", logs: ["Read"])
        let holder = try LockHolder(url: url, sql: "LOCK TABLE routine_sync.device IN ACCESS EXCLUSIVE MODE")
        defer { holder.release() }
        let locked = try laptop.run(["sync", "--remote", url], extra: ["ROUTINE_SYNC_TIMEOUT": "1"], timeout: 30)
        #expect(Self.refusedInOneLine(locked), "\(locked.stdout)\(locked.stderr)")
        #expect(locked.stderr.contains("locked"), "\(locked.stderr)")
    }

    /// Item 16: local times, this device's name with the server down, aligned columns,
    /// names from the server on one line, `--device` without control characters.
    @Test func statusAndDevicesReadAsAPersonReadsThem() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop")
        _ = try Self.device(url, "the-desktop-computer")
        let status = try laptop.ok(["sync", "status", "--remote", url, "--timezone", "Europe/Berlin"])
        #expect(status.contains("last sync: 2026-11-22 07:30"), "\(status)")
        let down = try laptop.run(["sync", "status", "--remote", "postgresql:///nothing?host=/nonexistent-socket-dir"])
        #expect(down.status == 1)
        #expect(down.stdout.contains("this device: laptop"), "\(down.stdout)")
        let devices = try laptop.ok(["sync", "devices", "--remote", url]).split(separator: "\n")
        #expect(devices.count == 2)
        let columns = Set(
            devices.map { line in line.distance(from: line.startIndex, to: line.range(of: "last sync")!.lowerBound) })
        #expect(columns.count == 1, "\(devices)")
        _ = try server.psql(
            url, "UPDATE routine_sync.device SET name = E'evil\\nname\\u001b[2J' WHERE name = 'the-desktop-computer'")
        let evil = try laptop.ok(["sync", "devices", "--remote", url])
        #expect(evil.split(separator: "\n").count == 2, "\(evil)")
        #expect(evil.contains("evil\\u{A}name"), "\(evil)")
        #expect(!evil.contains("\u{1B}"))
        let evilStatus = try laptop.ok(["sync", "status", "--remote", url])
        #expect(evilStatus.split(separator: "\n").count == 4, "\(evilStatus)")
        let other = try EndToEnd(extra: Self.passphrase)
        let bad = try other.run(["sync", "init", "--remote", url, "--device", "a\nb"])
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(try Self.count(server, url, "SELECT count(*) FROM routine_sync.device") == "2")
    }

    /// Item 19: each message names the real cause.
    @Test func messagesNameTheRealCause() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        // A passphrase file others can read: a warning, and it is used.
        let laptop = try EndToEnd(extra: ["ROUTINE_SYNC_KDF_LOG2N": "10"])
        let file = try laptop.folder.write("passphrase", "correct horse battery\n")
        chmod(file, 0o644)
        let joined = try laptop.run(["sync", "init", "--remote", url, "--device", "laptop", "--passphrase-file", file])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stderr.contains("\(file) is readable by others"), "\(joined.stderr)")
        try laptop.ok(["sync", "--remote", url])
        // A name another device holds: the server's line, without the store's path.
        let desktop = try EndToEnd(extra: Self.passphrase)
        let taken = try desktop.run(["sync", "init", "--remote", url, "--device", "laptop"])
        #expect(Self.refusedInOneLine(taken), "\(taken.stderr)")
        #expect(taken.stderr.contains("another device is registered as 'laptop'"), "\(taken.stderr)")
        #expect(!taken.stderr.contains(desktop.store), "\(taken.stderr)")
        // A key file whose key is not the server's: the key file is named.
        let keyPath = laptop.folder.url.appendingPathComponent("config/routine/sync.key").path
        let keyText = try String(contentsOfFile: keyPath, encoding: .utf8)
        let forged = keyText.split(separator: "\n").map {
            $0.hasPrefix("key ") ? "key " + String(repeating: "A", count: 43) + "=" : String($0)
        }
        try (forged.joined(separator: "\n") + "\n").write(toFile: keyPath, atomically: false, encoding: .utf8)
        let wrongKey = try laptop.run(["sync", "--remote", url])
        #expect(Self.refusedInOneLine(wrongKey), "\(wrongKey.stderr)")
        #expect(wrongKey.stderr.contains("sync.key"), "\(wrongKey.stderr)")
        #expect(!wrongKey.stderr.contains("passphrase does not match"), "\(wrongKey.stderr)")
        // The server's schema gone: the server is named, not this store.
        _ = try server.psql(url, "DROP SCHEMA routine_sync CASCADE")
        let gone = try laptop.run(["sync", "--remote", url])
        #expect(Self.refusedInOneLine(gone), "\(gone.stderr)")
        #expect(gone.stderr.contains("holds no sync server"), "\(gone.stderr)")
    }

    /// Item 19: a change number the server holds already (its mark set back, its rows
    /// kept; this store restored from a backup) is named, not a raw `change_pkey`.
    @Test func aChangeTheServerHoldsAlreadyIsNamed() throws {
        let server = try PostgresServer.shared()
        let url = try server.createDatabase()
        let laptop = try Self.device(url, "laptop", logs: ["Read"])
        let mark = try Self.count(server, url, "SELECT last_seq FROM routine_sync.device WHERE name = 'laptop'")
        let backup = laptop.folder.url.appendingPathComponent("backup.sqlite").path
        try laptop.ok(["backup", backup])
        try laptop.ok(["log", "Walk", "--new"])
        try laptop.ok(["sync", "--remote", url])
        try laptop.ok(["restore", backup])
        try laptop.ok(["log", "Floss", "--new"])
        _ = try server.psql(url, "UPDATE routine_sync.device SET last_seq = \(mark) WHERE name = 'laptop'")
        let refused = try laptop.run(["sync", "--remote", url])
        #expect(Self.refusedInOneLine(refused), "\(refused.stderr)")
        #expect(refused.stderr.contains("already holds change"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("change_pkey"), "\(refused.stderr)")
    }
}
