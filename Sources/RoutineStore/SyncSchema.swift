import GRDB
import RoutineCore

/// What sync captures (SPEC §16.2), written once: the kinds of change, the fields each
/// carries, and the SQL of migration "v6-sync" generated from them — the triggers that
/// append a change to `sync_outbox` in the same transaction as every write, and the
/// snapshot a device sends when it first joins (`AppDatabase.Sync.enableSync`).
///
/// A change is one row of the outbox: a change uid (so a push retried after a crash is
/// not stored twice), a hybrid logical clock (`HybridClock`), a kind, and a JSON array
/// of items `{"uid": U, "f": {field: value, …}}`. A trigger writes one item with the
/// fields the write changed; a snapshot or a bulk load writes many. Fields name the
/// thing, never a local row id: a habit is its uid, a routine its slug.
///
/// Triggers capture only while `sync_self.capturing` is 1: a store that has never been
/// set up for sync has no `sync_self` row and writes no change, and applying pulled
/// changes turns capturing off for its own writes.
enum SyncSchema {
    /// One synced field: its name in the payload, its SQL value with the row as `R`,
    /// and the columns whose change changes it (none: a link table's triggers send it).
    struct Field {
        var name: String
        var value: String
        var columns: [String]

        init(_ name: String, _ value: String, columns: [String]? = nil) {
            self.name = name
            self.value = value
            self.columns = columns ?? [String(value.dropFirst(2))]
        }
    }

    /// A table whose rows travel as one kind of change.
    struct Captured {
        var table: String
        var kind: String
        /// The item's uid with the row as `R`.
        var uid: String
        var fields: [Field]
        /// Whether a deleted row sends `{"deleted": 1}` (habits, pauses, goals).
        var deletes: Bool
        /// Whether updates travel (a routine version or a merge is written once).
        var updates: Bool = true
        /// Whether an insert stamps its fields too: a routine version's stamp orders the
        /// routine's versions on every device (`MergeRules.versionNumbers`).
        var stampsInserts: Bool = false
    }

    static let habit = Captured(
        table: "habit", kind: "habit", uid: "R.uid",
        fields: [
            Field("name", "R.name"),
            Field("unit", "(SELECT unit FROM measure WHERE id = R.measure_id)", columns: ["measure_id"]),
            Field("type", "(SELECT type FROM measure WHERE id = R.measure_id)", columns: ["measure_id"]),
            Field("target", "R.target"), Field("weekly", "R.weekly"), Field("schedule", "R.schedule"),
            Field("archived", "R.archived_at"), Field("created", "R.created_at"),
        ] + habitTargetFields + habitNoteFields, deletes: true)

    /// The habit's fields that migration v9-habit-targets added (SPEC §18.1); a device
    /// before it ignores them.
    static let habitTargetFields = [Field("frequency", "R.frequency"), Field("dayTarget", "R.day_target")]

    /// The habit's description, which migration v11-habit-notes added (SPEC §18.2).
    static let habitNoteFields = [Field("description", "R.description")]

    /// A recorded step's note (an imported answer's, SPEC §18.2), added by v11-habit-notes.
    static let stepNoteFields = [Field("note", "R.note")]

    /// The fields a later migration added to a captured table: a store before that
    /// migration has no such column, and its triggers (and a backup of it) capture without.
    static let addedFields: [(migration: String, table: String, fields: [String])] = [
        ("v9-habit-targets", "habit", habitTargetFields.map(\.name)),
        ("v11-habit-notes", "habit", habitNoteFields.map(\.name)),
        ("v11-habit-notes", "run_step", stepNoteFields.map(\.name)),
    ]

    /// The tables whose capture migration `identifier` widened.
    static func tablesWidened(by identifier: String) -> [String] {
        addedFields.filter { $0.migration == identifier }.map(\.table)
    }

