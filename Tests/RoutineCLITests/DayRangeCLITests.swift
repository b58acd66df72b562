import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Issue 19 item 11: date words that land outside 0001-01-01…9999-12-31 are a usage
/// error, never a day stored out of range or shown as another.
@Suite struct DayRangeCLITests {
    @Test func wordsBeforeTheFirstDayAreRefused() throws {
        let e2e = try EndToEnd(extra: ["ROUTINE_NOW": "0001-01-01T12:00:00Z"])
        try e2e.ok(["log", "Read", "--new"])
        for arguments in [
            ["log", "Read", "--day", "yesterday"], ["log", "Read", "--day", "-3"],
            ["pause", "Read", "--from", "yesterday", "--to", "today"],
            ["entries", "--from", "yesterday"], ["run", "x", "--day", "yesterday"],
        ] {
            let result = try e2e.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stdout)")
            #expect(result.stderr.contains("outside 0001-01-01…9999-12-31"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM habit_entry") == 1)
        #expect(try StoreProbe.count(e2e.store, "SELECT count(*) FROM pause") == 0)
    }

    @Test func farBackIsAUsageErrorNotAConstraintFailure() throws {
        let e2e = try EndToEnd(extra: ["ROUTINE_NOW": "0100-03-01T12:00:00Z"])
        try e2e.ok(["log", "Read", "--new"])
        let result = try e2e.run(["log", "Read", "--day", "-99999"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("CHECK"), "\(result.stderr)")
        #expect(try e2e.entries().count == 1)
    }

    @Test func planStopsAtTheLastDay() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let json = try e2e.ok(["plan", "--from", "9999-12-29", "--format", "json"])
        #expect(json.contains(#""days":["9999-12-29","9999-12-30","9999-12-31"]"#), "\(json)")
        #expect(!json.contains("10000"), "\(json)")
        let grid = try e2e.ok(["plan", "--from", "9999-12-29"])
        #expect(grid.contains("Wed Thu Fri\n"), "\(grid)")
    }
}
