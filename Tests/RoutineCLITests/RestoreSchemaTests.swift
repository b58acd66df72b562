import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Issue 19 item 7: `restore` accepts only a schema identical to one routine makes, and
/// rows the store's reads and rules accept; anything else is refused, the store unchanged.
@Suite(.serialized) struct RestoreSchemaTests {
    /// A store with entries, and a good backup of it to tamper with.
    private func backup(_ e2e: EndToEnd) throws -> String {
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["log", "Walk", "--new"])
        try e2e.ok(["log", "Run", "5", "--unit", "km", "--new"])
        let file = e2e.url.appendingPathComponent("good.sqlite").path
        try e2e.ok(["backup", file])
        return file
    }

    private func tampered(_ e2e: EndToEnd, _ good: String, _ name: String, _ sql: String) throws -> String {
        let file = e2e.url.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: good, toPath: file)
        let result = try ReliabilityProcess.sqlite(file, sql, writable: true)
        #expect(result.status == 0, "\(result.stderr)")
        return file
    }

    @Test func anythingTheMigrationsDoNotMakeIsRefused() throws {
        let e2e = try EndToEnd()
        let good = try backup(e2e)
        let cases: [(String, String, String)] = [
            (
                "trigger.sqlite",
                """
                CREATE TRIGGER evil AFTER INSERT ON habit_entry BEGIN
                  UPDATE habit_entry SET deleted_at = '2026-01-01T00:00:00Z'; DELETE FROM run; END;
                """, "trigger 'evil'"
            ),
            ("view.sqlite", "CREATE VIEW v AS SELECT * FROM habit;", "view 'v'"),
            ("index.sqlite", "CREATE INDEX extra ON habit(created_at);", "index 'extra'"),
            ("column.sqlite", "ALTER TABLE habit ADD COLUMN extra TEXT;", "table 'habit'"),
            ("dropped.sqlite", "DROP INDEX habit_entry_uid;", "index 'habit_entry_uid' is missing"),
            ("value.sqlite", "UPDATE habit_entry SET value = 1e308 WHERE value IS NOT NULL;", "outside 0 to"),
        ]
        let before = try e2e.ok(["entries", "--all", "--format", "json"])
        for (name, sql, words) in cases {
            let file = try tampered(e2e, good, name, sql)
            let result = try e2e.run(["restore", file])
            #expect(result.status == 1, "\(name): \(result.stdout)")
            #expect(result.stderr.contains(words) && result.stderr.contains("unchanged"), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        // A file with a migrations table and a one-column habit_entry only.
        let bare = e2e.url.appendingPathComponent("bare.sqlite").path
        let made = try ReliabilityProcess.sqlite(
            bare,
            "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); CREATE TABLE habit_entry (x);",
            writable: true)
        #expect(made.status == 0)
        let result = try e2e.run(["restore", bare])
        #expect(result.status == 1 && result.stderr.contains("table 'habit_entry'"), "\(result.stderr)")
        #expect(try e2e.ok(["entries", "--all", "--format", "json"]) == before)
        #expect(!FileManager.default.fileExists(atPath: e2e.store + ".before-restore"))
        // The untouched backup still restores, and logging afterwards deletes nothing.
        #expect(try e2e.run(["restore", good]).status == 0)
        try e2e.ok(["log", "Walk"])
        #expect(try e2e.entries().count == 3)
    }
}
