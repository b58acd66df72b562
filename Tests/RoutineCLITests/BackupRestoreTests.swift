import EndToEndSupport
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `routine backup` and `routine restore` through the real binary on real files (SPEC §11).
@Suite(.serialized) struct BackupRestoreTests {
    /// A store with every kind of record: three routines (one with two versions),
    /// habits with measures, entries from runs and by hand (one deleted, one with a
    /// note), a completed and a paused run, goals linked to habits.
    static func fullStore(_ e2e: EndToEnd) throws {
        try e2e.importBundled()
        try e2e.ok(["run", "morning-checkin", "--day", "2026-11-21"], input: "1\ny\n12\ny\n")
        try e2e.ok(["run", "training"], input: "pause\n")
        let changed = try String(contentsOfFile: EndToEnd.routineFile("morning-checkin"), encoding: .utf8)
            .replacingOccurrences(of: "title: Morning Check-in", with: "title: Morning Check-in, second")
        try e2e.ok(["import", try e2e.folder.write("morning-checkin.yaml", changed)])
        try e2e.ok(["log", "--new", "Meditate", "20", "--note", "long one", "--day", "2026-11-22"])
        try e2e.ok(["log", "--new", "Run", "5", "--unit", "km"])
        try e2e.ok(["delete", "1"])
        try e2e.ok([
            "goal", "add", "Run 120 km", "--target", "120", "--unit", "km", "--from", "2026-11-01",
            "--to", "2026-12-31", "--habit", "Run",
        ])
    }

    /// What a person sees of a whole store: every listing that reads it.
    static func everything(_ e2e: EndToEnd) throws -> [String] {
        try [
            ["entries", "--all", "--format", "json"], ["runs"], ["list"], ["habits"], ["goal", "list"], ["today"],
            ["export", "morning-checkin", "--format", "json"], ["stats"],
        ].map { try e2e.ok($0) }
    }

