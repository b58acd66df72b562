import EndToEndSupport
import Foundation
import RoutineCore
import TestSupport
import Testing

/// kill -9 of the real binary in the middle of real runs of every bundled routine, on a
/// real SQLite file, then `routine resume` to the end (SPEC §4.3).
@Suite(.serialized) struct ReliabilityCrashTests {
    /// Seeded: the same answer scripts, kill points and delays on every run (the exact
    /// instant a signal lands still depends on the machine; what is checked does not).
    static let seed: UInt64 = 0x5EED_C0DE
    static let minimumKills = 120

    struct Figures {
        var trials = 0
        var kills = 0
        var killsBeforeRun = 0
        var killsWithProgress = 0
        var killsAfterCompletion = 0
        var answersReplayed = 0
    }

    @Test func killNineMidRunThenResume() throws {
        let (directory, env, routines) = try AnswerScript.bundledStore()
        let store = directory.store
        var generator = SeededGenerator(seed: Self.seed)
        var figures = Figures()
        let started = Date()
        var trial = 0
        while figures.kills < Self.minimumKills {
            let (name, routine) = routines[trial % routines.count]
            let day = Self.day(trial)
            let script = AnswerScript(routine: routine, day: day, generator: &generator)
            try runTrial(
                name: name, script: script, store: store, env: env, generator: &generator, figures: &figures)
            trial += 1
            figures.trials = trial
        }
        #expect(try StoreProbe.integrity(store) == "ok")
        let elapsed = Date().timeIntervalSince(started)
        print(
            "reliability crash: \(figures.trials) trials, \(figures.kills) kills (\(figures.killsBeforeRun) before the run existed, "
                + "\(figures.killsWithProgress) after answers were recorded, \(figures.killsAfterCompletion) after completion), "
                + "\(figures.answersReplayed) answers replayed on resume, \(String(format: "%.1f", elapsed)) s")
    }

    /// kill -9 in the middle of a 20,000-row `import-entries` (one transaction): the
    /// store has all the rows or none, never part of them.
    @Test func killNineMidBulkImport() throws {
        let directory = try TemporaryDirectory()
        let store = directory.store
        let env = Binary.environment(store: store)
        var csv = "habit,dayKey,value,note\n"
        for row in 0..<20_000 { csv += "Bulk \(row % 20),\(Self.day(row % 2000)),\(row % 9),note \(row)\n" }
        let file = try directory.write("bulk.csv", csv)
        let started = Date()
        let first = try ReliabilityProcess.routine(["import-entries", "--new", file], environment: env, timeout: 120)
        try #require(first.status == 0, "\(first.stderr)")
        let duration = Date().timeIntervalSince(started)
        var generator = SeededGenerator(seed: 0xB01C)
        var counts: [Int] = []
        for _ in 0..<8 {
            let process = try ReliabilityProcess(Binary.url.path, ["import-entries", "--new", file], environment: env)
            usleep(UInt32(Double.random(in: 0...1.2, using: &generator) * duration * 1_000_000))
            process.kill9()
            #expect(try StoreProbe.integrity(store) == "ok")
            let count = try StoreProbe.count(store, "SELECT count(*) FROM habit_entry")
            #expect(count % 20_000 == 0, "a killed import left \(count) rows: part of a file")
            counts.append(count / 20_000)
        }
        print(
            "reliability crash: 8 kills mid import-entries (one import takes \(String(format: "%.2f", duration)) s); whole files in the store after each: \(counts)"
        )
    }

