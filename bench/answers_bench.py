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


def write_answers_csv(path, questions=10, days=36_500, seed=7):
    """An answers CSV as `answers --format csv` writes it (uids, question texts, option
    numbers, instants and zones): `questions` questions of one routine answered every
    day for `days` days ending 2026-11-21 (365,000 rows by default). Returns the
    routine's YAML and the row count."""
    import uuid
    rng = random.Random(seed)
    options = ["Great!", "Okay", "Not so good"]
    nodes = [f"q{n}" for n in range(questions)]
    routine = "routine: answers-bench\nstart: [q0]\nnodes:\n" + "".join(
        f"  {node}:\n    question: Question {node}?\n    options:\n"
        + "".join(f"      - text: \"{option}\"\n" for option in options)
        + (f"    next: [{nodes[i + 1]}]\n" if i + 1 < len(nodes) else "")
        for i, node in enumerate(nodes))
    end = datetime.date(2026, 11, 21)
    rows = 0
    with open(path, "w") as f:
        f.write("uid,dayKey,routine,node,question,answer,option,timestamp,timeZone\n")
        for n in range(days):
            day = (end - datetime.timedelta(days=days - 1 - n)).isoformat()
            for node in nodes:
                pick = rng.randrange(3)
                uid = uuid.UUID(int=rng.getrandbits(128), version=4)
                f.write(f"{uid},{day},answers-bench,{node},Question {node}?,{options[pick]},{pick + 1},"
                        f"{day}T07:{rng.randrange(60):02d}:00Z,Europe/Paris\n")
                rows += 1
    return routine, rows


def import_answers_scenario(binary, work, env, runs, results, run_timed, quick):
    """`import-answers` of an answers CSV into a store holding its routine, against
    `import-entries --new` of a CSV history (`gen_entries.py`) into a new store, in the
    same run, alternating; compared per row (issue 32: within 3x of import-entries)."""
    import statistics
    import gen_entries
    days = 3_650 if quick else 36_500
    answers_csv = os.path.join(work, "answers-import.csv")
    routine, answer_rows = write_answers_csv(answers_csv, days=days)
    routine_path = os.path.join(work, "answers-bench.yaml")
    with open(routine_path, "w") as f:
        f.write(routine)
    entries_csv = os.path.join(work, "entries-import.csv")
    entry_rows = gen_entries.write(entries_csv, habits=10 if quick else 100, days=3650, seed=2)

    def fresh(name):
        path = os.path.join(work, name)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        return path

    def answers():
        store = fresh("answers-import.sqlite")
        subprocess.run([binary, "--store", store, "import", routine_path], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        return run_timed([binary, "--store", store, "import-answers", answers_csv], env=env)

    def entries():
        return run_timed([binary, "--store", fresh("entries-import.sqlite"), "import-entries", "--new", entries_csv],
                         env=env)

    times_a, times_b, rss_a, rss_b = [], [], [], []
    for _ in range(runs):
        t, rss = answers()
        times_a.append(t)
        rss_a.append(rss)
        t, rss = entries()
        times_b.append(t)
        rss_b.append(rss)
    ma, mb = statistics.median(times_a), statistics.median(times_b)
    per_a, per_b = ma / answer_rows * 1e6, mb / entry_rows * 1e6
    ratio = per_a / per_b
    cpu_a = statistics.median(t.cpu for t in times_a) / answer_rows * 1e6
    cpu_b = statistics.median(t.cpu for t in times_b) / entry_rows * 1e6
    print(f"import-answers: {answer_rows:,} rows vs import-entries: {entry_rows:,} rows, per row\n"
          f"  import-answers: median {ma*1000:9.1f} ms = {per_a:6.2f} us a row   peak RSS {max(rss_a)/1024:7.1f} MiB"
          f"\n  import-entries: median {mb*1000:9.1f} ms = {per_b:6.2f} us a row   peak RSS {max(rss_b)/1024:7.1f} MiB"
          f"\n  ratio a row:    {ratio:6.2f}x   (target: within 3x of import-entries a row)"
          f"\n  CPU a row:      import-answers {cpu_a:6.2f} us, import-entries {cpu_b:6.2f} us, ratio {cpu_a / cpu_b:6.2f}x",
          flush=True)
    results.append({"scenario": "import-answers a row vs import-entries a row", "routine_ms": ma * 1000,
                    "anchor_ms": mb * 1000, "ratio": ratio, "peak_rss_mib": max(rss_a) / 1024,
                    "target": "within 3x a row"})