    @Test func roundTripBringsBackEveryKindOfRecord() throws {
        let source = try EndToEnd()
        try Self.fullStore(source)
        let backup = source.url.appendingPathComponent("backup.sqlite").path
        #expect(try source.ok(["backup", backup]).contains("backed up"))
        var info = stat()
        #expect(stat(backup, &info) == 0 && info.st_mode & 0o777 == 0o600)

        let target = try EndToEnd()
        try target.ok(["log", "--new", "Something else"])
        let before = try target.entries()
        let out = try target.ok(["restore", backup])
        #expect(out.contains("before-restore"))
        #expect(try Self.everything(target) == Self.everything(source))
        #expect(try StoreProbe.integrity(target.store) == "ok")
        // The replaced store is kept, whole.
        #expect(
            try StoreProbe.count(target.store + ".before-restore", "SELECT count(*) FROM habit_entry") == before.count)
        // Into a store that does not exist yet, in a folder that does not either.
        let nested = target.url.appendingPathComponent("new/folder/store.sqlite").path
        #expect(try target.run(["restore", backup, "--store", nested]).status == 0)
        #expect(try StoreProbe.count(nested, "SELECT count(*) FROM habit_entry") == source.entries(all: true).count)
        // The paused run resumes from the restored store.
        let runs = try target.ok(["runs"])
        #expect(runs.contains("paused"))
    }

    /// The CSV path: units come back, and the same file imported twice changes nothing.
    @Test func sameCSVImportedTwiceIntoAFreshStore() throws {
        let source = try EndToEnd()
        try Self.fullStore(source)
        let csv = try source.folder.write("entries.csv", try source.ok(["entries", "--format", "csv"]))
        let live = try source.entries().count
        let target = try EndToEnd()
        #expect(try target.ok(["import-entries", "--new", csv]) == "imported \(live) entries from \(csv)\n")
        #expect(
            try target.ok(["import-entries", "--new", csv])
                == "imported 0 entries from \(csv); \(live) already present\n")
        #expect(try target.entries().map { $0.string("uid") } == source.entries().map { $0.string("uid") })
        #expect(try target.ok(["habits"]).contains("Meditate     min (time)"))
        // With the habits' measures already there, the routines import cleanly; with
        // their targets back, every figure of the entries is the source's. (Due days also
        // read the runs, which CSV does not carry: `backup` does, SPEC §13.6.)
        try target.importBundled()
        for habit in ["Meditate", "Run", "Drink Water"] {
            let figures = ["habit", "doneToday", "weekCount", "weekSum"]
            func entryFigures(_ e2e: EndToEnd) throws -> [String] {
                let rows = try #require(try e2e.json(["stats", habit, "--format", "json"]) as? [[String: Any]])
                return rows.flatMap { row in figures.map { "\($0)=\(row[$0] ?? "nil")" } }
            }
            #expect(try entryFigures(target) == entryFigures(source))
        }
    }

    @Test func badBackupsAreRefusedAndTheStoreIsUnchanged() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        try e2e.ok(["log", "--new", "Walk"])
        let before = try Self.everything(e2e)
        let good = e2e.url.appendingPathComponent("good.sqlite").path
        try e2e.ok(["backup", good])
        let data = try Data(contentsOf: URL(fileURLWithPath: good))
        let cut = try e2e.folder.write("cut.sqlite", "")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        let corrupt = try e2e.folder.write("corrupt.sqlite", "")
        var damaged = data
        for offset in stride(from: 4096, to: damaged.count, by: 97) { damaged[offset] ^= 0x5A }
        try damaged.write(to: URL(fileURLWithPath: corrupt))
        let newer = e2e.url.appendingPathComponent("newer.sqlite").path
        try FileManager.default.copyItem(atPath: good, toPath: newer)
        #expect(
            try ReliabilityProcess.sqlite(newer, "INSERT INTO grdb_migrations VALUES ('v99')", writable: true).status
                == 0)
        let cases: [(String, String)] = [
            (try e2e.folder.write("text.sqlite", "not a database at all\n"), "not a SQLite database"),
            (cut, "damaged"), (corrupt, "damaged"), (newer, "newer version"),
            (e2e.url.appendingPathComponent("missing.sqlite").path, "no such file"),
        ]
        for (file, words) in cases {
            let result = try e2e.run(["restore", file])
            #expect(result.status == 1, "\(file): \(result.stdout) \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("routine: cannot restore from"), "\(result.stderr)")
            #expect(result.stderr.contains(words) && result.stderr.contains("unchanged"), "\(result.stderr)")
            #expect(try Self.everything(e2e) == before)
        }
        #expect(!FileManager.default.fileExists(atPath: e2e.store + ".before-restore"))
        #expect(!FileManager.default.fileExists(atPath: e2e.store + ".restoring"))
    }

    @Test func backupToAnUnwritablePlaceFailsWithOneLine() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Walk"])
        for target in ["/proc/routine-backup.sqlite", e2e.url.appendingPathComponent("no/such/dir/b.sqlite").path] {
            let result = try e2e.run(["backup", target])
            #expect(result.status == 1)
            #expect(
                result.stderr.hasPrefix("routine: cannot write the backup")
                    && result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        #expect(try e2e.run(["backup", e2e.store]).status == 1)
        let none = try EndToEnd()
        #expect(try none.run(["backup", none.url.appendingPathComponent("b.sqlite").path]).stderr.contains("no store"))
    }

    /// Another process logs entry after entry while backups are taken: each backup is
    /// whole (integrity ok) and holds a prefix of what was written.
    @Test func backupWhileAnotherProcessWrites() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Walk"])
        var env = e2e.environment
        env["ROUTINE_BIN"] = Binary.url.path
        let writer = try ReliabilityProcess(
            "/bin/sh", ["-c", "for i in $(seq 40); do \"$ROUTINE_BIN\" log Walk >/dev/null || exit 1; done"],
            environment: env)
        var counts: [Int] = []
        for index in 0..<6 {
            let file = e2e.url.appendingPathComponent("b\(index).sqlite").path
            let result = try e2e.run(["backup", file])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try StoreProbe.integrity(file) == "ok")
            counts.append(try StoreProbe.count(file, "SELECT count(*) FROM habit_entry"))
        }
        #expect(writer.wait(timeout: 120) == .exited(0), "\(writer.stderr)")
        #expect(counts == counts.sorted() && counts.allSatisfy { (1...41).contains($0) }, "\(counts)")
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry") == 41)
    }

    @Test func restoreIsRefusedWhileAnotherProcessHasTheStoreOpen() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        let backup = e2e.url.appendingPathComponent("b.sqlite").path
        try e2e.ok(["backup", backup])
        try e2e.ok(["log", "--new", "Walk"])
        // A run waiting at its first prompt holds the store open.
        let walking = try ReliabilityProcess(Binary.url.path, ["run", "morning-checkin"], environment: e2e.environment)
        defer { walking.kill9() }
        usleep(700_000)
        let result = try e2e.run(["restore", backup])
        #expect(result.status == 1)
        #expect(result.stderr.contains("another routine process has the store open"), "\(result.stderr)")
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry") == 1)
        walking.closeInput()
        _ = walking.wait(timeout: 20)
        #expect(try e2e.run(["restore", backup]).status == 0)
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry") == 0)
    }

    /// kill -9 at random moments of `restore` and `backup`: the store is the old one or
    /// the new one, whole; a backup file is absent or whole.
    @Test func killNineDuringRestoreOrBackup() throws {
        let e2e = try EndToEnd()
        let backup = try e2e.bulkBackup()
        try e2e.ok(["log", "--new", "Walk"])
        var generator = SeededGenerator(seed: 0xBAC0)
        var outcomes: [String] = []
        for trial in 0..<10 {
            let restoring = trial % 2 == 0
            let before = try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry")
            let target = e2e.url.appendingPathComponent("trial\(trial).sqlite").path
            let process = try ReliabilityProcess(
                Binary.url.path, restoring ? ["restore", backup] : ["backup", target], environment: e2e.environment)
            usleep(UInt32.random(in: 0...400_000, using: &generator))
            process.kill9()
            _ = process.wait(timeout: 20)
            #expect(try StoreProbe.integrity(e2e.store) == "ok")
            let after = try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry")
            if restoring {
                #expect(after == before || after == 20_000, "restore left \(after) entries")
                outcomes.append(after == before ? "old" : "new")
            } else {
                #expect(after == before)
                if FileManager.default.fileExists(atPath: target) {
                    #expect(try StoreProbe.integrity(target) == "ok")
                    outcomes.append("backup")
                } else {
                    outcomes.append("no backup")
                }
            }
            // Make the next restore visible again.
            if after == 20_000 { try e2e.ok(["log", "--new", "Walk"]) }
        }
        print("backup/restore kill -9: \(outcomes)")
    }
}
