import EndToEndSupport
import Foundation
import RoutineCore
import Testing

/// Issue 31 items 11, 15, 17, 19 and 20 through the real binary on the fixed clock
/// (2026-11-22 06:30 UTC): figures that were wrong, units that were missing, a store that
/// could not be made and left folders behind, and the version a newer store names.
@Suite struct DailyUseFaultTests {
    private static let answersHeader = "uid,dayKey,routine,node,question,answer,option,timestamp,timeZone"

    // MARK: item 11

    @Test func answersAfterTodayDoNotMakeTheCalendarCountNegative() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let rows = [
            ",2026-11-20,morning-checkin,feeling,,Okay,,,", ",2026-11-24,morning-checkin,feeling,,Great!,,,",
            ",2026-11-25,morning-checkin,feeling,,Great!,,,",
        ]
        let file = try e2e.folder.write("future.csv", ([Self.answersHeader] + rows).joined(separator: "\n") + "\n")
        try e2e.ok(["import-answers", file])
        let calendar = try e2e.ok(["answers", "feeling", "--calendar"])
        let legend = calendar.split(separator: "\n").suffix(4).map(String.init)
        // 326 days from 1 January to today; one of them answered; days after today are blank.
        #expect(
            legend == ["● Great!         0", "▲ Okay           1", "■ Not so good    0", "· no answer    325"],
            "\(calendar)")
    }

    @Test func aRunIdTooShortIsAUsageError() throws {
        let e2e = try EndToEnd()
        let result = try e2e.run(["runs", "show", "abc"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("routine: "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: item 15

    @Test func theUnitFlagConvertsAsATypedUnitDoes() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Walk", "800", "--unit", "m", "--new"])
        #expect(try e2e.ok(["log", "Walk", "1.5", "--unit", "km"]).hasPrefix("logged Walk 1500 m on 2026-11-22"))
        #expect(try e2e.ok(["log", "Walk", "1.5km"]).hasPrefix("logged Walk 1500 m on 2026-11-22"))
        #expect(try e2e.ok(["log", "Walk", "20", "--unit", "m"]).hasPrefix("logged Walk 20 m on 2026-11-22"))
        let other = try e2e.run(["log", "Walk", "2", "--unit", "kg"])
        #expect(other.status == 1)
        #expect(other.stderr.hasPrefix("routine: Walk: "), "\(other.stderr)")
        let twice = try e2e.run(["log", "Walk", "2km", "--unit", "mi"])
        #expect(twice.status == 64)
        #expect(twice.stderr.hasPrefix("routine: the amount '2km' has its own unit; --unit mi says another"))
        let values = try e2e.entries().compactMap { $0["value"] as? Double }
        #expect(values == [800, 1500, 1500, 20])
    }

    // MARK: item 17

    @Test func runsShowAndEditNameTheUnit() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin"], input: EndToEnd.lines(["1", "20", "y", "y"]))
        let runs = try e2e.ok(["runs"])
        let id = try #require(runs.split(separator: " ").first.map(String.init))
        let shown = try e2e.ok(["runs", "show", id])
        #expect(shown.contains("done 20 min"), "\(shown)")
        #expect(!shown.contains("done 20\n"))
        let meditate = try #require(try e2e.entries().first { $0.string("habit") == "Meditate" })
        let entry = try #require(meditate.string("id"))
        #expect(
            try e2e.ok(["edit", entry, "--value", "100"])
                == "entry \(entry): Meditate on 2026-11-22 is now 100 min\n")
    }

    @Test func answersShowTheQuestionInColumns() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin", "evening-journal"])
        try e2e.run(["run", "morning-checkin", "--day", "yesterday"], input: EndToEnd.lines(["1", "abort"]))
        try e2e.run(["run", "morning-checkin"], input: EndToEnd.lines(["3", "abort"]))
        #expect(
            try e2e.ok(["answers"]) == """
                2026-11-21  How are you feeling today?  Great!
                2026-11-22  How are you feeling today?  Not so good

                """)
    }

    // MARK: item 19

    @Test func aStorePathTooLongCreatesNothing() throws {
        let e2e = try EndToEnd()
        let base = e2e.url.appendingPathComponent("deep").path
        let path = base + String(repeating: "/" + String(repeating: "a", count: 99), count: 60) + "/store.sqlite"
        #expect(path.utf8.count > 6_000)
        let result = try e2e.run(["log", "Walk", "--new", "--store", path])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("too long"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: base))
    }

    // MARK: item 20

    @Test func theVersionIsTheNewOne() throws {
        #expect(RoutineVersion.current == "0.22.0")
        #expect(try EndToEnd().ok(["--version"]) == "0.22.0\n")
    }

    @Test func aStoreFromANewerVersionNamesThatVersion() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Walk", "--new"])
        let sql = Process()
        sql.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sql.arguments = [
            e2e.store,
            "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future'); "
                + "UPDATE store_release SET version = '0.99.0';",
        ]
        try sql.run()
        sql.waitUntilExit()
        #expect(sql.terminationStatus == 0)
        let result = try e2e.run(["list"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "routine: the store \(e2e.store) was made by routine 0.99.0 (this is 0.22.0); "
                + "upgrade routine to use it\n")
    }
}
