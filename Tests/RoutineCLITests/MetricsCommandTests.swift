import EndToEndSupport
import Foundation
import Testing

/// `stats`, `today`, `habits` and `goal` through the real binary: figures derived from
/// the entries a person logged, exactly as SPEC §6 defines them.
@Suite(.serialized) struct MetricsCommandTests {
    /// Meditate on the 19th, 20th, 21st (not yet today, the 22nd); Run 5 km on the
    /// 18th and 7 km on the 22nd.
    private func history() throws -> EndToEnd {
        let e2e = try EndToEnd()
        for day in ["2026-11-19", "2026-11-20", "2026-11-21"] {
            try e2e.ok(["log", "--new", "Meditate", "10", "--unit", "min", "--day", day])
        }
        try e2e.ok(["log", "--new", "Run", "5", "--unit", "km", "--day", "2026-11-18"])
        try e2e.ok(["log", "--new", "Run", "7", "--unit", "kilometres"])
        return e2e
    }

    private func row(_ rows: Any, _ habit: String) throws -> [String: Any] {
        let array = try #require(rows as? [[String: Any]])
        return try #require(array.first { $0["habit"] as? String == habit })
    }

    @Test func statsJSONHasTheSpecsFiguresForEachHabit() throws {
        let e2e = try history()
        let rows = try e2e.json(["stats", "--format", "json"])
        let meditate = try row(rows, "Meditate")
        #expect(meditate["doneToday"] as? Bool == false)
        // Not done yet today: open, not a break (SPEC §17.2).
        #expect(meditate["currentStreak"] as? Int == 3)
        #expect(meditate["previousStreak"] as? Int == 3)
        #expect(meditate["bestStreak"] as? Int == 3)
        #expect(meditate["momentum"] as? Int == 3)
        #expect(meditate["weekCount"] as? Int == 3)
        #expect(meditate["weekSum"] as? Double == 30)
        let run = try row(rows, "Run")
        #expect(run["doneToday"] as? Bool == true)
        #expect(run["currentStreak"] as? Int == 1)
        #expect(run["weekSum"] as? Double == 12)
        // A reference day in the past sees only the entries up to it.
        let earlier = try e2e.json(["stats", "Meditate", "--day", "2026-11-20", "--format", "json"])
        #expect(try row(earlier, "Meditate")["currentStreak"] as? Int == 2)
    }

    @Test func deletingAnEntryChangesTheFiguresAndNothingElseIsStored() throws {
        let e2e = try history()
        let entries = try #require(
            try e2e.json(["entries", "--habit", "Meditate", "--format", "json"]) as? [[String: Any]])
        let middle = try #require(entries.first { $0["dayKey"] as? String == "2026-11-20" }?["id"] as? String)
        try e2e.ok(["delete", middle])
        let meditate = try row(try e2e.json(["stats", "--format", "json"]), "Meditate")
        #expect(meditate["previousStreak"] as? Int == 1)
        #expect(meditate["bestStreak"] as? Int == 1)
        #expect(meditate["weekCount"] as? Int == 2)
        // Logging it again restores every figure: they are derived, never stored.
        try e2e.ok(["log", "--new", "Meditate", "10", "--day", "2026-11-20"])
        let restored = try row(try e2e.json(["stats", "--format", "json"]), "Meditate")
        #expect(restored["previousStreak"] as? Int == 3)
        #expect(restored["bestStreak"] as? Int == 3)
    }

    @Test func todayAndHabitsAreFramedPositively() throws {
        let e2e = try history()
        let today = try e2e.ok(["today"])
        #expect(today.contains("Run"))
        #expect(today.contains("Meditate"))
        for word in ["missed", "failed", "overdue"] { #expect(!today.lowercased().contains(word)) }
        let habits = try e2e.ok(["habits"])
        #expect(habits.contains("Meditate"))
        #expect(habits.contains("min (time)"))
        #expect(habits.contains("a 3-day streak to continue"))
    }

    @Test func heatmapShowsTheDoneDays() throws {
        let e2e = try history()
        let map = try e2e.ok(["stats", "Meditate", "--heatmap", "--weeks", "2"])
        #expect(map.contains("Meditate"))
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let grid = map.split(separator: "\n").filter { line in weekdays.contains { line.hasPrefix($0) } }
        #expect(grid.count == 7)
        #expect(grid.joined().filter { $0 == "█" }.count == 3, "\(map)")
        let missing = try e2e.run(["stats", "--heatmap"])
        #expect(missing.status == 64)
    }

    @Test func goalsAddLinkShowAndDelete() throws {
        let e2e = try history()
        let added = try e2e.ok([
            "goal", "add", "Run 120 km", "--target", "120", "--unit", "km", "--from", "2026-11-01", "--to",
            "2026-12-31",
            "--habit", "Run",
        ])
        #expect(added.contains("added goal 1"))
        let shown = try e2e.ok(["goal", "show", "1"])
        #expect(shown.contains("12"), "\(shown)")
        #expect(shown.contains("120"), "\(shown)")
        let list = try e2e.ok(["goal", "list"])
        #expect(list.contains("Run 120 km"))
        // A time habit cannot count towards a distance goal: a clear line, exit 1.
        let wrongUnit = try e2e.run(["goal", "link", "1", "Meditate"])
        #expect(wrongUnit.status == 1)
        #expect(wrongUnit.stderr.hasPrefix("routine: "))
        #expect(wrongUnit.stderr.split(separator: "\n").count == 1)
        try e2e.ok(["goal", "unlink", "1", "Run"])
        #expect(try e2e.ok(["goal", "show", "1"]).contains("0"))
        try e2e.ok(["goal", "delete", "1"])
        #expect(try e2e.ok(["goal", "list"]).contains("No goals yet"))
        #expect(try e2e.run(["goal", "show", "1"]).status == 1)
    }
}
