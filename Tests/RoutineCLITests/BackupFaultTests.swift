import EndToEndSupport
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The backup and store-path faults of issue 19 (items 2, 4, 8, 14), through the binary.
@Suite(.serialized) struct BackupFaultTests {
    /// Item 2: `--store S` (one character) crashed every command in Foundation.
    @Test func oneCharacterStorePathWorks() throws {
        let e2e = try EndToEnd()
        let result = try e2e.run(["--store", "S", "log", "Walk", "--new"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: e2e.url.appendingPathComponent("S").path))
        try e2e.ok(["--store", "S", "backup", "b.sqlite"])
        let restored = try e2e.run(["--store", "T", "restore", "b.sqlite"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try StoreProbe.count(e2e.url.appendingPathComponent("T").path, "SELECT count(*) FROM habit_entry") == 1)
    }

    /// Item 4: the store's `-wal`, `-shm` and `-journal` are the store too; a backup
    /// onto one of them is refused and leaves it (and every entry) in place.
    @Test func backupOntoTheStoresCompanionFilesIsRefused() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["log", "Walk", "--new"])
        // A run waiting at its first prompt holds the store open, with its -wal and -shm.
        let holder = try ReliabilityProcess(Binary.url.path, ["run", "morning-checkin"], environment: e2e.environment)
        defer { holder.kill9() }
        usleep(700_000)
        for suffix in ["", "-wal", "-shm", "-journal"] {
            for spelling in ["store.sqlite\(suffix)", "./store.sqlite\(suffix)", e2e.store + suffix] {
                let result = try e2e.run(["backup", spelling])
                #expect(result.status == 1, "\(spelling): \(result.stdout)")
                #expect(result.stderr.contains("part of the store itself"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
        }
        // Not even with --force.
        let forced = try e2e.run(["backup", "store.sqlite-wal", "--force"])
        #expect(forced.status == 1 && forced.stderr.contains("part of the store itself"), "\(forced.stderr)")
        holder.kill9()
        _ = holder.wait(timeout: 10)
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry") == 1)
        let restore = try e2e.run(["restore", "store.sqlite-wal"])
        #expect(restore.status == 1 && restore.stderr.contains("part of the store itself"), "\(restore.stderr)")
    }

    /// Item 14: an existing file is kept unless `--force`; a missing folder is named.
    @Test func backupRefusesAnExistingFileAndNamesAMissingFolder() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Walk", "--new"])
        let existing = try e2e.folder.write("notes.txt", "my notes\n")
        let refused = try e2e.run(["backup", existing])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the file exists; add --force to replace it"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "my notes\n")
        #expect(try e2e.ok(["backup", existing, "--force"]).contains("backed up"))
        #expect(try StoreProbe.count(existing, "SELECT count(*) FROM habit_entry") == 1)

        let folder = e2e.url.appendingPathComponent("no/such").path
        let missing = try e2e.run(["backup", folder + "/b.sqlite"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the folder \(folder) does not exist"), "\(missing.stderr)")
        let intoFolder = try e2e.run(["backup", e2e.url.path, "--force"])
        #expect(intoFolder.status == 1 && intoFolder.stderr.contains("it is a folder"), "\(intoFolder.stderr)")
    }

    /// Item 8: the temporary copies hold the whole store, so they are 0600 from their
    /// first byte. The test watches for the temporary file and kills the process the
    /// moment it appears.
    @Test func temporaryCopiesArePrivateFromTheStart() throws {
        let e2e = try EndToEnd()
        let backup = try e2e.bulkBackup()
        var seen: [String] = []
        for trial in 0..<4 {
            let restoring = trial % 2 == 1
            let target = e2e.url.appendingPathComponent("t\(trial).sqlite").path
            let process = try ReliabilityProcess(
                Binary.url.path, restoring ? ["restore", backup] : ["backup", target], environment: e2e.environment)
            let temporary = restoring ? e2e.store + ".restoring" : target + ".partial-\(process.pid)"
            var info = stat()
            while !process.hasEnded, stat(temporary, &info) != 0 {}
            process.kill9()
            _ = process.wait(timeout: 20)
            guard stat(temporary, &info) == 0 else { continue }
            seen.append(temporary)
            #expect(info.st_mode & 0o777 == 0o600, "\(temporary) is \(String(info.st_mode & 0o777, radix: 8))")
            Glibc.unlink(temporary)
        }
        #expect(!seen.isEmpty)
    }
}
