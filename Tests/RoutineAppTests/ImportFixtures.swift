import EndToEndSupport
import Foundation
import GRDB
import RoutineCore
import ZIPFoundation

/// Files of other habit tools, written by the tests as those tools write them.
enum ImportFixtures {
    /// A Loop habit as the fixtures write it (a row of `Habits`).
    struct LoopHabit {
        var id: Int64
        var name: String
        var type = 0  // YES_NO 0, NUMERICAL 1 (core/models/HabitType.kt)
        var numerator = 1
        var denominator = 1
        var targetType = 0  // AT_LEAST 0, AT_MOST 1 (core/models/NumericalHabitType.kt)
        var targetValue = 0.0
        var unit = ""
        var archived = false
        var question = ""
        var description = ""
        var reminder: (hour: Int, minute: Int)? = nil
    }

    /// A repetition: day, value (core/models/Entry.kt: SKIP 3, YES_MANUAL 2, YES_AUTO 1,
    /// NO 0, UNKNOWN −1; numerical × 1000), notes.
    struct LoopRepetition {
        var habit: Int64
        var day: DayKey
        var value: Int64
        var notes: String = ""
    }

    /// Loop's migrations, from iSoron/uhabits
    /// `uhabits-core/src/jvmMain/resources/migrations/NN.sql`: the statements that shape
    /// the tables (color renumbering and deletes of derived tables left out), by version.
    static let loopMigrations: [(Int, String)] = [
        (
            9,
            """
            create table Habits (
                id integer primary key autoincrement,
                archived integer,
                color integer,
                description text,
                freq_den integer,
                freq_num integer,
                highlight integer,
                name text,
                position integer,
                reminder_hour integer,
                reminder_min integer
            );
            create table Checkmarks (
                id integer primary key autoincrement,
                habit integer references habits(id),
                timestamp integer,
                value integer
            );
            create table Repetitions (
                id integer primary key autoincrement,
                habit integer references habits(id),
                timestamp integer
            );
            create table Streak (
                id integer primary key autoincrement,
                end integer,
                habit integer references habits(id),
                length integer,
                start integer
            );
            create table Score (
                id integer primary key autoincrement,
                habit integer references habits(id),
                score integer,
                timestamp integer
            );
            """
        ),
        (11, "alter table Habits add column reminder_days integer not null default 127;"),
        (
            13,
            """
            create index idx_score_habit_timestamp on Score(habit, timestamp);
            create index idx_checkmark_habit_timestamp on Checkmarks(habit, timestamp);
            create index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
            create index idx_streak_habit_end on Streak(habit, end);
            """
        ),
        (
            16,
            """
            alter table Habits add column type integer not null default 0;
            alter table Repetitions add column value integer not null default 2;
            """
        ),
        (
            17,
            """
            drop table Score;
            create table Score (
                id integer primary key autoincrement,
                habit integer references habits(id),
                score real,
                timestamp integer);
            create index idx_score_habit_timestamp on Score(habit, timestamp);
            """
        ),
        (
            18,
            """
            alter table Habits add column target_type integer not null default 0;
            alter table Habits add column target_value real not null default 0;
            alter table Habits add column unit text not null default "";
            """
        ),
        (
            19,
            """
            create table Events (
                id integer primary key autoincrement,
                timestamp integer,
                message text,
                server_id integer
            );
            """
        ),
        (20, "drop table checkmarks; drop table streak; drop table score;"),
        (
            22,
            """
            alter table Repetitions rename to RepetitionsBak;
            create table Repetitions (
                id integer primary key autoincrement,
                habit integer not null references habits(id),
                timestamp integer not null,
                value integer not null);
            drop index if exists idx_repetitions_habit_timestamp;
            create unique index idx_repetitions_habit_timestamp on Repetitions(
                habit, timestamp);
            insert into Repetitions select * from RepetitionsBak;
            drop table RepetitionsBak;
            """
        ),
        (23, "alter table Habits add column question text; update Habits set question = description;"),
        (24, "alter table habits add column uuid text;"),
        (25, "alter table Repetitions add column notes text;"),
    ]