    /// One run on its own day: one to three kills at random points, each checked, then a
    /// resume that completes it.
    private func runTrial(
        name: String, script: AnswerScript, store: String, env: [String: String], generator: inout SeededGenerator,
        figures: inout Figures
    ) throws {
        let context = "\(name) on \(script.day), script \(script.lines)"
        var position = 0
        var runID: String?
        var completed = false
        let kills = Int.random(in: 1...3, using: &generator)
        for _ in 0..<kills where !completed {
            let arguments =
                runID.map { ["resume", $0, "--format", "json"] } ?? [
                    "run", name, "--day", script.day, "--format", "json",
                ]
            let locksBefore = Self.lockFiles(store)
            let process = try ReliabilityProcess(Binary.url.path, arguments, environment: env)
            let remaining = Array(script.lines[position...])
            let sent = feedThenKill(
                process, lines: remaining, generator: &generator,
                waitForClaim: runID == nil ? { Self.lockFiles(store).subtracting(locksBefore).isEmpty == false } : nil)
            figures.kills += 1
            // Whatever the process said or did, the store must now be sound and exact.
            #expect(try StoreProbe.integrity(store) == "ok", "integrity after a kill: \(context)")
            let runs = try StoreProbe.rows(store, "SELECT id, status FROM run WHERE day_key = '\(script.day)'")
            #expect(runs.count <= 1, "one run per trial day: \(runs)")
            guard let row = runs.first else {
                figures.killsBeforeRun += 1
                #expect(try StoreProbe.liveEntries(store, day: script.day) == [], "entries without a run: \(context)")
                continue
            }
            let fields = row.split(separator: "|").map(String.init)
            runID = fields[0]
            guard let snapshot = try StoreProbe.snapshot(store, run: fields[0]) else {
                Issue.record("run \(fields[0]) has no readable state")
                return
            }
            guard let reached = script.position(of: snapshot, in: position...(position + sent)) else {
                Issue.record(
                    "the stored state fits no answer between \(position) and \(position + sent): \(snapshot.steps) \(context)"
                )
                return
            }
            if reached > position { figures.killsWithProgress += 1 }
            position = reached
            let live = try StoreProbe.liveEntries(store, day: script.day)
            #expect(live == script.entries[position], "after \(position) answers: \(context)")
            #expect(Set(live).count == live.count, "a habit with two live entries on one day: \(live)")
            if fields[1] == "completed" {
                figures.killsAfterCompletion += 1
                completed = true
            } else {
                // A run whose process is gone counts as paused, whatever its record says.
                let runs = try ReliabilityProcess.routine(["runs"], environment: env)
                let line = runs.stdout.split(separator: "\n").first { $0.hasPrefix(fields[0].prefix(8)) }
                #expect(
                    line?.hasSuffix("paused") == true,
                    "after a kill 'routine runs' says \(line ?? "nothing"): \(context)")
            }
        }
        if !completed {
            let rest = script.lines[position...].map { $0 + "\n" }.joined()
            figures.answersReplayed += script.lines.count - position
            let arguments =
                runID.map { ["resume", $0, "--format", "json"] } ?? [
                    "run", name, "--day", script.day, "--format", "json",
                ]
            let result = try ReliabilityProcess.routine(arguments, environment: env, input: rest)
            #expect(result.status == 0, "resume: \(result.termination) \(result.stderr) \(context)")
            let transcript = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(
                transcript?["status"] as? String == "completed",
                "resume ended \(transcript?["status"] ?? "-"): \(context)")
            let written = (transcript?["entries"] as? [[String: Any]] ?? []).map {
                StoreProbe.entryLine(
                    habit: $0["habit"] as? String ?? "?", day: $0["dayKey"] as? String ?? "?",
                    value: $0["value"] as? Double)
            }.sorted()
            #expect(written == script.finalEntries, "transcript entries: \(context)")
        }
        #expect(try StoreProbe.liveEntries(store, day: script.day) == script.finalEntries, "final entries: \(context)")
        #expect(
            try StoreProbe.rows(store, "SELECT status FROM run WHERE day_key = '\(script.day)'") == ["completed"],
            "final run status: \(context)")
    }

    /// Feeds lines slowly and kills the process at a random point: after a random number
    /// of lines, or (one time in three) at a random instant with every line sent at once.
    /// Returns how many lines were sent.
    ///
    /// In the slow mode a new run's answers start once the run has been claimed
    /// (`waitForClaim`: its lock file exists), so that most kills land among writes
    /// rather than during start-up; the instant mode covers start-up too.
    private func feedThenKill(
        _ process: ReliabilityProcess, lines: [String], generator: inout SeededGenerator, waitForClaim: (() -> Bool)?
    ) -> Int {
        var sent = 0
        if Int.random(in: 0..<3, using: &generator) == 0 {
            process.write(lines.map { $0 + "\n" }.joined())
            sent = lines.count
            usleep(UInt32.random(in: 0...250_000, using: &generator))
        } else {
            if let waitForClaim {
                let deadline = Date().addingTimeInterval(10)
                while !waitForClaim(), !process.hasEnded, Date() < deadline { usleep(2_000) }
            }
            usleep(UInt32.random(in: 0...30_000, using: &generator))
            let stopAfter = Int.random(in: 0...lines.count, using: &generator)
            for line in lines.prefix(stopAfter) {
                guard process.write(line + "\n") else { break }
                sent += 1
                usleep(UInt32.random(in: 1_000...15_000, using: &generator))
            }
            usleep(UInt32.random(in: 0...20_000, using: &generator))
        }
        process.kill9()
        return sent
    }

    /// The run lock files beside the store (`STORE.runs/ID.lock`, made when a run is
    /// claimed and removed when it finishes).
    static func lockFiles(_ store: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: store + ".runs")) ?? [])
    }

    static func day(_ trial: Int) -> String {
        let start = DayKey("2025-01-01")!
        return DayKey(ordinal: start.ordinal + trial).description
    }
}
