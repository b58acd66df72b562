import GRDB
import RoutineCore

/// The store's schema history. Each migration is SQL text, registered once and never
/// edited after it has landed: a store made by an older build replays only the newer
/// ones. New schema changes get a new migration at the end of `all`.
enum StoreMigrations {
    /// Every migration in order: (identifier, SQL).
    static let all: [(String, String)] = [
        ("v1", v1), ("v2", v2), ("v3", v3), ("v4", v4), ("v5", v5), ("v5-run-status", v5RunStatus),
        ("v6-sync", SyncSchema.migration), ("v7-sync-guards", SyncSchema.guardsMigration),
        ("v8-release", v8Release), ("v9-habit-targets", v9HabitTargets),
        ("v10-run-day", v10RunDay), ("v11-habit-notes", v11HabitNotes), ("v12-ledger-window", v12LedgerWindow),
        ("v13-uid-blobs", v13UIDBlobs), ("v14-ledger-covering", v14LedgerCovering),
        ("v15-entry-indexes", v15EntryIndexes),
    ]

    /// The position of migration `identifier` in `all` (the number of migrations before it).
    static func index(of identifier: String) -> Int {
        all.firstIndex { $0.0 == identifier } ?? all.count
    }

    /// Work a migration does in code after its SQL, in the same transaction (what SQL
    /// alone cannot do: v5 reads the runs' saved walker states, before v5-run-status
    /// rewrites them).
    static let programs: [String: @Sendable (Database) throws -> Void] = [
        "v5": StepRecovery.recover, "v9-habit-targets": SyncSchema.renewHabitTriggers,
        "v11-habit-notes": SyncSchema.renewNoteTriggers, "v13-uid-blobs": SyncSchema.renewUIDTriggers,
    ]

    /// The table that lists the applied migrations (GRDB's name and shape, which stores
    /// made by earlier builds with GRDB's `DatabaseMigrator` already have).
    static let table = "grdb_migrations"

