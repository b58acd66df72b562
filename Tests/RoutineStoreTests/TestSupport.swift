import Foundation
import GRDB
import RoutineCore
import TestSupport

@testable import RoutineStore

/// Small builders for `Routine` values and temporary store files.
enum Fixtures {
    static let utc = "UTC"
    static let day = DayKey("2026-11-22")!
    static let instant = Date(timeIntervalSince1970: 1_795_329_600)  // 2026-11-22T06:40:00Z

    /// SPEC §2's example routine, built by hand.
    static func morning(title: String? = "Morning Check-in", meditateTarget: Double? = 10) -> Routine {
        checked {
            try Routine(
                slug: "morning-checkin", title: title, start: [0],
                nodes: [
                    Node(
                        id: "feeling",
                        body: .question(
                            "How are you feeling today?",
                            options: [
                                Option(text: "Great!", next: [1, 2]), Option(text: "Okay", next: [3]),
                                Option(text: "Not so good", next: [5]),
                            ])),
                    Node(id: "water", body: .habit("Drink Water")),
                    Node(id: "meditate", body: .habit("Meditate")),
                    Node(id: "walk", body: .habit("Go for a walk"), next: [4]),
                    Node(id: "journal", body: .habit("Journal")),
                    Node(id: "feeling/3/1", isInline: true, body: .habit("Read a book"), next: [4]),
                ],
                habits: [
                    HabitSpec(name: "Meditate", measure: Measure(unit: "min", type: "time"), target: meditateTarget),
                    HabitSpec(name: "Run", measure: Measure(unit: "km", type: "distance"), weekly: 15),
                ])
        }
    }

    /// A one-node routine doing `habit`, optionally declared with a measure.
    static func single(_ slug: String, habit: String, measure: Measure? = nil, target: Double? = nil) -> Routine {
        checked {
            try Routine(
                slug: slug, title: nil, start: [0], nodes: [Node(id: "only", body: .habit(habit))],
                habits: measure == nil && target == nil
                    ? [] : [HabitSpec(name: habit, measure: measure, target: target)]
            )
        }
    }

    static let morningSource = "routine: morning-checkin\n# (source text as imported)\n"
}

/// A fresh temporary directory, removed when the value is dropped.
final class TempDir: @unchecked Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "routine-store-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        chmodTree(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    private func chmodTree(_ root: String) {
        chmod(root, 0o700)
        for child in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            chmod(root + "/" + child, 0o700)
        }
    }
}

extension AppDatabase {
    /// Logs a binary entry on the fixture day (tests only).
    @discardableResult
    func log(
        _ habit: String, _ value: Double? = nil, unit: String? = nil, day: DayKey = Fixtures.day
    ) throws
        -> EntryInfo
    {
        try entries.logEntry(
            habit: habit, value: value, unit: unit, dayKey: day, at: Fixtures.instant, timeZone: Fixtures.utc, note: nil
        )
    }
}

/// The run methods with a fresh id and the wall clock, as the tests of the store's own
/// rules want them (production callers pass the injected clock and id generator).
extension AppDatabase.Runs {
    @discardableResult
    func startRun(versionID: Int64, dayKey: DayKey, timeZone: String, state: Data, now: Date) throws -> RunID {
        let id = RunID(rawValue: UUID().uuidString.lowercased())
        try startRun(versionID: versionID, dayKey: dayKey, timeZone: timeZone, state: state, now: now, id: id)
        return id
    }

    func finishRun(runID: RunID, status: RunStatus, state: Data?) throws {
        try finishRun(runID: runID, status: status, state: state, at: Date())
    }

    @discardableResult
    func claimRun(id: RunID) throws -> RunInfo {
        try claimRun(id: id, at: Date())
    }
}

