import EndToEndSupport
import Foundation
import Testing

/// `routine import-from` through the binary: what a person sees, exit statuses, and
/// that a refused import leaves the store as it was.
@Suite struct ImportFromCommandTests {
    static let habitBull = """
        HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText
        Read,Read a book,Learning,2026-01-01,1,good chapter
        Water,Glasses,Health,2026-01-03,8,
        Water,Glasses,Health,2026-01-04,1,

        """

    @Test func importTwiceThenDryRun() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write("habitbull.csv", Self.habitBull)
        let first = try e2e.ok(["import-from", "habitbull", path])
        #expect(first.contains("  Read (new): binary, daily; 1 entries"))
        #expect(first.contains("  Water (new): quantity (count), daily; 2 entries"))
        #expect(first.hasSuffix("3 new (3 entries, 0 skips); 0 already imported\n"))
        let second = try e2e.ok(["import-from", "habitbull", path])
        #expect(second.contains("  Read (existing)"))
        #expect(second.hasSuffix("0 new; 3 already imported\n"))
        #expect(try e2e.entries().count == 3)
        let dry = try e2e.json(["import-from", "habitbull", path, "--dry-run", "--format", "json"]) as? [String: Any]
        #expect(dry?["dryRun"] as? Bool == true)
        #expect(dry?["newEntries"] as? Int == 0)
        #expect(dry?["alreadyImported"] as? Int == 3)
        #expect((dry?["habits"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Read", "Water"])
        #expect(
            (dry?["habits"] as? [[String: Any]])?.map { $0["description"] as? String } == ["Read a book", "Glasses"])
    }

    /// Daylio's moods are answers of a routine `daylio` that `run`, `answers` and `show` know.
    @Test func daylioMoodsAreAnswersOfARoutine() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write(
            "daylio.csv",
            """
            full_date,date,weekday,time,mood,activities,note_title,note
            2026-01-02,January 2,Friday,21:00,good,walk,,
            2026-01-01,January 1,Thursday,08:00,meh,walk,,

            """)
        let first = try e2e.ok(["import-from", "daylio", path])
        #expect(first.contains("  routine daylio (new): mood with 2 options; 2 answers\n"))
        #expect(first.hasSuffix("4 new (2 entries, 0 skips, 2 answers); 0 already imported\n"))
        #expect(try e2e.ok(["answers", "mood"]).contains("2026-01-01  meh\n  2026-01-02  good"))
        let second = try e2e.ok(["import-from", "daylio", path])
        #expect(second.contains("  routine daylio (existing): mood with 2 options; 2 answers\n"))
        #expect(second.hasSuffix("0 new; 4 already imported\n"))
    }

    /// HabitBull's HabitDescription is the habit's description: `habits`, its JSON and
    /// `habit describe` show it, and `habit describe` changes it (SPEC §18.2).
    @Test func descriptionsAreShownAndSetByHand() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write("habitbull.csv", Self.habitBull)
        _ = try e2e.ok(["import-from", "habitbull", path])
        let habits = try e2e.ok(["habits"])
        #expect(habits.split(separator: "\n").contains { $0.hasPrefix("Read") && $0.hasSuffix("Read a book") })
        let json = try e2e.json(["habits", "--format", "json"]) as? [[String: Any]]
        #expect(json?.map { $0["description"] as? String } == ["Read a book", "Glasses"])
        #expect(json?.map { $0["kind"] as? String } == ["binary", "quantity"])
        #expect(try e2e.ok(["habit", "describe", "read"]) == "Read: Read a book\n")
        #expect(try e2e.ok(["habit", "describe", "Read", "A chapter a day"]) == "Read: A chapter a day\n")
        #expect(try e2e.ok(["habit", "describe", "Read", "--clear"]) == "Read: (no description)\n")
        let json2 = try e2e.json(["habits", "--format", "json"]) as? [[String: Any]]
        #expect(json2?.first?["description"] is NSNull)
        #expect(try e2e.run(["habit", "describe", "Read", "x", "--clear"]).status == 64)
        #expect(try e2e.run(["habit", "describe", "Nope", "x"]).status == 1)
    }

    /// Daylio's note is its answer's note: `answers` shows it, as text and JSON; the CSV
    /// keeps its documented columns.
    @Test func daylioNotesAreShownWithTheAnswers() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write(
            "daylio.csv",
            """
            full_date,date,weekday,time,mood,activities,note_title,note
            2026-01-02,January 2,Friday,21:00,good,walk,,"by the sea
            windy"
            2026-01-01,January 1,Thursday,08:00,meh,walk,,

            """)
        _ = try e2e.ok(["import-from", "daylio", path])
        #expect(try e2e.ok(["answers", "mood"]).contains("2026-01-01  meh\n  2026-01-02  good  — by the sea windy\n"))
        let json = try e2e.json(["answers", "--format", "json"]) as? [[String: Any]]
        #expect(json?.map { $0["note"] as? String } == [nil, "by the sea\nwindy"])
        let csv = try e2e.ok(["answers", "--format", "csv"])
        #expect(csv.hasPrefix("uid,dayKey,routine,node,question,answer,option,timestamp,timeZone\n"))
    }

    @Test func dryRunIntoAFreshStoreWritesNothing() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write("habitbull.csv", Self.habitBull)
        let dry = try e2e.ok(["import-from", "habitbull", path, "--dry-run"])
        #expect(dry.contains("(dry run: nothing written)"))
        #expect(dry.hasSuffix("3 would be new (3 entries, 0 skips); 0 already imported\n"))
        #expect(try e2e.entries().isEmpty)
        #expect(try e2e.ok(["habits"]).contains("Read") == false)
    }

    @Test func badInputIsOneLineAndExitOne() throws {
        let e2e = try EndToEnd()
        _ = try e2e.ok(["log", "Water", "--new"])
        let bad = try e2e.folder.write("bad.csv", Self.habitBull + "Read,,,2026-13-01,1,\n")
        let result = try e2e.run(["import-from", "habitbull", bad])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "routine: \(bad):5: CalendarDate 2026-13-01 is not yyyy-MM-dd or MM/dd/yyyy; nothing was imported\n")
        // Water is binary here, a quantity in the file.
        let good = try e2e.folder.write("habitbull.csv", Self.habitBull)
        let conflict = try e2e.run(["import-from", "habitbull", good])
        #expect(conflict.status == 1)
        #expect(conflict.stderr.hasPrefix("routine: \(good): measure conflict: habit 'Water' is"))
        #expect(conflict.stderr.hasSuffix("; nothing was imported\n"))
        #expect(try e2e.entries().count == 1)
        let usage = try e2e.run(["import-from", "fitbit", good])
        #expect(usage.status == 64)
    }
}
