import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A store whose values were edited by hand into ones that do not read back (issue 17
/// item 4): every command that reads them says so in one line naming the table, the row
/// and the column, exits 1, and leaves the store as it was. Before, `entries` showed a
/// day `2026-02-30` as 1970-01-01 and `runs` a status `done` as aborted.
@Suite(.serialized) struct DamagedStoreCLITests {
    private func damage(_ e2e: EndToEnd, _ sql: String) throws {
        let result = try ReliabilityProcess.sqlite(
            e2e.store, "PRAGMA ignore_check_constraints = ON; \(sql)", writable: true)
        try #require(result.status == 0, "\(sql): \(result.stderr)")
    }

    private func expectDamaged(_ e2e: EndToEnd, _ arguments: [String], _ detail: String) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: e2e.store))
        let result = try e2e.run(arguments)
        let lines = result.stderr.split(separator: "\n")
        #expect(result.status == 1, "\(arguments): \(result.stdout)\(result.stderr)")
        #expect(lines.count == 1 && lines.first?.contains("is damaged (\(detail))") == true, "\(result.stderr)")
        #expect(!result.stdout.contains("1970"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: e2e.store)) == before)
    }

    @Test func aDamagedDayIsOneLineAndExitOne() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Stretch", "--day", "2026-11-22"])
        try damage(e2e, "UPDATE habit_entry SET day_key = '2026-02-30'")
        let detail = "table habit_entry, row 1: day_key holds '2026-02-30', not a day (YYYY-MM-DD)"
        // stats, today and review read the day through the ledger's scan (LedgerScan).
        for arguments in [
            ["entries"], ["entries", "--format", "csv"], ["stats", "--day", "2026-11-22"], ["today"], ["review"],
        ] {
            try expectDamaged(e2e, arguments, detail)
        }
    }

    /// The ledger's scans read no row id: a damaged value makes them read the rows again,
    /// and the row named is the damaged one, not an earlier row whose value is empty
    /// (which the column allows).
    @Test func aDamagedValueAfterAnEmptyOneNamesItsOwnRow() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "--new", "Stretch", "--day", "2026-11-21"])
        try e2e.ok(["log", "Stretch", "--day", "2026-11-22"])
        try damage(e2e, "UPDATE habit_entry SET value = 'abc' WHERE id = 2")
        for arguments in [["stats", "--day", "2026-11-22"], ["today"], ["review"]] {
            let result = try e2e.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("(table habit_entry, row 2: value "), "\(arguments): \(result.stderr)")
        }
    }

    @Test func aDamagedRunStatusIsOneLineAndExitOne() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin", "--day", "2026-11-22"], input: "")
        try damage(e2e, "UPDATE run SET status = 'done'")
        let id = try #require(
            try ReliabilityProcess.sqlite(e2e.store, "SELECT id FROM run").stdout.split(separator: "\n").first)
        try expectDamaged(
            e2e, ["runs"],
            "table run, row \(id): status holds 'done', not a run status (active, paused, completed, aborted)")
    }
}
