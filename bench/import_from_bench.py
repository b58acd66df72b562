"""`bench/run --only import-from`: ten years of Loop Habit Tracker data (100 habits x 3,650
days = 365,000 repetitions) imported by `routine import-from loop` into a new store, against
sqlite3 copying the same rows into a table of a new database (target: within 3x).

The database is written as Loop 2.x writes it: schema 25, from Loop's own migrations
(iSoron/uhabits uhabits-core/src/jvmMain/resources/migrations/09.sql ... 25.sql, the
statements that shape the tables)."""
import os
import random
import sqlite3

MIGRATIONS = [
    """create table Habits (id integer primary key autoincrement, archived integer, color integer,
       description text, freq_den integer, freq_num integer, highlight integer, name text,
       position integer, reminder_hour integer, reminder_min integer)""",
    """create table Repetitions (id integer primary key autoincrement,
       habit integer references habits(id), timestamp integer)""",
    "alter table Habits add column reminder_days integer not null default 127",
    "alter table Habits add column type integer not null default 0",
    "alter table Repetitions add column value integer not null default 2",
    "alter table Habits add column target_type integer not null default 0",
    "alter table Habits add column target_value real not null default 0",
    "alter table Habits add column unit text not null default ''",
    "create table Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer)",
    "alter table Repetitions rename to RepetitionsBak",
    """create table Repetitions (id integer primary key autoincrement,
       habit integer not null references habits(id), timestamp integer not null, value integer not null)""",
    "create unique index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp)",
    "drop table RepetitionsBak",
    "alter table Habits add column question text",
    "alter table habits add column uuid text",
    "alter table Repetitions add column notes text",
]


def write_loop_db(path, habits=100, days=3650, seed=3):
    """Writes the database; returns the number of repetitions."""
    if os.path.exists(path):
        os.remove(path)
    rng = random.Random(seed)
    db = sqlite3.connect(path)
    for sql in MIGRATIONS:
        db.execute(sql)
    db.execute("PRAGMA user_version = 25")
    first = 20_412 - days  # days since 1970 (2025-11-21 is 20,413)
    rows = 0
    for h in range(1, habits + 1):
        numerical = h % 2 == 0
        num, den = [(1, 1), (1, 2), (3, 7), (2, 30)][h % 4]
        db.execute(
            "INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,"
            " type, target_type, target_value, unit, question, uuid) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (h, 0, h % 20, "", den, num, 0, f"Habit {h}", h, 1 if numerical else 0, h % 3 == 0 and 1 or 0,
             5.0 if numerical else 0.0, "min" if numerical else "", f"Did you do habit {h}?", f"{h:032x}"))
        batch = []
        for d in range(days):
            if numerical:
                value = rng.randrange(0, 60) * 1000
            else:
                value = rng.choice((2, 2, 2, 1, 0, 3, -1))
            note = "a note" if rng.random() < 0.05 else None
            batch.append((h, (first + d) * 86_400_000, value, note))
        db.executemany("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?,?,?,?)", batch)
        rows += len(batch)
    db.commit()
    db.close()
    return rows


def import_from_scenario(binary, work, env, runs, results, compare, run_timed, quick):
    habits = 20 if quick else 100
    loop_path = os.path.join(work, "loop.db")
    rows = write_loop_db(loop_path, habits=habits)

    def ours():
        path = os.path.join(work, "imported.sqlite")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        return run_timed([binary, "--store", path, "import-from", "loop", loop_path], env=env)

    def anchor():
        path = os.path.join(work, "copied.sqlite")
        if os.path.exists(path):
            os.remove(path)
        return run_timed(["sqlite3", path,
                          f"ATTACH '{loop_path}' AS loop; "
                          "CREATE TABLE repetition AS SELECT * FROM loop.Repetitions;"])

    results.append(compare(f"import-from loop: {habits} habits, {rows:,} repetitions vs sqlite3 copying them",
                           ours, anchor, runs, "within 3x"))
