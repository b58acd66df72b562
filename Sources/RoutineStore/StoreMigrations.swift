import GRDB

/// The store's schema history. Each migration is SQL text, registered once and never
/// edited after it has landed: a store made by an older build replays only the newer
/// ones. New schema changes get a new migration at the end of `all`.
enum StoreMigrations {
    /// Every migration in order: (identifier, SQL).
    static let all: [(String, String)] = [("v1", v1), ("v2", v2), ("v3", v3)]

    /// A migrator that knows the first `count` migrations (tests build old stores with it).
    static func migrator(upTo count: Int = all.count) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, sql) in all.prefix(count) {
            migrator.registerMigration(identifier) { db in try db.execute(sql: sql) }
        }
        return migrator
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
          from_day TEXT NOT NULL CHECK (from_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          to_day TEXT NOT NULL CHECK (to_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          created_at TEXT NOT NULL,
          CHECK (from_day <= to_day)
        );
        CREATE TABLE goal_link (
          goal_id INTEGER NOT NULL REFERENCES goal(id) ON DELETE CASCADE,
          habit_id INTEGER NOT NULL REFERENCES habit(id),
          position INTEGER NOT NULL,
          PRIMARY KEY (goal_id, habit_id)
        );
        CREATE INDEX goal_link_habit ON goal_link(habit_id);
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
          from_day TEXT NOT NULL CHECK (from_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          to_day TEXT NOT NULL CHECK (to_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
          note TEXT,
          created_at TEXT NOT NULL,
          CHECK (from_day <= to_day)
        );
        CREATE TABLE pause_habit (
          pause_id INTEGER NOT NULL REFERENCES pause(id) ON DELETE CASCADE,
          habit_id INTEGER NOT NULL REFERENCES habit(id),
          position INTEGER NOT NULL,
          PRIMARY KEY (pause_id, habit_id)
        );
        CREATE INDEX pause_habit_habit ON pause_habit(habit_id);
        """
}
