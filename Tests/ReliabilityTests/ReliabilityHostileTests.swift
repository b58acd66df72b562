import EndToEndSupport
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults found by hostile testing (issue 13), through the real binary: racing
/// migrations, hostile file names, stores and history files that are not files, clocks
/// out of range, amounts near 1e308, and a CSV backup that must read back.
@Suite(.serialized) struct ReliabilityHostileTests {
    /// Starts `count` `routine log` processes at once on `store` and waits for them all.
    private func logAtOnce(_ count: Int, store: String, round: Int) throws -> [ReliabilityProcess.Result] {
        let env = Binary.environment(store: store)
        let processes = try (0..<count).map { worker in
            try ReliabilityProcess(
                Binary.url.path, ["log", "Habit \(round)-\(worker)", "\(worker + 1)", "--new"], environment: env)
        }
        return processes.map { process in
            process.closeInput()
            let termination = process.wait(timeout: 60)
            return ReliabilityProcess.Result(termination: termination, stdout: process.stdout, stderr: process.stderr)
        }
    }

    // Item 2: 8 processes starting together on a new store, or on a store of the previous
    // schema, failed with `table measure already exists` / `table goal already exists`.
    @Test func processesStartingTogetherOnANewOrOlderStoreAllWrite() throws {
        let rounds = 10
        let perRound = 8
        var failures: [String] = []
        var started = 0
        let clock = Date()
        for old in [false, true] {
            for round in 0..<rounds {
                let directory = try TemporaryDirectory()
                let store = directory.store
                if old {
                    // The previous schema (v1): a full store with v2's tables taken away.
                    let made = try ReliabilityProcess.routine(
                        ["log", "Seed", "--new"], environment: Binary.environment(store: store))
                    try #require(made.status == 0, "\(made.stderr)")
                    let downgrade = try ReliabilityProcess.sqlite(
                        store,
                        "DROP TABLE goal_link; DROP TABLE goal; DELETE FROM grdb_migrations WHERE identifier = 'v2';",
                        writable: true)
                    try #require(downgrade.status == 0, "\(downgrade.stderr)")
                }
                let results = try logAtOnce(perRound, store: store, round: round)
                started += results.count
                for result in results where result.termination != .exited(0) {
                    failures.append("\(old ? "old" : "new") store: \(result.termination): \(result.stderr)")
                }
                #expect(try StoreProbe.count(store, "SELECT count(*) FROM habit_entry") == perRound + (old ? 1 : 0))
                #expect(
                    try StoreProbe.rows(store, "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                        == [
                            "v1", "v10-run-day", "v11-habit-notes", "v12-ledger-window", "v13-uid-blobs",
                            "v14-ledger-covering", "v15-entry-indexes", "v2", "v3",
                            "v4",
                            "v5",
                            "v5-run-status", "v6-sync", "v7-sync-guards",
                            "v8-release", "v9-habit-targets",
                        ])
                #expect(try StoreProbe.integrity(store) == "ok")
            }
        }
        print(
            "reliability migrations: \(started) processes, \(perRound) at once on \(rounds) new and \(rounds) older stores, "
                + "\(failures.count) failed; \(String(format: "%.1f", Date().timeIntervalSince(clock))) s")
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    // Item 4: a saved state with `nextToken` near Int.max made `resume` trap with an
    // arithmetic overflow (SIGILL, exit 132) at the next `done`. Decoding refuses the
    // state, and the run coordinator rebuilds it from the run's recorded entries (item
    // 1: never a dead end): the run continues and nothing is written twice.
    @Test func aSavedStateWithAHugeNextTokenIsRebuiltNotACrash() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let paused = try e2e.run(["run", "morning-checkin"], input: "1\n15\npause\n")
        #expect(paused.status == 0)
        let before = try StoreProbe.liveEntries(e2e.store)
        let edited = try ReliabilityProcess.sqlite(
            e2e.store,
            "UPDATE run SET walker_state = CAST(replace(CAST(walker_state AS TEXT), '\"nextToken\":2', "
                + "'\"nextToken\":9223372036854775807') AS BLOB)", writable: true)
        try #require(edited.status == 0, "\(edited.stderr)")
        try #require(
            try StoreProbe.count(
                e2e.store, "SELECT count(*) FROM run WHERE CAST(walker_state AS TEXT) LIKE '%9223372036854775807%'")
                == 1)
        // Rebuilt: the question is asked again, Meditate (recorded) is stepped over.
        let resumed = try e2e.run(["resume"], input: "1\ny\ny\n")
        #expect(resumed.status == 0, "\(resumed.stderr.prefix(300))")
        #expect(resumed.stderr.contains("disagreed with its entries; repaired from them"))
        #expect(resumed.stdout.contains("✓ Meditate: already done today"))
        #expect(resumed.stdout.contains("Completed for"))
        let after = try StoreProbe.liveEntries(e2e.store)
        #expect(after.count == before.count + 2)
        #expect(after.filter { $0.hasPrefix("Meditate") }.count == 1)
    }

    // Item 1: a late `resume` that continued from a state another process had moved on
    // from saved that old state behind the recorded entries, and every later `resume`
    // failed with "already has an entry for step 2". The late process is reproduced by
    // writing the old state back with sqlite3 after another process went back and
    // answered again. (Against the build before the coordinator: exit 1 with that line.)
    @Test func aStaleSavedStateIsRepairedFromTheRunsEntriesNotADeadEnd() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        #expect(try e2e.run(["run", "morning-checkin"], input: "1\n12\npause\n").status == 0)
        let old = try StoreProbe.rows(e2e.store, "SELECT hex(walker_state) FROM run")
        let stale = try #require(old.first)
        // Another process resumes, goes back over Meditate, answers 20 and pauses.
        #expect(try e2e.run(["resume"], input: "back\n20\npause\n").status == 0)
        let rewritten = try ReliabilityProcess.sqlite(
            e2e.store, "UPDATE run SET walker_state = X'\(stale)'", writable: true)
        try #require(rewritten.status == 0, "\(rewritten.stderr)")
        let resumed = try e2e.run(["resume"], input: "y\ny\n")
        #expect(resumed.status == 0, "\(resumed.stderr.prefix(300))")
        #expect(resumed.stderr.contains("disagreed with its entries; repaired from them"))
        #expect(!resumed.stderr.contains("already has an entry"))
        // The summary reads the run's entries from the store: Meditate 20, written before
        // the repair, is among them.
        #expect(resumed.stdout.contains("Completed for 2026-11-22: recorded Meditate 20 min, Drink Water, Journal."))
        let live = try StoreProbe.liveEntries(e2e.store)
        #expect(live == ["Drink Water|2026-11-22|-", "Journal|2026-11-22|-", "Meditate|2026-11-22|20.000"])
        // And a resume that comes after that finds a finished run, not a wedged one.
        let again = try e2e.run(["resume"], input: "")
        #expect(again.stderr == "routine: no paused run to resume\n")
    }

    // Item 6: a file name with a line break forged a diagnostic line; ESC was printed raw.
    @Test func fileNamesCannotForgeCheckOutput() throws {
        let e2e = try EndToEnd()
        let forged = "x\nfake.yaml:1:1: error: injected [cycle]\n\u{1B}[31mred.yaml"
        let path = try e2e.folder.write(forged, "slug: x\nstart: [a]\nnodes:\n  a: {habit: A, next: [a]}\n")
        let text = try e2e.run(["check", path])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!text.stdout.contains("\u{1B}"))
        #expect(!lines.contains { $0.hasPrefix("fake.yaml") }, "\(text.stdout)")
        // Every line but the summary is one diagnostic of this one file.
        let diagnostics = lines.dropLast()
        #expect(!diagnostics.isEmpty)
        for line in diagnostics {
            #expect(line.hasPrefix(e2e.url.path + "/x\\nfake.yaml:1:1: error: injected [cycle]\\n\\u{1B}[31mred.yaml:"))
        }
        #expect(lines.last?.hasPrefix("1 file checked: ") == true)

        let json = try e2e.run(["check", "--format", "json", path])
        #expect(json.stdout.split(separator: "\n").count == 1)
        #expect(!json.stdout.contains("\u{1B}"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let files = parsed?["files"] as? [[String: Any]]
        #expect(files?.first?["path"] as? String == path)
    }

    // Item 7: `--store` a link to /dev/null made SQLite create /dev/null-journal.
    @Test func aStoreThatIsADeviceIsRefusedWithOneLine() throws {
        let e2e = try EndToEnd()
        let link = e2e.url.appendingPathComponent("null.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for arguments in [["entries"], ["list"], ["log", "Read", "--new"]] {
            let result = try e2e.run(arguments + ["--store", link])
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr
                    == "routine: the store \(link) is not a regular file (a device, FIFO or socket); nothing was read or written\n"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-wal"))
    }

    // Item 9: out-of-range clocks logged on 0002-12-31 or 4713-01-01, or failed with a raw
    // `CHECK constraint failed`.
    @Test func clocksOutsideYears1To9999AreRefusedWithOneLine() throws {
        let e2e = try EndToEnd()
        let cases: [(String, String, String?)] = [
            ("0000-01-01T00:00:00Z", "America/New_York", nil),
            ("-999999-01-01T00:00:00Z", "UTC", nil),
            ("9999-12-31T23:59:59Z", "Pacific/Kiritimati", nil),
            ("9999-12-31T23:59:59Z", "UTC", "9999-12-31"),
            ("0001-01-01T08:00:00Z", "America/Los_Angeles", "0001-01-01"),
        ]
        for (now, zone, day) in cases {
            let result = try e2e.run(["log", "Read", "--new"], extra: ["ROUTINE_NOW": now, "TZ": zone])
            if let day {
                #expect(result.status == 0, "\(now) \(zone): \(result.stderr)")
                #expect(result.stdout.hasPrefix("logged Read on \(day)"), "\(result.stdout)")
            } else {
                #expect(result.status == 1, "\(now) \(zone)")
                // Unreadable as an instant (year 0000, a sign), or read but outside the days
                // supported after the zone shift: one line either way, naming the range.
                #expect(
                    result.stderr.hasPrefix("routine: instant '\(now)' (from $ROUTINE_NOW) falls on ")
                        || result.stderr.hasPrefix("routine: invalid instant '\(now)' (from $ROUTINE_NOW)"),
                    "\(result.stderr)")
                #expect(result.stderr.contains("9999"))
                #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
                #expect(!result.stderr.contains("CHECK"))
            }
        }
        #expect(try e2e.entries().count == 2)
    }

    // Values near 1e308 summed to `inf` in `stats`: refused at every way in, one line each.
    @Test func amountsNear1e308AreRefusedAtEveryWayIn() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let huge = "1" + String(repeating: "0", count: 308)
        try e2e.ok(["log", "Run", "5", "--unit", "km", "--new"])
        for arguments in [
            ["log", "Run", huge, "--unit", "km"], ["log", "Run", "1000000001", "--unit", "km"],
            ["edit", "1", "--value", huge],
            ["goal", "add", "Far", "--target", huge, "--from", "2026-11-01", "--to", "2026-11-30"],
        ] {
            let result = try e2e.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains("is too large: amounts go up to 1000000000"), "\(result.stderr)")
            #expect(result.stderr.count < 400)
        }
        let csv = try e2e.folder.write("big.csv", "habit,dayKey,value\nRun,2026-11-20,3\nRun,2026-11-21,1e308\n")
        let imported = try e2e.run(["import-entries", "--new", csv])
        #expect(imported.status == 1)
        #expect(imported.stderr.hasPrefix("routine: \(csv):3:3: '1e308' is too large: amounts go up to 1000000000"))
        #expect(imported.stderr.filter { $0 == "\n" }.count == 1)
        let run = try e2e.run(["run", "morning-checkin"], input: "1\n\(huge)\n15\ny\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("is too large: amounts go up to 1000000000"))
        let stats = try e2e.ok(["stats", "--format", "json"])
        #expect(!stats.contains("inf"), "\(stats)")
        #expect(try e2e.entries().compactMap { $0["value"] as? Double }.sorted() == [5, 15])
    }

    // Item 3: a 100,000-character note was exported, then the import refused the file.
    @Test func aCSVBackupReadsBack() throws {
        let e2e = try EndToEnd()
        let note = String(repeating: "note, \"quoted\"\nand more. ", count: 4_000)
        #expect(note.count == 100_000)
        try e2e.ok(["log", "Journal", "--note", note, "--new"])
        try e2e.ok(["log", "Run", "5", "--unit", "km", "--new"])
        let backup = try e2e.ok(["entries", "--format", "csv"])
        let file = try e2e.folder.write("backup.csv", backup)
        let other = try EndToEnd()
        #expect(try other.ok(["import-entries", "--new", file]).hasPrefix("imported 2 entries"))
        #expect(try other.ok(["entries", "--format", "csv"]) == backup)
    }

    // Item 10: the REPL hung at start when the history file was a FIFO or a link to
    // /dev/zero; now it starts without history and says so once.
    @Test func theREPLStartsWhenTheHistoryFileIsAFIFOOrADevice() throws {
        for kind in ["fifo", "zero"] {
            let e2e = try EndToEnd()
            let folder = e2e.url.appendingPathComponent("state/routine")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let history = folder.appendingPathComponent("history")
            if kind == "fifo" {
                #expect(mkfifo(history.path, 0o600) == 0)
            } else {
                try FileManager.default.createSymbolicLink(
                    at: history, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
            }
            let terminal = try e2e.terminal()
            try terminal.expect("history is not kept: \(history.path) is not used", timeout: 10)
            try terminal.expectPrompt("routine> ")
            try terminal.send("list\r")
            try terminal.expectPrompt("routine> ")
            try terminal.send("quit\r")
            #expect(try terminal.waitForExit() == 0)
            #expect(terminal.output.components(separatedBy: "history is not kept").count == 2, "said once")
            // Left as it was: still a FIFO, still a link.
            var info = stat()
            #expect(lstat(history.path, &info) == 0)
            #expect(info.st_mode & S_IFMT == (kind == "fifo" ? S_IFIFO : S_IFLNK))
        }
    }
}