/// Turns a store made by this build back into the store an older build made, so that
/// upgrade tests can fill it with today's write paths first (those paths read columns
/// that older schemas lack). Each step undoes one migration, newest first.
enum OldStore {
    private static let undo: [String: String] = [
        "v3": """
        DROP TABLE pause_habit;
        DROP TABLE pause;
        ALTER TABLE routine_habit DROP COLUMN schedule;
        ALTER TABLE routine_node DROP COLUMN when_text;
        ALTER TABLE conditional_option DROP COLUMN when_text;
        ALTER TABLE habit DROP COLUMN schedule;
        """,
        "v4": """
        DROP TRIGGER habit_entry_uid_kept;
        DROP TRIGGER habit_entry_uid_default;
        DROP INDEX habit_entry_uid;
        ALTER TABLE habit_entry DROP COLUMN uid;
        ALTER TABLE habit DROP COLUMN archived_at;
        ALTER TABLE routine DROP COLUMN archived_at;
        """,
        "v2": "DROP TABLE goal_link; DROP TABLE goal;",
        "v5": "DROP TABLE run_step;",
        "v7-sync-guards": """
        DROP TRIGGER hlc_ceiling_sync_self;
        DROP TRIGGER hlc_integer_sync_self_insert;
        DROP TRIGGER hlc_integer_sync_outbox_insert;
        DROP TRIGGER hlc_integer_sync_outbox_update;
        DROP TRIGGER hlc_integer_sync_field_insert;
        DROP TRIGGER hlc_integer_sync_field_update;
        DROP TRIGGER hlc_integer_sync_pending_insert;
        DROP TRIGGER hlc_integer_sync_pending_update;
        ALTER TABLE sync_self DROP COLUMN pushed;
        ALTER TABLE sync_self DROP COLUMN name;
        """,
        "v8-release": "DROP TABLE store_release;",
        "v9-habit-targets": """
        UPDATE habit SET weekly = CAST(substr(frequency, instr(frequency, ':') + 1, instr(frequency, '/') - instr(frequency, ':') - 1) AS REAL),
          frequency = NULL
        WHERE frequency GLOB 'per:*/7' AND measure_id IS NULL;
        ALTER TABLE habit DROP COLUMN frequency;
        ALTER TABLE habit DROP COLUMN day_target;
        ALTER TABLE routine_habit DROP COLUMN frequency;
        ALTER TABLE routine_habit DROP COLUMN day_target;
        """,
        "v10-run-day": "DROP INDEX run_day;",
        "v11-habit-notes": "ALTER TABLE habit DROP COLUMN description; ALTER TABLE run_step DROP COLUMN note;",
        "v12-ledger-window": "DROP INDEX run_step_habit_day;",
        "v14-ledger-covering": "DROP INDEX run_step_ledger; DROP INDEX run_step_pulled; DROP INDEX habit_entry_ledger;",
        "v15-entry-indexes": """
        DROP INDEX habit_entry_ledger;
        CREATE INDEX habit_entry_habit_day ON habit_entry(habit_id, day_key);
        CREATE INDEX habit_entry_ledger ON habit_entry(habit_id, day_key, id, value, deleted_at)
          WHERE deleted_at IS NULL;
        """,
        // Saved states as older builds wrote them: format 1, with the run's status.
        "v5-run-status": """
        UPDATE run
        SET walker_state = CAST(json_set(CAST(walker_state AS TEXT), '$.format', 1, '$.status', status) AS BLOB)
        WHERE json_valid(CAST(walker_state AS TEXT)) AND json_extract(CAST(walker_state AS TEXT), '$.format') = 2;
        """,
    ]

    /// Makes a store at `path` filled by `fill` with today's code, then leaves it with only
    /// its first `count` migrations applied, as an older build would have left it.
    static func make(_ path: String, migrations count: Int, fill: (AppDatabase) throws -> Void) throws {
        do { try fill(try AppDatabase.open(path: path)) }
        try downgrade(path, to: count)
    }

