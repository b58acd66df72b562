"""The answers scenarios (SPEC §14): `insights` and `answers QUESTION --calendar` over a
lifetime store — 10 years of daily check-ins answering 3 questions, with 5 habits
logged by hand on about half the days — each against the same figures computed in SQL
(`answers.sql`) with sqlite3 on the same store, in the same run."""
import datetime
import os
import random
import subprocess

QUESTIONS = {
    "mood": ("How are you feeling today?", ["Great!", "Okay", "Not so good"]),
    "sleep": ("How did you sleep?", ["Well", "So-so", "Badly"]),
    "energy": ("How is your energy?", ["High", "Medium", "Low"]),
}
HABITS = ["Walk", "Meditate", "Read", "Stretch", "Journal"]

ROUTINE = """routine: lifetime
start: [mood]
nodes:
""" + "".join(
    f"  {node}:\n    question: {text}\n    options:\n"
    + "".join(f"      - text: \"{option}\"\n" for option in options)
    + (f"    next: [{nxt}]\n" if nxt else "")
    for (node, (text, options)), nxt in zip(QUESTIONS.items(), ["sleep", "energy", None]))


def write_store(binary, work, env, days=3650, seed=5):
    """Imports the routine, the answers (CSV) and the entries (CSV); returns the store."""
    rng = random.Random(seed)
    store = os.path.join(work, "lifetime.sqlite")
    routine = os.path.join(work, "lifetime.yaml")
    with open(routine, "w") as f:
        f.write(ROUTINE)
    end = datetime.date(2026, 11, 21)
    answers = ["uid,dayKey,routine,node,question,answer,option,timestamp,timeZone"]
    entries = ["habit,dayKey"]
    walked = False
    for n in range(days):
        day = (end - datetime.timedelta(days=days - 1 - n)).isoformat()
        for node, (_, options) in QUESTIONS.items():
            weights = [0.5, 0.3, 0.2] if walked else [0.25, 0.4, 0.35]
            answers.append(f",{day},lifetime,{node},,{rng.choices(options, weights)[0]},,,")
        walked = rng.random() < 0.5
        for habit in HABITS:
            if (habit == "Walk" and walked) or (habit != "Walk" and rng.random() < 0.5):
                entries.append(f"{habit},{day}")
    answers_csv = os.path.join(work, "answers.csv")
    entries_csv = os.path.join(work, "entries.csv")
    with open(answers_csv, "w") as f:
        f.write("\n".join(answers) + "\n")
    with open(entries_csv, "w") as f:
        f.write("\n".join(entries) + "\n")
    # Each habit is created by one `log --new` the day before the span (import-entries
    # then loads only habits the store knows, whatever it asks of new ones).
    before = (end - datetime.timedelta(days=days)).isoformat()
    commands = [["import", routine]] + [["log", habit, "--day", before, "--new"] for habit in HABITS]
    for command in commands + [["import-entries", entries_csv], ["import-answers", answers_csv]]:
        subprocess.run([binary, "--store", store, *command], check=True, env=env, stdout=subprocess.DEVNULL)
    return store, len(answers) - 1, len(entries) - 1


def answers_scenario(binary, work, env, runs, results, compare, run_timed):
    store, answers, entries = write_store(binary, work, env)
    sql = os.path.join(os.path.dirname(os.path.abspath(__file__)), "answers.sql")
    with open(sql) as f:
        queries = f.read().split("-- calendar\n")
    insights_sql, calendar_sql = os.path.join(work, "insights.sql"), os.path.join(work, "calendar.sql")
    with open(insights_sql, "w") as f:
        f.write(queries[0])
    with open(calendar_sql, "w") as f:
        f.write(queries[1])
    results.append(compare(
        f"insights over 10 years ({answers:,} answers to 3 questions, {entries:,} entries) vs the counts in SQL",
        lambda: run_timed([binary, "--store", store, "insights", "--format", "json"], env=env),
        lambda: run_timed(["sqlite3", store], insights_sql),
        runs, "under 200 ms"))
    results.append(compare(
        "answers mood --calendar (2026) over the same store vs the year's days and counts in SQL",
        lambda: run_timed([binary, "--store", store, "answers", "mood", "--calendar"], env=env),
        lambda: run_timed(["sqlite3", store], calendar_sql),
        runs, "under 200 ms"))
    # The export streams its rows (issue 32): its peak RSS is the figure to watch.
    csv_sql = os.path.join(work, "answers-csv.sql")
    with open(csv_sql, "w") as f:
        f.write(".headers on\n.mode csv\n" + CSV_QUERY)
    results.append(compare(
        f"answers --format csv ({answers:,} answers) vs the same columns with sqlite3 -csv",
        lambda: run_timed([binary, "--store", store, "answers", "--format", "csv"], env=env),
        lambda: run_timed(["sqlite3", store], csv_sql),
        runs, "figures (peak RSS: constant, issue 32)"))


# What `answers --format csv` writes, as SQL (the anchor of its row).
CSV_QUERY = """SELECT s.uid, s.day_key AS dayKey, r.slug AS routine, s.node_id AS node, s.text AS question,
  s.option_text AS answer, s.option_position + 1 AS option, s.recorded_at AS timestamp, s.time_zone AS timeZone
FROM run_step s JOIN routine r ON r.id = s.routine_id
WHERE s.outcome = 'answered' AND s.retracted_at IS NULL ORDER BY s.day_key, s.recorded_at, s.id;
"""