    /// `captured` as a store that applied the first `count` migrations captures it.
    static func captured(_ captured: Captured, migrations count: Int) -> Captured {
        let applied = Set(StoreMigrations.all.prefix(count).map(\.0))
        let missing = Set(
            addedFields.filter { $0.table == captured.table && !applied.contains($0.migration) }.flatMap(\.fields))
        var result = captured
        result.fields.removeAll { missing.contains($0.name) }
        if !applied.contains(blobUIDMigration) {
            // Before v13-uid-blobs the uid columns held the text itself.
            func text(_ sql: String) -> String {
                sql.replacingOccurrences(of: StoredUID.textSQL("R.uid"), with: "R.uid")
                    .replacingOccurrences(of: StoredUID.textSQL("uid"), with: "uid")
            }
            result.uid = text(result.uid)
            for index in result.fields.indices { result.fields[index].value = text(result.fields[index].value) }
        }
        return result
    }

    /// The migration that stores the uids of entries, steps and pauses as 16 bytes.
    static let blobUIDMigration = "v13-uid-blobs"

    /// The tables whose uid is 16 bytes since `blobUIDMigration`.
    static let blobUIDTables = ["habit_entry", "run_step", "pause"]

    static let entry = Captured(
        table: "habit_entry", kind: "entry", uid: StoredUID.textSQL("R.uid"),
        fields: [
            Field("habit", "(SELECT uid FROM habit WHERE id = R.habit_id)", columns: ["habit_id"]),
            Field("day", "R.day_key"), Field("at", "R.timestamp"), Field("tz", "R.time_zone"),
            Field("value", "R.value"), Field("note", "R.note"), Field("deleted", "R.deleted_at"),
        ], deletes: false)

    static let step = Captured(
        table: "run_step", kind: "step", uid: StoredUID.textSQL("R.uid"),
        fields: [
            Field("routine", "(SELECT slug FROM routine WHERE id = R.routine_id)", columns: ["routine_id"]),
            Field("position", "R.position"), Field("node", "R.node_id"), Field("kind", "R.kind"),
            Field("text", "R.text"), Field("outcome", "R.outcome"), Field("option", "R.option_text"),
            Field("optionPosition", "R.option_position"), Field("value", "R.value"), Field("reason", "R.reason"),
            Field(
                "entry", "(SELECT \(StoredUID.textSQL("uid")) FROM habit_entry WHERE id = R.entry_id)",
                columns: ["entry_id"]),
            Field("day", "R.day_key"), Field("at", "R.recorded_at"), Field("tz", "R.time_zone"),
            Field("retracted", "R.retracted_at"),
        ] + stepNoteFields, deletes: false)

    static let pause = Captured(
        table: "pause", kind: "pause", uid: StoredUID.textSQL("R.uid"),
        fields: [
            Field("from", "R.from_day"), Field("to", "R.to_day"), Field("note", "R.note"),
            Field("created", "R.created_at"),
            Field("habits", linkedUIDs(table: "pause_habit", owner: "pause_id"), columns: []),
        ], deletes: true)

    static let goal = Captured(
        table: "goal", kind: "goal", uid: "R.uid",
        fields: [
            Field("title", "R.title"), Field("target", "R.target"), Field("unit", "R.unit"),
            Field("from", "R.from_day"), Field("to", "R.to_day"), Field("created", "R.created_at"),
            Field("habits", linkedUIDs(table: "goal_link", owner: "goal_id"), columns: []),
        ], deletes: true)

    /// A routine's identity across devices is its slug (it cannot be renamed).
    static let routine = Captured(
        table: "routine", kind: "routine", uid: "R.slug", fields: [Field("archived", "R.archived_at")],
        deletes: false)

    static let version = Captured(
        table: "routine_version", kind: "version", uid: "R.uid",
        fields: [
            Field("routine", "(SELECT slug FROM routine WHERE id = R.routine_id)", columns: ["routine_id"]),
            Field("title", "R.title"), Field("source", "R.source"), Field("imported", "R.imported_at"),
        ], deletes: false, updates: false, stampsInserts: true)

