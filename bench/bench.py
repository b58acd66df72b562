#!/usr/bin/env python3
"""Benchmarks of routine against anchors, run side by side and alternating.

Each scenario runs the project's command and its anchor in turns (A B A B ...),
takes the median wall time of each, and prints the ratio. Nothing is asserted:
these are figures to compare against the targets in bench/README.md.

Usage: bench/run [--quick] [--runs N] [--only conditions|lifetime|lsp|answers|sync|autosync|import|import-from|import-answers|check|studio]   (builds the release binary first)
"""
import argparse
import datetime
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))


class Seconds(float):
    """Wall seconds, with the child's CPU seconds (user + system) as `cpu`: on a loaded
    machine the CPU time moves less than the wall time."""
    cpu = None


def run_timed(cmd, stdin_path=None, env=None):
    """Runs cmd, returns (wall seconds with `.cpu`, peak RSS in KiB). Fails loudly on a
    non-zero exit."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if stdin_path:
        stdin.close()
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode not in (0, 1):
        raise SystemExit(f"bench: {' '.join(cmd)} exited {proc.returncode}: {err.strip()[:500]}")
    seconds = Seconds(elapsed)
    seconds.cpu = usage.ru_utime + usage.ru_stime
    return seconds, usage.ru_maxrss


def compare(name, ours, anchor, runs, target):
    """Alternates the two commands `runs` times each; prints medians and the ratio."""
    times_a, times_b, rss_a = [], [], []
    for _ in range(runs):
        t, rss = ours()
        times_a.append(t)
        rss_a.append(rss)
        t, _ = anchor()
        times_b.append(t)
    ma, mb = statistics.median(times_a), statistics.median(times_b)
    ratio = ma / mb if mb > 0 else float("inf")
    cpu = ""
    if all(getattr(t, "cpu", None) is not None for t in times_a + times_b):
        ca, cb = statistics.median(t.cpu for t in times_a), statistics.median(t.cpu for t in times_b)
        cpu = f"\n  CPU:     routine {ca*1000:9.1f} ms, anchor {cb*1000:9.1f} ms, ratio {ca / cb if cb > 0 else float('inf'):6.2f}x"
    print(f"{name}\n  routine: median {ma*1000:9.1f} ms   peak RSS {max(rss_a)/1024:7.1f} MiB"
          f"\n  anchor:  median {mb*1000:9.1f} ms\n  ratio:   {ratio:6.2f}x   (target: {target}){cpu}", flush=True)
    return {"scenario": name, "routine_ms": ma * 1000, "anchor_ms": mb * 1000, "ratio": ratio,
            "peak_rss_mib": max(rss_a) / 1024, "target": target}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/routine"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer runs")
    parser.add_argument(
        "--only", choices=["conditions", "lifetime", "lsp", "answers", "sync", "autosync", "import", "import-from", "import-answers", "check", "studio"],
        help="run one scenario only")
    parser.add_argument("--previous", help="with --only lifetime or sync: a git revision to build and time beside")
    args = parser.parse_args()
    runs = 3 if args.quick else args.runs
    binary = args.binary
    if not os.path.exists(binary):
        raise SystemExit(f"bench: no binary at {binary}; run bench/run, which builds it")

    import gen_routine
    import gen_entries
    import answers_bench

    work = tempfile.mkdtemp(prefix="routine-bench-")
    env = dict(os.environ, ROUTINE_NOW="2026-11-22T06:30:00Z", TZ="UTC", NO_COLOR="1")
    env.pop("ROUTINE_STORE", None)
    results = []
    print(f"routine benchmarks — {datetime.date.today()} — {platform.node()} — "
          f"{os.cpu_count()} cores — runs per side: {runs}\n", flush=True)

    if args.only == "lifetime":
        lifetime_scenario(binary, work, env, runs, results, args.previous, 400 if args.quick else 3650)
        shutil.rmtree(work, ignore_errors=True)
        return

    if args.only == "conditions":
        conditions_scenario(binary, work, env, runs, results)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "lsp":
        import lsp_bench
        results += lsp_bench.lsp_scenarios(binary, env, args.quick, ROOT, runs)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "answers":
        answers_bench.answers_scenario(binary, work, env, runs, results, compare, run_timed)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "check":
        check_scenario(binary, work, env, runs, results, args.quick)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "studio":
        import studio_bench
        studio_bench.studio_scenario(binary, work, env, runs, results, run_timed, args.quick)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "import-answers":
        answers_bench.import_answers_scenario(binary, work, env, runs, results, run_timed, args.quick)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "import":
        import_scenario(binary, work, env, runs, results, args.quick)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "autosync":
        import sync_bench
        sync_bench.autosync_scenario(binary, work, env, runs, results, compare, run_timed)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "import-from":
        import import_from_bench
        import_from_bench.import_from_scenario(binary, work, env, runs, results, compare, run_timed, args.quick)
        shutil.rmtree(work, ignore_errors=True)
        return
    if args.only == "sync":
        import sync_bench
        previous = build_previous(args.previous) if args.previous else None
        sync_bench.sync_scenario(binary, work, env, runs, results, compare, run_timed, previous, args.quick)
        shutil.rmtree(work, ignore_errors=True)
        return

    # 1. check on a generated routine vs tsort and networkx on the same edges.
    yaml_path, nodes = check_scenario(binary, work, env, runs, results, args.quick)

    # 2. A whole dry run of a stored routine with piped answers vs one sqlite3 query.
    store = os.path.join(work, "store.sqlite")
    subprocess.run([binary, "--store", store, "import", os.path.join(ROOT, "routines")],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    answers = os.path.join(work, "answers.txt")
    with open(answers, "w") as f:
        f.write("1\ny\n12\ny\n")
    small = os.path.join(work, "small.sqlite")
    subprocess.run(["sqlite3", small, "create table t(a); insert into t values (1),(2),(3);"], check=True)
    results.append(compare(
        "dry run of morning-checkin, piped answers, start-up included vs sqlite3 one query",
        lambda: run_timed([binary, "--store", store, "run", "morning-checkin", "--dry-run"], answers, env),
        lambda: run_timed(["sqlite3", small, "select count(*) from t;"]),
        runs, "within 3x"))

    # 3. import-entries of a 10-year, 100-habit history vs sqlite3 .import.
    import_ours, import_anchor, habits, rows = import_scenario(binary, work, env, runs, results, args.quick)

    # 4. stats over that history vs the same figures computed in SQL.
    stats_store = os.path.join(work, "imp.sqlite")
    anchor_db = os.path.join(work, "anchor.sqlite")
    import_ours()
    import_anchor()
    stats_sql = os.path.join(ROOT, "bench", "stats.sql")
    results.append(compare(
        f"stats: {habits} habits, {rows:,} entries vs the same figures in SQL (sqlite3)",
        lambda: run_timed([binary, "--store", stats_store, "stats", "--day", "2026-11-22", "--format", "json"], env=env),
        lambda: run_timed(["sqlite3", anchor_db], stats_sql),
        runs, "within 2x"))

    # 5. backup and restore of that history (SPEC §11) vs sqlite3's own .backup, and
    #    restore (checks, upgraded copy, one rename) vs sqlite3 integrity_check + cp.
    backup_path = os.path.join(work, "backup.sqlite")
    results.append(compare(
        f"backup: store of {rows:,} entries vs sqlite3 .backup",
        lambda: run_timed([binary, "--store", stats_store, "backup", "--force", backup_path], env=env),
        lambda: run_timed(["sqlite3", stats_store, ".backup " + os.path.join(work, "anchor-backup.sqlite")]),
        runs, "within 3x"))
    restored = os.path.join(work, "restored.sqlite")
    results.append(compare(
        f"restore: backup of {rows:,} entries vs sqlite3 integrity_check + cp",
        lambda: run_timed([binary, "--store", restored, "restore", backup_path], env=env),
        lambda: run_timed(["sh", "-c", 'sqlite3 "$1" "PRAGMA integrity_check" >/dev/null && cp "$1" "$2"',
                           "sh", backup_path, os.path.join(work, "anchor-restored.sqlite")]),
        runs, "within 4x (it checks the file twice and copies it once)"))

    # 6. Peak memory: the REPL during a check-in, and check on the big file.
    repl_in = os.path.join(work, "repl.txt")
    with open(repl_in, "w") as f:
        f.write("run morning-checkin --dry-run\n1\ny\n12\ny\nquit\n")
    _, rss_repl = run_timed([binary, "--store", store], repl_in, env)
    _, rss_check = run_timed([binary, "check", yaml_path], env=env)
    print(f"peak memory\n  REPL during a check-in:      {rss_repl/1024:7.1f} MiB"
          f"\n  check on the {nodes:,}-node file: {rss_check/1024:7.1f} MiB", flush=True)

    conditions_scenario(binary, work, env, runs, results)
    import lsp_bench
    results += lsp_bench.lsp_scenarios(binary, env, args.quick, ROOT, runs)
    answers_bench.answers_scenario(binary, work, env, runs, results, compare, run_timed)
    import sync_bench
    sync_bench.sync_scenario(binary, work, env, runs, results, compare, run_timed, None, args.quick)
    shutil.rmtree(work, ignore_errors=True)


def check_scenario(binary, work, env, runs, results, quick):
    """1. `check` on a generated routine vs tsort and networkx on the same edges (wall
    time, and the CPU time of each side: user + system of the child, which a loaded
    machine disturbs less). Returns the file and its node count."""
    import gen_routine
    nodes = 20_000 if quick else 100_000
    yaml_path = os.path.join(work, "big.yaml")
    edges_path = os.path.join(work, "big.edges")
    gen_routine.write(nodes, yaml_path, edges_path, seed=1)
    size_mb = os.path.getsize(yaml_path) / 1e6
    results.append(compare(
        f"check: {nodes:,}-node routine ({size_mb:.1f} MB) vs tsort",
        lambda: run_timed([binary, "check", yaml_path], env=env),
        lambda: run_timed(["tsort", edges_path]),
        runs, "within 3x of tsort (issue 32)"))
    nx_script = ("import sys, networkx as nx\n"
                 "g = nx.DiGraph()\n"
                 "g.add_edges_from(l.split() for l in open(sys.argv[1]) if l.strip())\n"
                 "sys.exit(0 if nx.is_directed_acyclic_graph(g) else 1)\n")
    results.append(compare(
        f"check: {nodes:,}-node routine vs networkx is_directed_acyclic_graph",
        lambda: run_timed([binary, "check", yaml_path], env=env),
        lambda: run_timed([sys.executable, "-c", nx_script, edges_path]),
        runs, "at least 2x faster than networkx (ratio <= 0.5)"))
    return yaml_path, nodes


def conditions_routine(path, conditioned):
    """A chain of 20 habit nodes; with `conditioned`, each has a `when:` reading the
    history of the 11 habits in the store (every one true, so both walks are alike)."""
    names = [f"Habit {h:03d}" for h in range(11)] + [f"Extra {h:02d}" for h in range(9)]
    lines = ["routine: " + ("conditioned" if conditioned else "plain"), "start: [n0]", "nodes:"]
    for i, name in enumerate(names):
        lines.append(f"  n{i}:")
        lines.append(f"    habit: {name}")
        if conditioned:
            a, b, c = f"Habit {i % 11:03d}", f"Habit {(i + 3) % 11:03d}", f"Habit {(i + 6) % 11:03d}"
            lines.append(f"    when: 'days-since({a}) < 100000 and streak({b}) >= 0 and week-sum({c}) >= 0"
                         f" and (week-count({a}) >= 0 or not done({b}, 1)) and due({c})"
                         f" and weekday in [mon, tue, wed, thu, fri, sat, sun]'")
        if i + 1 < len(names):
            lines.append(f"    next: [n{i + 1}]")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def conditions_scenario(binary, work, env, runs, results):
    """6. A check-in of a routine with 20 conditions over a 10-year store (~40,000
    entries): start-up to the first prompt, against the same routine without them;
    then `today` and `plan` over that store."""
    import gen_entries
    csv_path = os.path.join(work, "ten-years.csv")
    rows = gen_entries.write(csv_path, habits=11, days=3650, seed=3)
    store = os.path.join(work, "ten-years.sqlite")
    subprocess.run([binary, "--store", store, "import-entries", "--new", csv_path], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    for conditioned in (False, True):
        path = os.path.join(work, ("conditioned" if conditioned else "plain") + ".yaml")
        conditions_routine(path, conditioned)
        subprocess.run([binary, "--store", store, "import", path], check=True, env=env, stdout=subprocess.DEVNULL)
    empty = os.path.join(work, "empty.txt")
    open(empty, "w").close()
    # End of input right after the first prompt: the dry run draws it, then pauses.
    results.append(compare(
        f"first prompt of a 20-condition routine over {rows:,} entries vs the same routine without conditions",
        lambda: run_timed([binary, "--store", store, "run", "conditioned", "--dry-run"], empty, env),
        lambda: run_timed([binary, "--store", store, "run", "plain", "--dry-run"], empty, env),
        runs, "within 2x"))
    small = os.path.join(work, "one.sqlite")
    subprocess.run(["sqlite3", small, "create table t(a); insert into t values (1);"], check=True)
    anchor = lambda: run_timed(["sqlite3", small, "select count(*) from t;"])
    results.append(compare(f"today over {rows:,} entries and 2 routines vs sqlite3 one query",
                           lambda: run_timed([binary, "--store", store, "today"], env=env), anchor,
                           runs, "figures only"))
    results.append(compare(f"plan (7 days) over {rows:,} entries vs sqlite3 one query",
                           lambda: run_timed([binary, "--store", store, "plan"], env=env), anchor,
                           runs, "figures only"))


# One day of the three bundled routines, answered as a person might (rotating answers).
DAY_SCRIPTS = [
    ["run morning-checkin --day {d}", "1", "y", "y", "y"],
    ["run morning-checkin --day {d}", "2", "y", "y", "y"],
    ["run morning-checkin --day {d}", "3", "y", "y"],
]
TRAINING = ["run training --day {d}", "y", "1", "5", "y"]
EVENING = ["run evening-journal --day {d}", "1", "y", "2", "4", "1", "y"]


def lifetime_store(binary, path, env, days):
    """A lifetime store: `days` days of real runs of the bundled routines, ending the
    day before ROUTINE_NOW, written by one piped REPL session."""
    # The routine files one by one: an older release would read routines/*.test.yaml as routines.
    bundled = [os.path.join(ROOT, "routines", name + ".yaml")
               for name in ("evening-journal", "morning-checkin", "training")]
    subprocess.run([binary, "--store", path, "import"] + bundled, check=True, env=env, stdout=subprocess.DEVNULL)
    end = datetime.date(2026, 11, 21)
    lines = []
    for back in range(days, 0, -1):
        d = (end - datetime.timedelta(days=back - 1)).isoformat()
        for script in (DAY_SCRIPTS[back % 3], TRAINING, EVENING):
            lines += [line.format(d=d) for line in script]
    subprocess.run([binary, "--store", path, "repl"], input="\n".join(lines) + "\nquit\n", text=True,
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def import_scenario(binary, work, env, runs, results, quick):
    """import-entries of a 10-year, 100-habit history into a new store vs sqlite3 .import
    of the same CSV into a new table (target: within 3x). Returns the two loads, for the
    scenarios that read what they wrote."""
    import gen_entries
    habits = 20 if quick else 100
    days = 3650
    csv_path = os.path.join(work, "history.csv")
    rows = gen_entries.write(csv_path, habits=habits, days=days, seed=2)

    def import_ours():
        path = os.path.join(work, "imp.sqlite")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        return run_timed([binary, "--store", path, "import-entries", "--new", csv_path], env=env)

    def import_anchor():
        path = os.path.join(work, "anchor.sqlite")
        if os.path.exists(path):
            os.remove(path)
        return run_timed(["sqlite3", path, ".import --csv " + csv_path + " entries"])

    results.append(compare(f"import-entries: {rows:,} rows vs sqlite3 .import",
                           import_ours, import_anchor, runs, "within 3x"))
    return import_ours, import_anchor, habits, rows


def build_previous(revision):
    """A release build of an earlier revision, in a worktree of its own."""
    folder = os.path.join(tempfile.gettempdir(), "routine-previous-" + revision)
    if not os.path.exists(folder):
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", folder, revision], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "routine"],
                   cwd=folder, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(folder, ".build/release/routine")


def lifetime_scenario(binary, work, env, runs, results, previous, days):
    """7. `today`, `today --short`, `plan`, `stats` and `review` over a lifetime store (10 years of daily runs of
    the bundled routines), against the previous release on a copy of the same store
    (written by the previous release, so that it can read it; ours migrates its copy),
    or against one sqlite3 query."""
    old = build_previous(previous) if previous else None
    writer = old or binary
    base = os.path.join(work, "lifetime.sqlite")
    lifetime_store(writer, base, env, days)
    ours = os.path.join(work, "ours.sqlite")
    shutil.copy(base, ours)
    subprocess.run([binary, "--store", ours, "list"], check=True, env=env, stdout=subprocess.DEVNULL)
    size = os.path.getsize(ours) / 1e6
    small = os.path.join(work, "one.sqlite")
    subprocess.run(["sqlite3", small, "create table t(a); insert into t values (1);"], check=True)
    targets = {"today --short": "under 20 ms"}  # SPEC §20: a shell prompt runs it every time
    for command in (["today"], ["today", "--short"], ["plan"], ["stats"], ["review"]):
        label = " ".join(command)
        mine = lambda: run_timed([binary, "--store", ours] + command, env=env)
        if old:
            anchor = lambda: run_timed([old, "--store", base] + command, env=env)
            name = f"{label} over {days:,} days of runs ({size:.0f} MB) vs the previous release ({previous})"
        else:
            anchor = lambda: run_timed(["sqlite3", small, "select count(*) from t;"])
            name = f"{label} over {days:,} days of runs ({size:.0f} MB) vs sqlite3 one query"
        results.append(compare(name, mine, anchor, runs, targets.get(label, "under 100 ms")))


if __name__ == "__main__":
    main()
