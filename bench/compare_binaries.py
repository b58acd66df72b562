#!/usr/bin/env python3
"""Two builds of routine side by side on the bulk paths, with their anchors, in one run.

    python3 bench/compare_binaries.py BEFORE AFTER [--runs N] [--only import,import-from,import-answers,pull,check]

For each scenario the inputs are made once; then each run times BEFORE, AFTER and the
anchor in turn (alternating, so that the load of a shared machine falls on all three
alike). Prints medians of wall and CPU (user + system of the child) time, the ratios to
the anchor, and the load average before and after. Used for the 16-byte uids (issue 32,
docs/PERFORMANCE.md "Uids as 16 bytes").
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from bench import run_timed  # noqa: E402


def fresh(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    return path


def side_by_side(name, sides, runs, per=None):
    """`sides`: (label, function returning (seconds with .cpu, rss)). Alternates them."""
    times = {label: [] for label, _ in sides}
    for _ in range(runs):
        for label, run in sides:
            times[label].append(run()[0])
    print(f"{name}  (load before: {os.getloadavg()[0]:.1f})")
    anchor = statistics.median(times[sides[-1][0]])
    anchor_cpu = statistics.median(t.cpu for t in times[sides[-1][0]])
    for label, _ in sides:
        wall = statistics.median(times[label])
        cpu = statistics.median(t.cpu for t in times[label])
        line = f"  {label:8} wall {wall * 1000:9.1f} ms  CPU {cpu * 1000:9.1f} ms"
        if label != sides[-1][0]:
            line += f"   ratio to anchor: wall {wall / anchor:5.2f}x  CPU {cpu / anchor_cpu:5.2f}x"
        if per:
            line += f"   ({cpu / per * 1e6:.2f} us CPU a row)"
        print(line, flush=True)
    print(f"  load after: {os.getloadavg()[0]:.1f}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="import,import-from,import-answers,pull")
    args = parser.parse_args()
    only = args.only.split(",")
    work = tempfile.mkdtemp(prefix="routine-compare-")
    env = dict(os.environ, ROUTINE_NOW="2026-11-22T06:30:00Z", TZ="UTC", NO_COLOR="1")
    env.pop("ROUTINE_STORE", None)
    binaries = [("before", args.before), ("after", args.after)]
    import gen_entries
    csv_path = os.path.join(work, "history.csv")
    if only != ["check"]:
        rows = gen_entries.write(csv_path, habits=100, days=3650, seed=2)
    try:
        if "check" in only:
            import gen_routine
            yaml_path, edges_path = os.path.join(work, "big.yaml"), os.path.join(work, "big.edges")
            gen_routine.write(100_000, yaml_path, edges_path, seed=1)

            def check(binary):
                return lambda: run_timed([binary, "check", yaml_path], env=env)
            side_by_side("check: 100,000-node routine vs tsort on its edges",
                         [(label, check(b)) for label, b in binaries]
                         + [("tsort", lambda: run_timed(["tsort", edges_path]))], args.runs)

        if "import" in only:
            def ours(binary):
                return lambda: run_timed([binary, "--store", fresh(os.path.join(work, "imp.sqlite")),
                                          "import-entries", "--new", csv_path], env=env)

            def anchor():
                return run_timed(["sqlite3", fresh(os.path.join(work, "anchor.sqlite")),
                                  ".import --csv " + csv_path + " entries"])
            side_by_side(f"import-entries: {rows:,} rows vs sqlite3 .import",
                         [(label, ours(b)) for label, b in binaries] + [("anchor", anchor)], args.runs)

        if "import-from" in only:
            import import_from_bench
            loop_path = os.path.join(work, "loop.db")
            repetitions = import_from_bench.write_loop_db(loop_path, habits=100)

            def loop(binary):
                return lambda: run_timed([binary, "--store", fresh(os.path.join(work, "loop.sqlite")),
                                          "import-from", "loop", loop_path], env=env)

            def copy():
                return run_timed(["sqlite3", fresh(os.path.join(work, "copied.sqlite")),
                                  f"ATTACH '{loop_path}' AS loop; "
                                  "CREATE TABLE repetition AS SELECT * FROM loop.Repetitions;"])
            side_by_side(f"import-from loop: {repetitions:,} repetitions vs sqlite3 copying them",
                         [(label, loop(b)) for label, b in binaries] + [("anchor", copy)], args.runs)

        if "import-answers" in only:
            import answers_bench
            answers_csv = os.path.join(work, "answers.csv")
            routine, answer_rows = answers_bench.write_answers_csv(answers_csv, days=36_500)
            routine_path = os.path.join(work, "answers-bench.yaml")
            with open(routine_path, "w") as f:
                f.write(routine)

            def answers(binary):
                def run():
                    store = fresh(os.path.join(work, "answers.sqlite"))
                    subprocess.run([binary, "--store", store, "import", routine_path], check=True, env=env,
                                   stdout=subprocess.DEVNULL)
                    return run_timed([binary, "--store", store, "import-answers", answers_csv], env=env)
                return run

            def anchor():
                return run_timed(["sqlite3", fresh(os.path.join(work, "answers-anchor.sqlite")),
                                  ".import --csv " + answers_csv + " answers"])
            side_by_side(f"import-answers: {answer_rows:,} rows vs sqlite3 .import of the same CSV",
                         [(label, answers(b)) for label, b in binaries] + [("anchor", anchor)], args.runs,
                         per=answer_rows)

        if "pull" in only:
            import sync_bench
            cluster = sync_bench.Cluster()
            try:
                sync_env = dict(env, ROUTINE_SYNC_PASSPHRASE="correct horse battery staple")
                before = args.before
                base = os.path.join(work, "sync-base.sqlite")
                subprocess.run([before, "--store", base, "import-entries", "--new", csv_path], check=True,
                               env=sync_env, stdout=subprocess.DEVNULL)
                joined = cluster.database("joined")
                first_env = dict(sync_env, XDG_CONFIG_HOME=os.path.join(work, "config-first"))
                for command in (["sync", "init", "--device", "first"], ["sync"]):
                    subprocess.run([before, "--store", base] + command + ["--remote", joined], check=True,
                                   env=first_env, stdout=subprocess.DEVNULL)
                count = [0]

                def second(binary):
                    def run():
                        count[0] += 1
                        store = fresh(os.path.join(work, f"second-{count[0]}.sqlite"))
                        second_env = dict(sync_env, XDG_CONFIG_HOME=os.path.join(work, f"config-{count[0]}"))
                        subprocess.run([binary, "--store", store, "sync", "init", "--device", f"second-{count[0]}",
                                        "--remote", joined], check=True, env=second_env, stdout=subprocess.DEVNULL)
                        elapsed = run_timed([binary, "--store", store, "sync", "--remote", joined], env=second_env)
                        os.remove(store)
                        return elapsed
                    return run

                def plaintext():
                    count[0] += 1
                    name = f"plain{count[0]}"
                    cluster.database(name)
                    subprocess.run(cluster.psql(name) + ["-c", "create table entries (habit text, day_key text, "
                                                               "value float8, note text, ts text, tz text)"],
                                   check=True, stdout=subprocess.DEVNULL)
                    return run_timed(cluster.psql(name) + ["-c", f"\\copy entries from '{csv_path}' csv header"])
                side_by_side(f"a second device's first sync (pulls and applies {rows:,} entries) vs psql \\copy",
                             [(label, second(b)) for label, b in binaries] + [("anchor", plaintext)],
                             max(3, args.runs - 2))
            finally:
                cluster.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