    /// Stamped as it is made: a change to the merged habit made before the merge (by
    /// clock) is overruled by it on every device; one made after it follows the habit.
    static let merge = Captured(
        table: "habit_alias", kind: "merge", uid: "R.uid", fields: [Field("into", "R.into_uid")], deletes: false,
        updates: false, stampsInserts: true)

    /// Every captured table, in the order a snapshot sends them: what a row refers to
    /// comes before it.
    static let all: [Captured] = [habit, merge, routine, version, entry, step, pause, goal]

    /// The uids of the habits linked to the owner row `R` (a JSON array, in order).
    static func linkedUIDs(table: String, owner: String) -> String {
        """
        json((SELECT json_group_array(uid) FROM (SELECT h.uid FROM \(table) l JOIN habit h ON h.id = l.habit_id \
        WHERE l.\(owner) = R.id ORDER BY l.position)))
        """
    }

    /// Milliseconds since 1970 by the wall clock, in SQL.
    static let nowMilliseconds = "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"

    /// The clock's next tick: later than every change this store has made or seen, and
    /// not behind the wall clock (`HybridClock.next`, in SQL).
    static let tick = "UPDATE sync_self SET hlc = max(hlc + 1, \(nowMilliseconds) * 65536);"

    static let capturing = "(SELECT capturing FROM sync_self) = 1"

    /// The JSON object of every field of row `row`.
    static func allFields(_ captured: Captured, row: String) -> String {
        let pairs = captured.fields.map { "'\($0.name)', \($0.value)" }.joined(separator: ", ")
        return "json_object(\(pairs))".replacingOccurrences(of: "R.", with: "\(row).")
    }

    /// The JSON object of the fields an UPDATE changed (`json_set` on a throw-away key
    /// for the others, removed at the end, so a field set to NULL is kept as null).
    static func changedFields(_ captured: Captured) -> String {
        let sets = captured.fields.filter { !$0.columns.isEmpty }.map { field -> String in
            let changed = field.columns.map { "OLD.\($0) IS NOT NEW.\($0)" }.joined(separator: " OR ")
            return "CASE WHEN \(changed) THEN '$.\(field.name)' ELSE '$._' END, \(field.value)"
        }
        return "json_remove(json_set('{}', \(sets.joined(separator: ", "))), '$._')"
            .replacingOccurrences(of: "R.", with: "NEW.")
    }

    /// One outbox row holding one item.
    static func append(kind: String, uid: String, fields: String) -> String {
        """
        INSERT INTO sync_outbox (uid, hlc, kind, payload)
            SELECT \(StoreMigrations.uuidSQL), hlc, '\(kind)', json_array(json_object('uid', \(uid), 'f', \(fields)))
            FROM sync_self;
        """
    }

    /// Records this device's clock on each field of the change just appended, so an
    /// older change from another device does not overwrite it (SPEC §16.3).
    static func stampFields(kind: String, uid: String) -> String {
        """
        INSERT OR REPLACE INTO sync_field (kind, uid, field, hlc, device, value)
            SELECT '\(kind)', \(uid), j.key, s.hlc, s.device, j.value
            FROM sync_self s, json_each((SELECT payload FROM sync_outbox ORDER BY id DESC LIMIT 1), '$[0].f') j;
        """
    }

    static func triggers(_ captured: Captured) -> String {
        let table = captured.table
        let newUID = captured.uid.replacingOccurrences(of: "R.", with: "NEW.")
        let oldUID = captured.uid.replacingOccurrences(of: "R.", with: "OLD.")
        var sql = """
            CREATE TRIGGER sync_\(table)_insert AFTER INSERT ON \(table) WHEN \(capturing)
            BEGIN
              \(tick)
              \(append(kind: captured.kind, uid: newUID, fields: allFields(captured, row: "NEW")))
              \(captured.stampsInserts ? stampFields(kind: captured.kind, uid: newUID) : "")
            END;

            """
        if captured.updates {
            let columns = Set(captured.fields.flatMap(\.columns)).sorted()
            let changed = columns.map { "OLD.\($0) IS NOT NEW.\($0)" }.joined(separator: " OR ")
            sql += """
                CREATE TRIGGER sync_\(table)_update AFTER UPDATE ON \(table) WHEN \(capturing) AND (\(changed))
                BEGIN
                  \(tick)
                  \(append(kind: captured.kind, uid: newUID, fields: changedFields(captured)))
                  \(stampFields(kind: captured.kind, uid: newUID))
                END;

                """
        }
        if captured.deletes {
            sql += """
                CREATE TRIGGER sync_\(table)_delete AFTER DELETE ON \(table) WHEN \(capturing)
                BEGIN
                  \(tick)
                  \(append(kind: captured.kind, uid: oldUID, fields: "json_object('deleted', 1)"))
                END;

                """
        }
        return sql
    }

