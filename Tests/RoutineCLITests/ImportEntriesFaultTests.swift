import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Issue 19 item 13: `import-entries` of rows without a uid, and of habits the store
/// does not have.
@Suite struct ImportEntriesFaultTests {
    @Test func rowsWithoutUIDThatAreStoredAreSkipped() throws {
        let e2e = try EndToEnd()
        let withTimes = try e2e.folder.write(
            "times.csv",
            """
            habit,dayKey,value,note,timestamp
            Read,2026-11-20,,,2026-11-20T20:00:00Z
            Run,2026-11-20,5,easy,2026-11-20T07:00:00Z
            Run,2026-11-21,5,,2026-11-21T07:00:00Z

            """)
        #expect(try e2e.ok(["import-entries", "--new", withTimes]) == "imported 3 entries from \(withTimes)\n")
        #expect(
            try e2e.ok(["import-entries", withTimes])
                == "imported 0 entries from \(withTimes); 3 already present\n")
        // Without timestamps (the time of the import stands in), on a later day too.
        let bare = try e2e.folder.write("bare.csv", "habit,dayKey,value\nRun,2026-11-19,3\nRun,2026-11-19,3\n")
        #expect(try e2e.ok(["import-entries", bare]) == "imported 2 entries from \(bare)\n")
        let later = try e2e.ok(["import-entries", bare], extra: ["ROUTINE_NOW": "2026-11-25T10:00:00Z"])
        #expect(later == "imported 0 entries from \(bare); 2 already present\n")
        // A row that differs in one field is a new entry.
        let changed = try e2e.folder.write(
            "changed.csv", "habit,dayKey,value,note,timestamp\nRun,2026-11-20,5,hard,2026-11-20T07:00:00Z\n")
        #expect(try e2e.ok(["import-entries", changed]) == "imported 1 entry from \(changed)\n")
        #expect(try e2e.entries().count == 6)
    }

    @Test func unknownHabitsNeedNew() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Meditate", "10", "--unit", "min", "--new"])
        let csv = try e2e.folder.write("typo.csv", "habit,dayKey,value\nMeditate,2026-11-20,5\nMeditat,2026-11-21,5\n")
        let result = try e2e.run(["import-entries", csv])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "routine: \(csv):3:1: no habit named 'Meditat'; did you mean 'Meditate'? --new creates the habits; nothing was imported\n"
        )
        #expect(try e2e.entries().count == 1)
        #expect(try e2e.ok(["habits"]).contains("Meditat ") == false)
        #expect(try e2e.ok(["import-entries", "--new", csv]) == "imported 2 entries from \(csv)\n")
    }

    @Test func helpPointsAtBackupForAWholeCopy() throws {
        let e2e = try EndToEnd()
        let help = try e2e.ok(["import-entries", "--help"])
        #expect(help.contains("'routine backup' copies"), "\(help)")
        #expect(!(try e2e.ok(["entries", "--help"])).contains("backup format"))
    }
}
