#!/usr/bin/env python3
"""A 10-year lifetime store in minutes (issue 26): writes the last BLOCK days (to 2026-11-21)
of real runs of the bundled routines through the REPL (bench.py's `lifetime_store`), then
copies those days' runs, steps and entries back BLOCK days at a time, with new ids and
uids (entries' and steps' as 16-byte blobs, schema v13), down to 2016-11-24. Writing all
10 years through the REPL took over two hours on a loaded 2-core machine; the copy has the
same shape (3 runs a day: 10,950 runs, ~50,000 steps, ~28,000 entries, 73 MB).

Usage: bench/lifetime_replicate.py BINARY STORE [BLOCK]   (BLOCK a multiple of 21; default 105)
"""
import datetime
import os
import sqlite3
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def shifted(day, days):
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=days)).isoformat()


def replicate(path, block, first="2016-11-24"):
    db = sqlite3.connect(path)
    c = db.cursor()
    runs = c.execute("SELECT id, routine_version_id, day_key, time_zone, status, started_at, updated_at,"
                     " walker_state FROM run").fetchall()
    entries = c.execute("SELECT id, habit_id, day_key, timestamp, time_zone, value, note, run_id, deleted_at"
                        " FROM habit_entry").fetchall()
    steps = c.execute("SELECT run_id, routine_id, position, node_id, kind, text, outcome, option_text,"
                      " option_position, value, reason, entry_id, day_key, recorded_at, time_zone, retracted_at"
                      " FROM run_step").fetchall()
    links = c.execute("SELECT run_id, token, entry_id FROM run_step_entry").fetchall()
    back = block
    while max(shifted(r[2], -back) for r in runs) >= first:
        run_of, entry_of = {}, {}
        for r in runs:
            day = shifted(r[2], -back)
            if day < first:
                continue
            run_of[r[0]] = str(uuid.uuid4())
            c.execute("INSERT INTO run VALUES (?,?,?,?,?,?,?,?)", (run_of[r[0]], r[1], day) + tuple(r[3:]))
        for e in entries:
            day = shifted(e[2], -back)
            if day < first:
                continue
            c.execute("INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone, value, note, run_id,"
                      " deleted_at, uid) VALUES (?,?,?,?,?,?,?,?,?)",
                      (e[1], day, e[3], e[4], e[5], e[6], run_of.get(e[7]), e[8], uuid.uuid4().bytes))
            entry_of[e[0]] = c.lastrowid
        for s in steps:
            day = shifted(s[12], -back)
            if day < first:
                continue
            c.execute("INSERT INTO run_step (uid, run_id, routine_id, position, node_id, kind, text, outcome,"
                      " option_text, option_position, value, reason, entry_id, day_key, recorded_at, time_zone,"
                      " retracted_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                      (uuid.uuid4().bytes, run_of.get(s[0])) + tuple(s[1:11]) + (entry_of.get(s[11]), day)
                      + tuple(s[13:]))
        for run, token, entry in links:
            if run in run_of and entry in entry_of:
                c.execute("INSERT INTO run_step_entry VALUES (?,?,?)", (run_of[run], token, entry_of[entry]))
        back += block
    db.commit()
    return c.execute("SELECT count(*), min(day_key), max(day_key) FROM run").fetchone()


if __name__ == "__main__":
    binary, path = sys.argv[1], sys.argv[2]
    block = int(sys.argv[3]) if len(sys.argv) > 3 else 105
    env = dict(os.environ, ROUTINE_NOW="2026-11-22T06:30:00Z", TZ="UTC", NO_COLOR="1")
    env.pop("ROUTINE_STORE", None)
    bench.lifetime_store(binary, path, env, block)
    print("runs, first day, last day:", replicate(path, block))