    /// Writes a Loop database at `version` (25: Loop 2.x; 15: before repetitions had values).
    static func loopDatabase(
        at path: String, version: Int = 25, habits: [LoopHabit], repetitions: [LoopRepetition]
    ) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            for (number, sql) in loopMigrations where number <= min(version, 25) {
                try db.execute(sql: sql)
            }
            try db.execute(sql: "PRAGMA user_version = \(version)")
            for (position, habit) in habits.enumerated() {
                var columns = [
                    "id", "archived", "color", "freq_den", "freq_num", "highlight", "name", "position", "reminder_hour",
                    "reminder_min",
                ]
                var values: [(any DatabaseValueConvertible)?] = [
                    habit.id, habit.archived ? 1 : 0, 3, habit.denominator, habit.numerator, 0, habit.name, position,
                    habit.reminder?.hour, habit.reminder?.minute,
                ]
                // Before 23 the question was kept in `description`.
                columns.append("description")
                values.append(version >= 23 ? habit.description : habit.question)
                if version >= 16 {
                    columns.append("type")
                    values.append(habit.type)
                }
                if version >= 18 {
                    columns += ["target_type", "target_value", "unit"]
                    values += [habit.targetType, habit.targetValue, habit.unit]
                }
                if version >= 23 {
                    columns.append("question")
                    values.append(habit.question)
                }
                if version >= 24 {
                    columns.append("uuid")
                    values.append(String(format: "%032llx", habit.id))
                }
                try db.execute(
                    sql:
                        "INSERT INTO Habits (\(columns.joined(separator: ","))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))",
                    arguments: StatementArguments(values))
            }
            for repetition in repetitions {
                let timestamp = Int64(repetition.day.ordinal) * 86_400_000
                if version >= 25 {
                    try db.execute(
                        sql: "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)",
                        arguments: [repetition.habit, timestamp, repetition.value, repetition.notes])
                } else if version >= 16 {
                    try db.execute(
                        sql: "INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, ?)",
                        arguments: [repetition.habit, timestamp, repetition.value])
                } else {
                    try db.execute(
                        sql: "INSERT INTO Repetitions (habit, timestamp) VALUES (?, ?)",
                        arguments: [repetition.habit, timestamp])
                }
            }
        }
        try queue.close()
    }

    /// Puts the database in WAL mode (as Android's SQLite keeps Loop's), then closes it:
    /// the header says WAL, and no -wal or -shm file is left.
    static func setWAL(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try queue.close()
    }

    /// Another app's SQLite file: a Loop database without Loop's tables.
    static func dropLoopTables(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE Repetitions; DROP TABLE Habits")
        }
        try queue.close()
    }

    /// Loop's CSV export of the same habits, as a zip (core/io/HabitsCSVExporter.kt; the
    /// header of Habits.csv from core/models/HabitList.kt `writeCSV`). `withHeader`: the
    /// v2.3.1 `Checkmarks.csv` (`Date,Value,Notes`, values by name); else the older
    /// header-less form (`date,value` with raw numbers). Loop writes every known day of
    /// a habit's checkmarks, YES_AUTO and NO days too.
    static func loopZip(
        at path: String, habits: [LoopHabit], repetitions: [LoopRepetition], withHeader: Bool,
        extra: [(String, String)] = []
    ) throws {
        var files: [(String, String)] = []
        var habitsCSV =
            "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"
        for (index, habit) in habits.enumerated() {
            let numerical = habit.type == 1
            habitsCSV +=
                [
                    String(format: "%03d", index + 1), csvField(habit.name), numerical ? "NUMERICAL" : "YES_NO",
                    csvField(habit.question), csvField(habit.description), String(habit.numerator),
                    String(habit.denominator), "#FF8F00", numerical ? habit.unit : "",
                    numerical ? (habit.targetType == 1 ? "AT_MOST" : "AT_LEAST") : "",
                    numerical ? String(habit.targetValue) : "", habit.archived ? "true" : "false",
                ].joined(separator: ",") + "\n"
            let sane = habit.name.filter { $0.isLetter || $0.isNumber || " ._-".contains($0) }
            let folder = String(format: "%03d ", index + 1) + sane
            var checkmarks = withHeader ? "Date,Value,Notes\n" : ""
            // Newest first, as Loop's `getKnown()` gives them.
            for repetition in repetitions.filter({ $0.habit == habit.id }).sorted(by: { $0.day > $1.day }) {
                if withHeader {
                    let value =
                        numerical
                        ? String(repetition.value)
                        : ["UNKNOWN", "NO", "YES_AUTO", "YES_MANUAL", "SKIP"][Int(repetition.value) + 1]
                    checkmarks += "\(repetition.day),\(value),\(csvField(repetition.notes))\n"
                } else {
                    checkmarks += "\(repetition.day),\(repetition.value)\n"
                }
            }
            files.append(("\(folder)/Checkmarks.csv", checkmarks))
            files.append(("\(folder)/Scores.csv", "Date,Score\n"))
        }
        files.insert(("Habits.csv", habitsCSV), at: 0)
        files.append(("Checkmarks.csv", "Date,\(habits.map(\.name).joined(separator: ","))\n"))
        try zip(at: path, files: files + extra)
    }

    static func zip(at path: String, files: [(String, String)]) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, text) in files {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
    }

    /// A CSV field quoted when it needs to be (opencsv's `CSVWriter` with quotes off
    /// writes it bare; quoting is what a reader must take anyway).
    static func csvField(_ text: String) -> String {
        guard text.contains(",") || text.contains("\"") || text.contains("\n") else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