    /// A link table's rows change the owner's `habits` field (while the owner exists: a
    /// deleted owner's links go with it and say nothing more).
    static func linkTriggers(
        table: String, owner: String, ownerTable: String, kind: String, blobUIDs: Bool = true
    ) -> String {
        let habits = linkedUIDs(table: table, owner: "\(owner)").replacingOccurrences(of: "R.id", with: "X.\(owner)")
        let ownerUID = blobUIDs && blobUIDTables.contains(ownerTable) ? StoredUID.textSQL("uid") : "uid"
        return ["INSERT": "NEW", "DELETE": "OLD"].sorted(by: { $0.key > $1.key }).map { event, row in
            let uid = "(SELECT \(ownerUID) FROM \(ownerTable) WHERE id = \(row).\(owner))"
            let fields = "json_object('habits', \(habits.replacingOccurrences(of: "X.", with: "\(row).")))"
            return """
                CREATE TRIGGER sync_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                WHEN \(capturing) AND EXISTS (SELECT 1 FROM \(ownerTable) WHERE id = \(row).\(owner))
                BEGIN
                  \(tick)
                  \(append(kind: kind, uid: uid, fields: fields))
                  \(stampFields(kind: kind, uid: uid))
                END;

                """
        }.joined()
    }

    /// Migration "v6-sync" (SPEC §16): uids for habits, pauses, goals and routine
    /// versions (existing rows get one now; inserts give theirs) and the sync tables.
    static var migration: String {
        var sql = ""
        for table in ["habit", "pause", "goal", "routine_version"] {
            sql += """
                ALTER TABLE \(table) ADD COLUMN uid TEXT CHECK (uid IS NULL OR length(uid) = 36);
                UPDATE \(table) SET uid = \(StoreMigrations.uuidSQL);
                CREATE UNIQUE INDEX \(table)_uid ON \(table)(uid);
                CREATE TRIGGER \(table)_uid_default AFTER INSERT ON \(table) WHEN NEW.uid IS NULL
                BEGIN
                  UPDATE \(table) SET uid = \(StoreMigrations.uuidSQL) WHERE id = NEW.id;
                END;

                """
        }
        sql += """
            CREATE TABLE habit_alias (
              uid TEXT PRIMARY KEY NOT NULL CHECK (length(uid) = 36),
              into_uid TEXT NOT NULL CHECK (length(into_uid) = 36)
            );
            CREATE TABLE sync_self (
              only INTEGER PRIMARY KEY CHECK (only = 1),
              device TEXT NOT NULL CHECK (length(device) = 36),
              server TEXT NOT NULL,
              capturing INTEGER NOT NULL DEFAULT 1 CHECK (capturing IN (0, 1)),
              hlc INTEGER NOT NULL DEFAULT 0,
              last_sync TEXT
            );
            CREATE TABLE sync_outbox (
              id INTEGER PRIMARY KEY,
              uid TEXT NOT NULL UNIQUE,
              hlc INTEGER NOT NULL,
              kind TEXT NOT NULL,
              payload NOT NULL
            );
            CREATE TABLE sync_field (
              kind TEXT NOT NULL,
              uid TEXT NOT NULL,
              field TEXT NOT NULL,
              hlc INTEGER NOT NULL,
              device TEXT NOT NULL,
              value,
              PRIMARY KEY (kind, uid, field)
            );
            CREATE TABLE sync_cursor (
              device TEXT PRIMARY KEY NOT NULL,
              seq INTEGER NOT NULL CHECK (seq >= 0)
            );
            CREATE TABLE sync_tombstone (
              kind TEXT NOT NULL,
              uid TEXT NOT NULL,
              fields TEXT,
              PRIMARY KEY (kind, uid)
            );
            CREATE TABLE sync_pending (
              id INTEGER PRIMARY KEY,
              device TEXT NOT NULL,
              hlc INTEGER NOT NULL,
              kind TEXT NOT NULL,
              item TEXT NOT NULL
            );
            CREATE TABLE sync_origin (
              entry INTEGER PRIMARY KEY REFERENCES habit_entry(id) ON DELETE CASCADE,
              device TEXT NOT NULL
            );

            """
        return sql
    }

