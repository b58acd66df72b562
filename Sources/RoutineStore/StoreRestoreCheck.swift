import Foundation
import GRDB
import RoutineCore

/// What `restore` checks of a backup beyond "SQLite reads it whole" (issue 19 item 7).
///
/// A backup is a file anyone could have written. Its schema is SQL that SQLite runs
/// later on our behalf (a trigger runs on every insert, a view on every read), so a
/// backup is accepted only when its schema is exactly one this version of routine makes:
/// every table, column, index and trigger of `sqlite_master`, compared to the schema
/// the migrations produce in memory after the same migrations, with nothing extra and
/// nothing missing. Its rows are then read as the store reads them, and the values the
/// schema's CHECKs cannot bound (a value above `Quantity.maximum`) are checked as `log`
/// checks them.
enum StoreRestoreCheck {
    /// One row of `sqlite_master`.
    struct SchemaObject: Hashable, Comparable, CustomStringConvertible {
        var type: String
        var name: String
        var sql: String?

        static func < (a: Self, b: Self) -> Bool { (a.type, a.name) < (b.type, b.name) }

        var description: String { "\(type) '\(name)'" }
    }

    /// The first way the schema differs from the one `applied` migrations (in their
    /// order) make, in words; nil when it is that schema exactly.
    static func checkSchema(_ db: Database, applied: [String]) throws -> String? {
        let known = StoreMigrations.all.map(\.0)
        guard Set(applied) == Set(known.prefix(applied.count)), Set(applied).count == applied.count else {
            return "its migrations (\(applied.joined(separator: ", "))) are not a sequence routine applies"
        }
        let found = try schema(db)
        // A store set up for sync also has the capture triggers `enableSync` makes.
        let syncing =
            applied.contains("v6-sync") && found.contains { $0.type == "trigger" && $0.name.hasPrefix("sync_") }
        let expected = try expectedSchema(migrations: applied.count, capturing: syncing)
        if let extra = found.first(where: { !expected.contains($0) }) {
            let differs = expected.contains { $0.type == extra.type && $0.name == extra.name }
            return differs
                ? "its \(extra) is not the one routine makes"
                : "it holds a \(extra) that routine never makes"
        }
        if let missing = expected.first(where: { !found.contains($0) }) {
            return "its \(missing) is missing"
        }
        return nil
    }

    /// Values the schema cannot bound, checked as `log` and `goal add` check them: the
    /// first offending row in words, or nil.
    static func checkValues(_ db: Database) throws -> String? {
        let maximum = Quantity.maximum
        let checks: [(String, String)] = [
            ("SELECT id FROM habit_entry WHERE value IS NOT NULL AND NOT (value BETWEEN 0 AND ?)", "entry"),
            (
                "SELECT id FROM habit WHERE (target IS NOT NULL AND NOT (target BETWEEN 0 AND ?1)) OR (weekly IS NOT NULL AND NOT (weekly BETWEEN 0 AND ?1))",
                "habit"
            ),
            ("SELECT id FROM goal WHERE NOT (target > 0 AND target <= ?)", "goal"),
        ]
        for (sql, what) in checks {
            if let id = try Int64.fetchOne(db, sql: sql, arguments: [maximum]) {
                return "\(what) \(id) holds a number outside 0 to \(JSONValue.numberText(maximum))"
            }
        }
        return nil
    }

    static func schema(_ db: Database) throws -> Set<SchemaObject> {
        let rows = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master")
        return Set(rows.map { SchemaObject(type: $0[0], name: $0[1], sql: $0[2]) })
    }

    /// The schema of a fresh store after the first `count` migrations, made in memory.
    static func expectedSchema(migrations count: Int, capturing: Bool = false) throws -> Set<SchemaObject> {
        let queue = try DatabaseQueue()
        _ = try StoreMigrations.migrate(queue, path: ":memory:", upTo: count)
        if capturing { try queue.write { try $0.execute(sql: SyncSchema.captureTriggers(migrations: count)) } }
        return try queue.read { try schema($0) }
    }
}

extension AppDatabase {
    /// Reads every record of the store at `path` as the commands read them (habits,
    /// goals, pauses, every version of every routine, runs, entries deleted or not): a
    /// row a read would refuse is refused now, before the file becomes the store.
    static func readEverything(at path: String) throws {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        let store = AppDatabase(checking: queue, path: path)
        _ = try store.habits.all()
        _ = try store.goals.all()
        _ = try store.pauses.all()
        for routine in try store.routines.all(includeArchived: true) {
            _ = try store.routines.routineVersions(slug: routine.slug)
        }
        _ = try store.runs.all()
        _ = try store.entries.list(includeDeleted: true)
    }
}