    /// Leaves the store at `path` with only its first `count` migrations applied.
    static func downgrade(_ path: String, to count: Int) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            for (identifier, _) in StoreMigrations.all.dropFirst(count).reversed() {
                if identifier == SyncSchema.blobUIDMigration {
                    try undoBlobUIDs(db)
                    try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [identifier])
                    continue
                }
                if identifier == "v6-sync" {
                    try undoSync(db)
                    try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [identifier])
                    continue
                }
                // The capture triggers name the columns v9 and v11 add: the older ones come back.
                let widened = SyncSchema.tablesWidened(by: identifier)
                let syncing = try !widened.isEmpty && SyncSchema.hasCaptureTriggers(db)
                if syncing {
                    for table in widened {
                        for event in ["insert", "update", "delete"] {
                            try db.execute(sql: "DROP TRIGGER IF EXISTS sync_\(table)_\(event)")
                        }
                    }
                }
                guard let sql = undo[identifier] else { throw OldStoreError.cannotUndo(identifier) }
                try db.execute(sql: sql)
                if syncing {
                    let before = StoreMigrations.index(of: identifier)
                    for captured in SyncSchema.all where widened.contains(captured.table) {
                        try db.execute(sql: SyncSchema.triggers(SyncSchema.captured(captured, migrations: before)))
                    }
                }
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [identifier])
            }
        }
    }

    enum OldStoreError: Error { case cannotUndo(String) }

    /// Undoes "v13-uid-blobs": the uids of entries, steps and pauses back to their text,
    /// the schema text and the triggers as the migrations before it made them.
    private static func undoBlobUIDs(_ db: Database) throws {
        let before = StoreMigrations.index(of: SyncSchema.blobUIDMigration)
        let old = try StoreRestoreCheck.expectedSchema(migrations: before)
        let syncing = try SyncSchema.hasCaptureTriggers(db)
        var triggers = ["habit_entry_uid_kept", "habit_entry_uid_default", "run_step_uid_kept", "pause_uid_default"]
        if syncing {
            for table in SyncSchema.blobUIDTables + ["pause_habit"] {
                triggers += ["insert", "update", "delete"].map { "sync_\(table)_\($0)" }
            }
        }
        for name in triggers { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
        try db.execute(sql: "PRAGMA writable_schema = ON")
        for table in SyncSchema.blobUIDTables {
            guard let sql = old.first(where: { $0.type == "table" && $0.name == table })?.sql else {
                throw OldStoreError.cannotUndo(table)
            }
            try db.execute(
                sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", arguments: [sql, table])
        }
        try db.execute(sql: "PRAGMA writable_schema = RESET")
        for table in SyncSchema.blobUIDTables {
            try db.execute(sql: "UPDATE \(table) SET uid = \(StoredUID.textSQL("uid")) WHERE uid IS NOT NULL")
        }
        for name in triggers[..<4] {
            guard let sql = old.first(where: { $0.type == "trigger" && $0.name == name })?.sql else {
                throw OldStoreError.cannotUndo(name)
            }
            try db.execute(sql: sql)
        }
        if syncing {
            for captured in SyncSchema.all where SyncSchema.blobUIDTables.contains(captured.table) {
                try db.execute(sql: SyncSchema.triggers(SyncSchema.captured(captured, migrations: before)))
            }
            try db.execute(
                sql: SyncSchema.linkTriggers(
                    table: "pause_habit", owner: "pause_id", ownerTable: "pause", kind: "pause", blobUIDs: false))
        }
    }

    /// Undoes "v6-sync": its triggers, tables, indexes and uid columns.
    private static func undoSync(_ db: Database) throws {
        let triggers = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'trigger'
                AND (name LIKE 'sync\\_%' ESCAPE '\\' OR (name LIKE '%uid_default' AND name <> 'habit_entry_uid_default'))
                """)
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger)") }
        for table in [
            "habit_alias", "sync_self", "sync_outbox", "sync_field", "sync_cursor", "sync_tombstone", "sync_pending",
            "sync_origin",
        ] {
            try db.execute(sql: "DROP TABLE \(table)")
        }
        for table in ["habit", "pause", "goal", "routine_version"] {
            try db.execute(sql: "DROP INDEX \(table)_uid")
            try db.execute(sql: "ALTER TABLE \(table) DROP COLUMN uid")
        }
    }
}
