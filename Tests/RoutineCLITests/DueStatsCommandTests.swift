import EndToEndSupport
import Foundation
import Testing

/// Due-aware `stats` through the real binary (SPEC §10.5): `due` and `dueDays`, streaks
/// that a schedule or a pause does not break, and the heat map's not-due days.
@Suite(.serialized) struct DueStatsCommandTests {
    private func row(_ e2e: EndToEnd, _ arguments: [String] = []) throws -> [String: Any] {
        let rows = try #require(
            try e2e.json(["stats", "Strength", "--format", "json"] + arguments) as? [[String: Any]])
        return try #require(rows.first)
    }

    @Test func aMonWedFriHabitIsNotDueOnSundayAndKeepsItsStreak() throws {
        let e2e = try EndToEnd()
        // ROUTINE_NOW's DayKey is Sunday 2026-11-22.
        for day in ["2026-11-16", "2026-11-18", "2026-11-20"] {
            try e2e.ok(["log", "Strength", "--day", day, "--new"])
        }
        try e2e.ok(["habit", "schedule", "Strength", "--days", "mon,wed,fri"])
        let sunday = try row(e2e)
        #expect(sunday["due"] as? Bool == false)
        #expect(sunday["dueDays"] as? Int == 3)
        #expect(sunday["momentum"] as? Int == 3)
        #expect(sunday["currentStreak"] as? Int == 3)
        let table = try e2e.ok(["stats", "Strength"])
        #expect(table.contains("3/3"))
        let map = try e2e.ok(["stats", "Strength", "--heatmap", "--weeks", "1"])
        #expect(map.contains("Tue –"))
        #expect(map.contains("– not due"))
    }

    @Test func aHolidayPauseKeepsADailyStreakAndUnpauseBreaksIt() throws {
        let e2e = try EndToEnd()
        for day in ["2026-11-15", "2026-11-16", "2026-11-21", "2026-11-22"] {
            try e2e.ok(["log", "Strength", "--day", day, "--new"])
        }
        #expect(try row(e2e)["currentStreak"] as? Int == 2)
        try e2e.ok(["pause", "--from", "2026-11-17", "--to", "2026-11-20", "--note", "holiday"])
        let paused = try row(e2e)
        #expect(paused["currentStreak"] as? Int == 4)
        #expect(paused["dueDays"] as? Int == 3)
        #expect(paused["due"] as? Bool == true)
        try e2e.ok(["unpause", "1"])
        #expect(try row(e2e)["currentStreak"] as? Int == 2)
    }
}