    /// Applies the first `count` migrations that are not applied yet, all in one
    /// `BEGIN IMMEDIATE` transaction, and returns the identifiers it applied.
    ///
    /// The applied migrations are read *after* the write lock is taken: several
    /// processes opening one new (or older) store at the same moment queue on that lock,
    /// the first one migrates, and the others find nothing left to do. (GRDB's
    /// `DatabaseMigrator` reads them outside any transaction and runs each migration in a
    /// transaction of its own, so two processes could both start `CREATE TABLE`.)
    /// Foreign keys stay on: every migration is additive SQL (new tables and indexes);
    /// one that rebuilds a table would need them off, which SQLite allows only outside
    /// a transaction. A store with a migration this build does not know is refused.
    @discardableResult
    static func migrate(_ queue: DatabaseQueue, path: String, upTo count: Int = all.count) throws -> [String] {
        try queue.writeWithoutTransaction { db in
            var done: [String] = []
            // v13-uid-blobs' conversion of each stored uid text.
            db.add(function: StoredUID.migrationFunction)
            try db.inTransaction(.immediate) {
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(table) (identifier TEXT NOT NULL PRIMARY KEY)")
                let applied = try String.fetchSet(db, sql: "SELECT identifier FROM \(table)")
                if !applied.isSubset(of: Set(all.map(\.0))) {
                    throw StoreError.newerSchema(path: path, version: try release(db))
                }
                for (identifier, sql) in all.prefix(count) where !applied.contains(identifier) {
                    try db.execute(sql: sql)
                    try programs[identifier]?(db)
                    try db.execute(sql: "INSERT INTO \(table) (identifier) VALUES (?)", arguments: [identifier])
                    done.append(identifier)
                }
                if !done.isEmpty, try db.tableExists(releaseTable) {
                    try db.execute(
                        sql: """
                            INSERT INTO \(releaseTable) (id, version) VALUES (1, ?)
                            ON CONFLICT (id) DO UPDATE SET version = excluded.version
                            """, arguments: [RoutineVersion.current])
                }
                if let row = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") {
                    throw StoreError.corrupt(path: path, detail: "a foreign key fails in table \(row[0] ?? "?")")
                }
                return .commit
            }
            return done
        }
    }

    /// The table holding the version of routine that last migrated the store (v7).
    static let releaseTable = "store_release"

    /// The version of routine that last changed the store's schema, when recorded (a
    /// store made before v7 has none): what an older build that refuses the store names.
    static func release(_ db: Database) throws -> String? {
        guard try db.tableExists(releaseTable) else { return nil }
        return try String.fetchOne(db, sql: "SELECT version FROM \(releaseTable) WHERE id = 1")
    }

    /// The applied migrations, in the order of `all` (unknown ones last).
    static func applied(_ db: Database) throws -> [String] {
        guard try db.tableExists(table) else { return [] }
        let applied = try String.fetchSet(db, sql: "SELECT identifier FROM \(table)")
        let known = all.map(\.0).filter(applied.contains)
        return known + applied.subtracting(known).sorted()
    }

    /// v1: measures, habits, routines and their versions as relational graphs, runs, entries.
    static let v1 = """
        CREATE TABLE measure (
          id INTEGER PRIMARY KEY,
          unit TEXT NOT NULL COLLATE NOCASE CHECK (length(unit) > 0),
          type TEXT NOT NULL COLLATE NOCASE CHECK (length(type) > 0),
          UNIQUE (unit, type)
        );
        CREATE TABLE habit (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
          name_key TEXT NOT NULL UNIQUE COLLATE NOCASE,
          measure_id INTEGER REFERENCES measure(id) ON DELETE RESTRICT,
          target REAL CHECK (target IS NULL OR target >= 0),
          weekly REAL CHECK (weekly IS NULL OR weekly >= 0),
          created_at TEXT NOT NULL
        );
        CREATE TABLE routine (
          id INTEGER PRIMARY KEY,
          slug TEXT NOT NULL UNIQUE COLLATE NOCASE
            CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*')
        );
        CREATE TABLE routine_version (
          id INTEGER PRIMARY KEY,
          routine_id INTEGER NOT NULL REFERENCES routine(id) ON DELETE CASCADE,
          number INTEGER NOT NULL CHECK (number >= 1),
          title TEXT,
          source TEXT NOT NULL,
          imported_at TEXT NOT NULL,
          UNIQUE (routine_id, number)
        );
        CREATE TABLE routine_habit (
          version_id INTEGER NOT NULL REFERENCES routine_version(id) ON DELETE CASCADE,
          position INTEGER NOT NULL CHECK (position >= 0),
          habit_id INTEGER NOT NULL REFERENCES habit(id),
          name TEXT NOT NULL,
          unit TEXT,
          type TEXT,
          target REAL CHECK (target IS NULL OR target >= 0),
          weekly REAL CHECK (weekly IS NULL OR weekly >= 0),
          CHECK ((unit IS NULL) = (type IS NULL)),
          PRIMARY KEY (version_id, position)
        );
        CREATE TABLE routine_node (
          version_id INTEGER NOT NULL REFERENCES routine_version(id) ON DELETE CASCADE,
          position INTEGER NOT NULL CHECK (position >= 0),
          node_id TEXT NOT NULL CHECK (length(node_id) > 0),
          is_inline INTEGER NOT NULL CHECK (is_inline IN (0, 1)),
          kind TEXT NOT NULL CHECK (kind IN ('habit', 'question')),
          habit_id INTEGER REFERENCES habit(id),
          habit_text TEXT,
          question TEXT,
          CHECK ((kind = 'habit' AND habit_id IS NOT NULL AND habit_text IS NOT NULL AND question IS NULL)
              OR (kind = 'question' AND question IS NOT NULL AND habit_id IS NULL AND habit_text IS NULL)),
          PRIMARY KEY (version_id, position),
          UNIQUE (version_id, node_id)
        );
        CREATE TABLE routine_start (
          version_id INTEGER NOT NULL REFERENCES routine_version(id) ON DELETE CASCADE,
          position INTEGER NOT NULL CHECK (position >= 0),
          node_position INTEGER NOT NULL,
          PRIMARY KEY (version_id, position),
          FOREIGN KEY (version_id, node_position) REFERENCES routine_node(version_id, position)
        );
        CREATE TABLE node_next (
          version_id INTEGER NOT NULL,
          node_position INTEGER NOT NULL,
          position INTEGER NOT NULL CHECK (position >= 0),
          next_position INTEGER NOT NULL,
          PRIMARY KEY (version_id, node_position, position),
          FOREIGN KEY (version_id, node_position) REFERENCES routine_node(version_id, position) ON DELETE CASCADE,
          FOREIGN KEY (version_id, next_position) REFERENCES routine_node(version_id, position) ON DELETE CASCADE
        );
        CREATE TABLE conditional_option (
          id INTEGER PRIMARY KEY,
          version_id INTEGER NOT NULL,
          node_position INTEGER NOT NULL,
          position INTEGER NOT NULL CHECK (position >= 0),
          text TEXT NOT NULL CHECK (length(text) > 0),
          UNIQUE (version_id, node_position, position),
          FOREIGN KEY (version_id, node_position) REFERENCES routine_node(version_id, position) ON DELETE CASCADE
        );
        CREATE TABLE option_next (
          option_id INTEGER NOT NULL REFERENCES conditional_option(id) ON DELETE CASCADE,
          position INTEGER NOT NULL CHECK (position >= 0),
          version_id INTEGER NOT NULL,
          next_position INTEGER NOT NULL,
          PRIMARY KEY (option_id, position),
          FOREIGN KEY (version_id, next_position) REFERENCES routine_node(version_id, position) ON DELETE CASCADE
        );
        CREATE TABLE run (
          id TEXT PRIMARY KEY NOT NULL CHECK (length(id) > 0),
          routine_version_id INTEGER NOT NULL REFERENCES routine_version(id),
          day_key TEXT NOT NULL CHECK (day_key GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          time_zone TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('active', 'paused', 'completed', 'aborted')),
          started_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          walker_state BLOB NOT NULL
        );
        CREATE INDEX run_started ON run(started_at);
        CREATE TABLE habit_entry (
          id INTEGER PRIMARY KEY,
          habit_id INTEGER NOT NULL REFERENCES habit(id),
          day_key TEXT NOT NULL CHECK (day_key GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          timestamp TEXT NOT NULL,
          time_zone TEXT NOT NULL,
          value REAL CHECK (value IS NULL OR value >= 0),
          note TEXT,
          run_id TEXT REFERENCES run(id),
          deleted_at TEXT
        );
        CREATE INDEX habit_entry_habit_day ON habit_entry(habit_id, day_key);
        CREATE INDEX habit_entry_day ON habit_entry(day_key);
        CREATE INDEX habit_entry_run ON habit_entry(run_id) WHERE run_id IS NOT NULL;
        CREATE TABLE run_step_entry (
          run_id TEXT NOT NULL REFERENCES run(id),
          token INTEGER NOT NULL,
          entry_id INTEGER NOT NULL UNIQUE REFERENCES habit_entry(id),
          PRIMARY KEY (run_id, token)
        );
        """

    /// v2: goals and their links to habits.
    static let v2 = """
        CREATE TABLE goal (
          id INTEGER PRIMARY KEY,
          title TEXT NOT NULL CHECK (length(title) > 0),
          target REAL NOT NULL CHECK (target > 0),
          unit TEXT,
          \(dayRange)
          created_at TEXT NOT NULL,
          CHECK (from_day <= to_day)
        );
        \(habitLinks(table: "goal_link", owner: "goal"))
        """

    /// v3: schedules with habits (and with each routine version's declarations), `when:`
    /// conditions of nodes and options as written, and pauses: a pause with no linked
    /// habit pauses every habit (SPEC §10.1–10.3).
    /// A schedule is `days:mon,wed,fri` or `every:N`; NULL is daily.
    static let v3 = """
        ALTER TABLE habit ADD COLUMN schedule TEXT
          CHECK (schedule IS NULL OR schedule GLOB 'days:*' OR schedule GLOB 'every:*');
        ALTER TABLE routine_habit ADD COLUMN schedule TEXT
          CHECK (schedule IS NULL OR schedule GLOB 'days:*' OR schedule GLOB 'every:*');
        ALTER TABLE routine_node ADD COLUMN when_text TEXT;
        ALTER TABLE conditional_option ADD COLUMN when_text TEXT;
        CREATE TABLE pause (
          id INTEGER PRIMARY KEY,
          \(dayRange)
          note TEXT,
          created_at TEXT NOT NULL,
          CHECK (from_day <= to_day)
        );
        \(habitLinks(table: "pause_habit", owner: "pause"))
        """

    // Goals (v2) and pauses (v3) have the same day range and the same ordered links to
    // habits: one text for both. The text each migration runs is exactly what it ran
    // when it landed (a test compares it), so no landed migration changes.

    /// The `from_day`/`to_day` columns of a goal or a pause (two lines).
    static let dayRange = """
        from_day TEXT NOT NULL CHECK (from_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          to_day TEXT NOT NULL CHECK (to_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        """

    /// The table of the habits linked to an `owner` row, in order, and its index by habit.
    static func habitLinks(table: String, owner: String) -> String {
        """
        CREATE TABLE \(table) (
          \(owner)_id INTEGER NOT NULL REFERENCES \(owner)(id) ON DELETE CASCADE,
          habit_id INTEGER NOT NULL REFERENCES habit(id),
          position INTEGER NOT NULL,
          PRIMARY KEY (\(owner)_id, habit_id)
        );
        CREATE INDEX \(table)_habit ON \(table)(habit_id);
        """
    }

    /// v7 (issue 31 item 20): the version of routine that last migrated the store, one
    /// row, written by `migrate` whenever it applies a migration. A later build's
    /// migrations come after this one, so a store an older build refuses names the
    /// version that made it. Not synced: it describes this file, not the person's data.
    static let v8Release = """
        CREATE TABLE store_release (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          version TEXT NOT NULL CHECK (length(version) BETWEEN 1 AND 64)
        );
        """

    /// v9-habit-targets (SPEC §18.1, issue 28): a habit's frequency (`per:N/P`, which
    /// excludes its `days:`/`every:` schedule: the application writes one of the two
    /// columns, `Schedule` holds either) and its day target (`at-least:V` or `at-most:V`),
    /// with the habit and with each routine version's declarations. (v3's CHECK on
    /// `schedule` names only `days:` and `every:`, and SQLite changes a CHECK only by
    /// rebuilding the table, which the sync triggers name: hence a column of its own.)
    ///
    /// A binary habit's `weekly: N` (a whole 1–7, no schedule) was a weekly count of
    /// entries; SPEC §18.1 makes it `per: N/7` (done days), and so it becomes here. A
    /// quantity habit's `weekly` stays its weekly sum goal (docs/file-format.md). The
    /// program that follows gives a store set up for sync capture triggers that send the
    /// new fields.
    static let v9HabitTargets = """
        ALTER TABLE habit ADD COLUMN frequency TEXT CHECK (frequency IS NULL OR frequency GLOB 'per:*');
        ALTER TABLE habit ADD COLUMN day_target TEXT
          CHECK (day_target IS NULL OR day_target GLOB 'at-least:*' OR day_target GLOB 'at-most:*');
        ALTER TABLE routine_habit ADD COLUMN frequency TEXT CHECK (frequency IS NULL OR frequency GLOB 'per:*');
        ALTER TABLE routine_habit ADD COLUMN day_target TEXT
          CHECK (day_target IS NULL OR day_target GLOB 'at-least:*' OR day_target GLOB 'at-most:*');
        UPDATE habit SET frequency = 'per:' || CAST(weekly AS INTEGER) || '/7', weekly = NULL
        WHERE measure_id IS NULL AND schedule IS NULL AND weekly IN (1, 2, 3, 4, 5, 6, 7);
        """

    /// v10-run-day (issue 26): runs by day. `today` asks for the runs of one day and the ledger for
    /// every run's day, routine and status; without an index each read scanned every
    /// run with its saved walker state (22 MB over 10 years). The index holds the three
    /// columns, so neither read touches the table.
    static let v10RunDay = """
        CREATE INDEX run_day ON run(day_key, routine_version_id, status);
        """

    /// v11-habit-notes (SPEC §18.2, issue 28): what people write about a habit and an
    /// answer, kept by the importers. A habit's description (Loop's question and
    /// description, HabitBull's HabitDescription, `routine habit describe`) and a
    /// recorded step's note (Daylio's note of a mood). Both nullable, both free text; an
    /// entry has had its note since v1. The program that follows gives a store set up for
    /// sync capture triggers that send them.
    static let v11HabitNotes = """
        ALTER TABLE habit ADD COLUMN description TEXT;
        ALTER TABLE run_step ADD COLUMN note TEXT;
        """

    /// v12-ledger-window (issue 26, issue 30): each habit's first recorded step. A ledger that
    /// reads only a window of days (SPEC §17) still needs each habit's first day, which a
    /// step before the habit's creation decides (a routine imported after runs recorded with
    /// `--day`, or pulled); with the index it is two index look-ups per habit name, not a
    /// scan of every step.
    static let v12LedgerWindow = """
        CREATE INDEX run_step_habit_day ON run_step(text, day_key) WHERE kind = 'habit' AND retracted_at IS NULL;
        """

    /// v14 (issues 26 and 32): what the ledger reads of a lifetime of rows, in indexes it
    /// reads alone (partial: live rows only), in the order it files them — the habit steps
    /// by day, routine and row; the steps pulled from other devices (no run of this store)
    /// by day and routine; the live entries by habit, day and row. Each table is then read
    /// without its wide rows (uids, times, notes). The columns of each index's condition
    /// close it (one byte each, NULL; `kind` 'habit') so that SQLite knows it covers the
    /// query and never looks a row up. Nothing is rewritten.
    static let v14LedgerCovering = """
        CREATE INDEX run_step_ledger ON run_step(day_key, routine_id, id, text, outcome, reason, kind, retracted_at)
          WHERE kind = 'habit' AND retracted_at IS NULL;
        CREATE INDEX run_step_pulled ON run_step(day_key, routine_id, run_id, retracted_at)
          WHERE run_id IS NULL AND retracted_at IS NULL;
        CREATE INDEX habit_entry_ledger ON habit_entry(habit_id, day_key, id, value, deleted_at)
          WHERE deleted_at IS NULL;
        """

    /// v15-entry-indexes (issues 28 and 32): one index on `habit_entry`'s habit and day
    /// instead of two. `habit_entry_ledger` (v14) now holds every row, deleted ones too
    /// (it was partial, live rows only), so it serves whatever `habit_entry_habit_day`
    /// served — a habit's entries, a habit on a day, with or without the deleted ones —
    /// and, as before, the ledger's whole-history read alone. Every bulk load built both
    /// again after its rows (docs/PERFORMANCE.md, "Narrower entry indexes"). Nothing is
    /// rewritten; the name and columns the ledger reads by (`INDEXED BY
    /// habit_entry_ledger`) stay. `habit_entry_day` stays: the ledger's window and the
    /// day reads name no habit.
    static let v15EntryIndexes = """
        DROP INDEX habit_entry_habit_day;
        DROP INDEX habit_entry_ledger;
        CREATE INDEX habit_entry_ledger ON habit_entry(habit_id, day_key, id, value, deleted_at);
        """

    /// A random version-4 UUID, lower-case, in SQL (for entries made before uids).
    static let uuidSQL = """
        lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
          || substr(lower(hex(randomblob(2))), 2) || '-'
          || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
          || lower(hex(randomblob(6)))
        """

    /// v4 (SPEC §11): a stable `uid` for every entry (existing ones get one now; an
    /// insert that gives none gets one from the trigger), and the archive marks of
    /// habits and routines. (Written beside v3 in the same release; it depends on nothing
    /// after v2.)
    static let v4 = """
        ALTER TABLE habit_entry ADD COLUMN uid TEXT CHECK (uid IS NULL OR length(uid) = 36);
        UPDATE habit_entry SET uid = \(uuidSQL);
        CREATE UNIQUE INDEX habit_entry_uid ON habit_entry(uid);
        CREATE TRIGGER habit_entry_uid_default AFTER INSERT ON habit_entry WHEN NEW.uid IS NULL
        BEGIN
          UPDATE habit_entry SET uid = \(uuidSQL) WHERE id = NEW.id;
        END;
        \(entryUIDKept)
        ALTER TABLE habit ADD COLUMN archived_at TEXT;
        ALTER TABLE routine ADD COLUMN archived_at TEXT;
        """

    /// The trigger that refuses to change or clear an entry's uid (v4; made again by v13,
    /// whose conversion it would refuse).
    static let entryUIDKept = """
        CREATE TRIGGER habit_entry_uid_kept BEFORE UPDATE OF uid ON habit_entry
        WHEN OLD.uid IS NOT NULL AND (NEW.uid IS NULL OR NEW.uid <> OLD.uid)
        BEGIN
          SELECT RAISE(ABORT, 'an entry uid never changes');
        END;
        """

    /// v5-run-status (issue 17): a run's status is stored once, in `run.status`. Saved walker states
    /// of format 1 also held one — a second copy that could disagree (a run aborted from
    /// outside kept `active` there). Each such state loses it and becomes format 2; a
    /// state that is not a JSON object of format 1 (damaged, or written by hand) is left
    /// as it is: resuming rebuilds an unreadable state from the run's entries. Named
    /// rather than numbered alone, as other work of the same release adds migrations.
    static let v5RunStatus = """
        UPDATE run
        SET walker_state = CAST(json_set(json_remove(CAST(walker_state AS TEXT), '$.status'), '$.format', 2) AS BLOB)
        WHERE json_valid(CAST(walker_state AS TEXT))
          AND json_type(CAST(walker_state AS TEXT)) = 'object'
          AND json_type(CAST(walker_state AS TEXT), '$.format') = 'integer'
          AND json_extract(CAST(walker_state AS TEXT), '$.format') = 1;
        """

    /// v5 (SPEC §14.1): every step of a run as it happens — a question's answer with its
    /// texts, each habit's outcome — and answers imported from CSV (no run). Texts are
    /// copied, so editing a routine changes no recorded answer; `outcome` is text
    /// (`answered`, `done`, `skipped`, `declined`, `not-due`, `already-done`, …) so a new
    /// kind of step needs no migration. A step undone by `back` is kept with
    /// `retracted_at`, as a deleted entry is. `position` orders a run's live steps;
    /// `day_key` and `routine_id` are the step's own facts (an imported answer has no run).
    static let v5 = """
        CREATE TABLE run_step (
          id INTEGER PRIMARY KEY,
          uid TEXT NOT NULL UNIQUE CHECK (length(uid) = 36),
          run_id TEXT REFERENCES run(id),
          routine_id INTEGER NOT NULL REFERENCES routine(id),
          position INTEGER NOT NULL CHECK (position >= 0),
          node_id TEXT NOT NULL CHECK (length(node_id) > 0),
          kind TEXT NOT NULL CHECK (kind IN ('question', 'habit')),
          text TEXT NOT NULL,
          outcome TEXT NOT NULL CHECK (length(outcome) > 0),
          option_text TEXT,
          option_position INTEGER CHECK (option_position IS NULL OR option_position >= 0),
          value REAL CHECK (value IS NULL OR value >= 0),
          reason TEXT,
          entry_id INTEGER REFERENCES habit_entry(id),
          day_key TEXT NOT NULL CHECK (day_key GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          recorded_at TEXT NOT NULL,
          time_zone TEXT NOT NULL,
          retracted_at TEXT,
          CHECK ((kind = 'question') = (outcome = 'answered')),
          CHECK ((outcome = 'answered') = (option_text IS NOT NULL))
        );
        CREATE UNIQUE INDEX run_step_live ON run_step(run_id, position)
          WHERE run_id IS NOT NULL AND retracted_at IS NULL;
        CREATE INDEX run_step_answer ON run_step(routine_id, node_id, day_key) WHERE outcome = 'answered';
        CREATE INDEX run_step_day ON run_step(day_key);
        CREATE TRIGGER run_step_uid_kept BEFORE UPDATE OF uid ON run_step WHEN NEW.uid <> OLD.uid
        BEGIN
          SELECT RAISE(ABORT, 'a step uid never changes');
        END;
        """

    /// v13-uid-blobs (issue 32): the uids of entries, recorded steps and pauses — the tables
    /// a bulk load and a first pull fill by the hundred thousand — stored as their 16 bytes
    /// (a BLOB) instead of 36 characters of text: each row and each uid index entry is 20
    /// bytes shorter, and an index compares 16 bytes, not a string. Their text form is
    /// unchanged wherever a person or a file sees one (`StoredUID`).
    ///
    /// The column's CHECK (and its declared type) change in the schema text itself
    /// (`writable_schema`, which SQLite allows for a constraint that every row then meets:
    /// the rows are converted in the same transaction), not by rebuilding the tables: a
    /// rebuild needs foreign keys off, which SQLite allows only outside the transaction
    /// every migration runs in, and `run_step`'s UNIQUE column cannot be dropped. The
    /// triggers that name the uid are made again: the two that refuse a changed uid (they
    /// would refuse the conversion) and the two that give a row without a uid one (now 16
    /// random bytes: only a row written by hand has none). A uid text that is not a UUID
    /// (only a store edited by hand holds one) becomes the name-based UUID of that text
    /// (`StoredUID.migrated`), the same on every device. Its program makes the sync capture
    /// triggers of the three tables again, which now send the uid's text.
    static let v13UIDBlobs = """
        PRAGMA writable_schema = ON;
        UPDATE sqlite_master
        SET sql = replace(sql, 'uid TEXT CHECK (uid IS NULL OR length(uid) = 36)',
          'uid BLOB CHECK (uid IS NULL OR (typeof(uid) = ''blob'' AND length(uid) = 16))')
        WHERE type = 'table' AND name IN ('habit_entry', 'pause');
        UPDATE sqlite_master
        SET sql = replace(sql, 'uid TEXT NOT NULL UNIQUE CHECK (length(uid) = 36)',
          'uid BLOB NOT NULL UNIQUE CHECK (typeof(uid) = ''blob'' AND length(uid) = 16)')
        WHERE type = 'table' AND name = 'run_step';
        PRAGMA writable_schema = RESET;
        DROP TRIGGER habit_entry_uid_kept;
        DROP TRIGGER habit_entry_uid_default;
        DROP TRIGGER run_step_uid_kept;
        DROP TRIGGER pause_uid_default;
        UPDATE habit_entry SET uid = uid_from_text(uid) WHERE uid IS NOT NULL;
        UPDATE run_step SET uid = uid_from_text(uid);
        UPDATE pause SET uid = uid_from_text(uid) WHERE uid IS NOT NULL;
        CREATE TRIGGER habit_entry_uid_default AFTER INSERT ON habit_entry WHEN NEW.uid IS NULL
        BEGIN
          UPDATE habit_entry SET uid = randomblob(16) WHERE id = NEW.id;
        END;
        \(entryUIDKept)
        CREATE TRIGGER run_step_uid_kept BEFORE UPDATE OF uid ON run_step WHEN NEW.uid <> OLD.uid
        BEGIN
          SELECT RAISE(ABORT, 'a step uid never changes');
        END;
        CREATE TRIGGER pause_uid_default AFTER INSERT ON pause WHEN NEW.uid IS NULL
        BEGIN
          UPDATE pause SET uid = randomblob(16) WHERE id = NEW.id;
        END;
        """
}