    /// Migration "v7-sync-guards" (issue 31 items 2, 5 and 16): what this store pushed
    /// itself (`pushed`: a server that holds less of this device is refused; a store
    /// that synced before starts from its own cursor, which its pushes moved), the name
    /// it registered under (shown when the server cannot be reached), and the clock kept
    /// an integer.
    ///
    /// A wall clock past the year ~6429 made the capture triggers' tick (`now_ms * 65536`)
    /// overflow, and SQLite stored the clock as a REAL, which no later read could decode.
    /// Such values are taken down to `HybridClock.ceiling` here; from now on a tick past
    /// the ceiling is taken back to it (the clock counts on by one from there), and a
    /// clock that is not an integer is refused by every table that keeps one. (SQLite
    /// cannot add a CHECK to an existing column without rebuilding its table, which the
    /// capture triggers name: triggers are the CHECK. The capture triggers themselves
    /// are left as they were, so a backup of a store set up before this still restores.)
    static var guardsMigration: String {
        let ceiling = HybridClock.ceiling
        var sql = """
            ALTER TABLE sync_self ADD COLUMN pushed INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE sync_self ADD COLUMN name TEXT;
            UPDATE sync_self SET pushed = coalesce((SELECT seq FROM sync_cursor WHERE device = sync_self.device), 0);
            CREATE TRIGGER hlc_ceiling_sync_self AFTER UPDATE OF hlc ON sync_self
            WHEN typeof(NEW.hlc) <> 'integer' OR NEW.hlc > max(OLD.hlc + 1, \(ceiling))
            BEGIN
              UPDATE sync_self SET hlc = max(OLD.hlc + 1, \(ceiling));
            END;

            """
        for table in ["sync_self", "sync_outbox", "sync_field", "sync_pending"] {
            sql += """
                UPDATE \(table) SET hlc = min(CAST(hlc AS INTEGER), \(ceiling)) WHERE typeof(hlc) <> 'integer';
                CREATE TRIGGER hlc_integer_\(table)_insert BEFORE INSERT ON \(table)
                WHEN typeof(NEW.hlc) <> 'integer'
                BEGIN
                  SELECT RAISE(ABORT, 'a sync clock must be an integer');
                END;

                """
            if table != "sync_self" {
                sql += """
                    CREATE TRIGGER hlc_integer_\(table)_update BEFORE UPDATE OF hlc ON \(table)
                    WHEN typeof(NEW.hlc) <> 'integer'
                    BEGIN
                      SELECT RAISE(ABORT, 'a sync clock must be an integer');
                    END;

                    """
            }
        }
        return sql
    }

    /// The capture triggers, made when a store is set up for sync (`enableSync`), not by
    /// the migration: a store that never syncs parses none of them at each start-up
    /// (about 27 KB of SQL, 3–4 ms) and fires none on a bulk load.
    static var captureTriggers: String { captureTriggers(migrations: StoreMigrations.all.count) }

