import EndToEndSupport
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 19 item 3: `log` in five processes while `restore` replaces the store. A `log`
/// that said "logged" and exited 0 must be in the restored store or in
/// `.before-restore`; one that fails says one clear line (the store is locked).
@Suite(.serialized) struct ReliabilityRestoreTests {
    @Test func logsDuringRestoreAreNeverLost() throws {
        // The backup: a store of 20,000 entries, so that a restore takes a while.
        let source = try EndToEnd()
        let backup = try source.bulkBackup(habit: "Walk")

        var restored = 0
        var failures: [String] = []
        for trial in 0..<4 {
            let e2e = try EndToEnd()
            try e2e.ok(["log", "Walk", "--new"])
            var env = e2e.environment
            env["ROUTINE_BIN"] = Binary.url.path
            let writers = try (0..<5).map { worker in
                try ReliabilityProcess(
                    "/bin/sh",
                    [
                        "-c",
                        """
                        for i in $(seq 30); do
                          if "$ROUTINE_BIN" log Walk --note "t\(trial)w\(worker)n$i" >/dev/null 2>>"$0.err"; then
                            echo "t\(trial)w\(worker)n$i"; fi
                        done
                        """, e2e.url.appendingPathComponent("w\(worker)").path,
                    ], environment: env)
            }
            usleep(300_000)
            for _ in 0..<40 {
                let result = try e2e.run(["restore", backup])
                if result.status == 0 {
                    restored += 1
                    break
                }
                #expect(result.stderr.contains("another routine process has the store open"), "\(result.stderr)")
                usleep(20_000)
            }
            var logged: [String] = []
            for writer in writers {
                #expect(writer.wait(timeout: 120) == .exited(0), "\(writer.stderr)")
                logged += writer.stdout.split(separator: "\n").map(String.init)
            }
            for worker in 0..<5 {
                let err =
                    (try? String(contentsOf: e2e.url.appendingPathComponent("w\(worker).err"), encoding: .utf8)) ?? ""
                failures += err.split(separator: "\n").map(String.init)
            }
            let query = "SELECT note FROM habit_entry WHERE note IS NOT NULL"
            var found = Set(try StoreProbe.rows(e2e.store, query))
            if FileManager.default.fileExists(atPath: e2e.store + ".before-restore") {
                found.formUnion(try StoreProbe.rows(e2e.store + ".before-restore", query))
            }
            let lost = logged.filter { !found.contains($0) }
            #expect(lost.isEmpty, "trial \(trial): \(lost.count) of \(logged.count) logged entries lost: \(lost)")
            #expect(try StoreProbe.integrity(e2e.store) == "ok")
        }
        #expect(restored > 0)
        for failure in failures {
            #expect(failure.contains("locked by another process"), "\(failure)")
        }
        print("restore during logs: \(restored) of 4 restores went through; \(failures.count) logs refused")
    }

    /// A `log` started while a restore is under way waits for it and then writes into
    /// the restored store (before the store lock it wrote into the store being replaced,
    /// or, at the instant of the rename, into neither).
    @Test func aLogStartedDuringARestoreLandsInTheRestoredStore() throws {
        let source = try EndToEnd()
        let backup = try source.bulkBackup(habit: "Walk")
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Walk", "--new"])
        let restore = try ReliabilityProcess(Binary.url.path, ["restore", backup], environment: e2e.environment)
        var info = stat()
        while !restore.hasEnded, stat(e2e.store + ".restoring", &info) != 0 { usleep(1_000) }
        #expect(!restore.hasEnded, "the restore ended before it was seen: \(restore.stderr)")
        let log = try e2e.run(["log", "Walk", "--note", "during"])
        #expect(log.status == 0, "\(log.stderr)")
        #expect(restore.wait(timeout: 60) == .exited(0), "\(restore.stderr)")
        let query = "SELECT count(*) FROM habit_entry WHERE note = 'during'"
        #expect(try StoreProbe.count(e2e.store, query) == 1)
        #expect(try StoreProbe.count(e2e.store + ".before-restore", query) == 0)
    }
}
