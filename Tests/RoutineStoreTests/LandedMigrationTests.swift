import Testing

@testable import RoutineStore

/// Landed migrations are never edited: the text each one runs stays byte for byte what
/// it ran when it landed, even where the source now shares pieces between migrations.
@Suite struct LandedMigrationTests {
    @Test func v2RunsTheTextItLandedWith() {
        #expect(StoreMigrations.v2 == Self.v2)
    }

    @Test func v3RunsTheTextItLandedWith() {
        #expect(StoreMigrations.v3 == Self.v3)
    }

    private static let v2 = """
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

    private static let v3 = """
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