    /// The capture triggers of a store that applied the first `count` migrations.
    static func captureTriggers(migrations count: Int) -> String {
        var sql = ""
        for captured in all { sql += triggers(self.captured(captured, migrations: count)) }
        let blobs = StoreMigrations.all.prefix(count).contains { $0.0 == blobUIDMigration }
        sql += linkTriggers(
            table: "pause_habit", owner: "pause_id", ownerTable: "pause", kind: "pause", blobUIDs: blobs)
        sql += linkTriggers(table: "goal_link", owner: "goal_id", ownerTable: "goal", kind: "goal", blobUIDs: blobs)
        return sql
    }

    /// Sends every field of habit `id` as a change of its own, stamped now, when the store
    /// captures: what a merge leaves is then the latest value of each field among the
    /// merged habits, on every device (`SyncApplier.resolveFields` takes the latest).
    static func announceAllFields(_ db: Database, habitID id: Int64) throws {
        guard try Int.fetchOne(db, sql: "SELECT capturing FROM sync_self") == 1 else { return }
        try db.execute(sql: tick)
        try db.execute(
            sql: """
                INSERT INTO sync_outbox (uid, hlc, kind, payload)
                SELECT \(StoreMigrations.uuidSQL), s.hlc, 'habit',
                  json_array(json_object('uid', R.uid, 'f', \(allFields(habit, row: "R"))))
                FROM sync_self s, habit R WHERE R.id = ?
                """, arguments: [id])
        try db.execute(sql: stampFields(kind: "habit", uid: "(SELECT uid FROM habit WHERE id = \(id))"))
    }

    /// Migration v9-habit-targets' program: a store set up for sync gets habit capture
    /// triggers that send the habit's fields as they are now (the frequency and the day
    /// target too); a store that never synced has none and gets none.
    static func renewHabitTriggers(_ db: Database) throws {
        try renewTriggers(db, widenedBy: "v9-habit-targets")
    }

    /// Migration v11-habit-notes' program: the habit's and the step's capture triggers
    /// send the description and the note too (in a store set up for sync).
    static func renewNoteTriggers(_ db: Database) throws {
        try renewTriggers(db, widenedBy: "v11-habit-notes")
    }

    /// Migration v13-uid-blobs' program: the capture triggers of entries, steps and pauses
    /// (and of a pause's habits) send the text of the uid their table now holds as 16
    /// bytes (in a store set up for sync).
    static func renewUIDTriggers(_ db: Database) throws {
        guard try hasCaptureTriggers(db) else { return }
        for captured in all where blobUIDTables.contains(captured.table) {
            for event in ["insert", "update", "delete"] {
                try db.execute(sql: "DROP TRIGGER IF EXISTS sync_\(captured.table)_\(event)")
            }
            try db.execute(
                sql: triggers(self.captured(captured, migrations: StoreMigrations.index(of: blobUIDMigration) + 1)))
        }
        try db.execute(
            sql: "DROP TRIGGER IF EXISTS sync_pause_habit_insert; DROP TRIGGER IF EXISTS sync_pause_habit_delete")
        try db.execute(sql: linkTriggers(table: "pause_habit", owner: "pause_id", ownerTable: "pause", kind: "pause"))
    }

    /// The capture triggers of the tables migration `identifier` widened, made again as
    /// that migration leaves the store (in a store set up for sync; one that never
    /// synced has none and gets none).
    static func renewTriggers(_ db: Database, widenedBy identifier: String) throws {
        guard try hasCaptureTriggers(db) else { return }
        let count = StoreMigrations.index(of: identifier) + 1
        for captured in all where tablesWidened(by: identifier).contains(captured.table) {
            for event in ["insert", "update", "delete"] {
                try db.execute(sql: "DROP TRIGGER IF EXISTS sync_\(captured.table)_\(event)")
            }
            try db.execute(sql: triggers(self.captured(captured, migrations: count)))
        }
    }

    /// Whether the capture triggers are there (in a store set up for sync).
    static func hasCaptureTriggers(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql:
                "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sync\\_%' ESCAPE '\\')"
        ) ?? false
    }
}
