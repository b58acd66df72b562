"""The sync scenarios (SPEC §16), against a private PostgreSQL 15 on a unix socket:

- the first sync of a lifetime store (10 years, 100 habits, ~365,000 entries): `sync init`
  and `sync` of a store against `psql \\copy` of the same rows as plaintext CSV into a
  table of the same columns (target: within 5×);
- an everyday sync (a day of changes: a check-in's entries and answers) against
  `psql -c 'SELECT 1'` (a connection and a round trip; target: under 300 ms);
- `today` and `list` start-up of this build against the build before sync
  (`--previous REV`; else against `sqlite3` one query), to show they did not slow down;
- (`--only autosync`) `log` with `sync: {auto: true}` against `log` without it, in the
  same run (SPEC §20: the background sync never delays the command), with the server up
  and with it unreachable.
"""
import fcntl
import os
import shutil
import statistics
import subprocess
import tempfile
import time

PG = "/usr/lib/postgresql/15/bin"


class Cluster:
    """initdb + postgres on a unix socket in a temporary folder. As root, the server
    runs as uid 1000 in a user namespace (initdb refuses root)."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="routine-bench-pg-")
        self.data = os.path.join(self.folder, "data")
        self.socket = os.path.join(self.folder, "sock")
        os.makedirs(self.socket)
        self.prefix = ["unshare", "--user", "--map-user=1000", "--map-group=1000", "--"] if os.getuid() == 0 else []
        subprocess.run(self.prefix + [f"{PG}/initdb", "-D", self.data, "-A", "trust", "-U", "bench"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.server = subprocess.Popen(
            self.prefix + [f"{PG}/postgres", "-D", self.data, "-k", self.socket, "-c", "listen_addresses=",
                           "-c", "fsync=off"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if subprocess.run(["psql", "-h", self.socket, "-U", "bench", "-d", "postgres", "-c", "select 1"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
                return
            time.sleep(0.1)
        raise SystemExit("bench: PostgreSQL did not start")

    def database(self, name):
        subprocess.run(["psql", "-h", self.socket, "-U", "bench", "-d", "postgres", "-c", f"create database {name}"],
                       check=True, stdout=subprocess.DEVNULL)
        return f"postgresql:///{name}?host={self.socket}&user=bench"

    def psql(self, name):
        return ["psql", "-q", "-h", self.socket, "-U", "bench", "-d", name]

    def stop(self):
        self.server.terminate()
        self.server.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def sync_scenario(binary, work, env, runs, results, compare, run_timed, previous_binary=None, quick=False):
    import gen_entries
    cluster = Cluster()
    try:
        env = dict(env, ROUTINE_SYNC_PASSPHRASE="correct horse battery staple")
        habits, days = (20, 400) if quick else (100, 3650)
        csv_path = os.path.join(work, "sync-entries.csv")
        rows = gen_entries.write(csv_path, habits=habits, days=days, seed=4)
        base = os.path.join(work, "sync-base.sqlite")
        subprocess.run([binary, "--store", base, "import-entries", "--new", csv_path], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        count = [0]

        def first_sync(include_init):
            def run():
                count[0] += 1
                store = os.path.join(work, f"sync-{count[0]}.sqlite")
                shutil.copy(base, store)
                url = cluster.database(f"first{count[0]}")
                run_env = dict(env, XDG_CONFIG_HOME=os.path.join(work, f"config-{count[0]}"))
                init = [binary, "--store", store, "sync", "init", "--device", "bench", "--remote", url]
                start = time.perf_counter()
                subprocess.run(init, check=True, env=run_env, stdout=subprocess.DEVNULL)
                if not include_init:
                    start = time.perf_counter()
                subprocess.run([binary, "--store", store, "sync", "--remote", url], check=True, env=run_env,
                               stdout=subprocess.DEVNULL)
                elapsed = time.perf_counter() - start
                os.remove(store)
                return elapsed, 0
            return run

        def copy_plaintext():
            count[0] += 1
            name = f"plain{count[0]}"
            cluster.database(name)
            subprocess.run(cluster.psql(name) + ["-c", "create table entries (habit text, day_key text, value float8,"
                                                       " note text, ts text, tz text)"], check=True)
            return run_timed(cluster.psql(name) + ["-c", f"\\copy entries from '{csv_path}' csv header"])

        results.append(compare(f"first sync of {rows:,} entries (`sync` after `sync init`, sealed) vs psql \\copy of them as plaintext",
                               first_sync(False), copy_plaintext, max(3, runs // 2), "within 5x"))
        results.append(compare(f"set-up and first sync of {rows:,} entries (`sync init` with its scrypt key and snapshot, "
                               "then `sync`) vs psql \\copy of them as plaintext",
                               first_sync(True), copy_plaintext, max(3, runs // 2), "(no target; for the record)"))

        # A second device joining: its first `sync` pulls, opens and applies the lifetime.
        joined = cluster.database("joined")
        first_env = dict(env, XDG_CONFIG_HOME=os.path.join(work, "config-joined-first"))
        store = os.path.join(work, "sync-joined-first.sqlite")
        shutil.copy(base, store)
        for command in (["sync", "init", "--device", "first"], ["sync"]):
            subprocess.run([binary, "--store", store] + command + ["--remote", joined], check=True, env=first_env,
                           stdout=subprocess.DEVNULL)

        def second_device():
            count[0] += 1
            second = os.path.join(work, f"sync-second-{count[0]}.sqlite")
            second_env = dict(env, XDG_CONFIG_HOME=os.path.join(work, f"config-second-{count[0]}"))
            subprocess.run([binary, "--store", second, "sync", "init", "--device", f"second-{count[0]}", "--remote",
                            joined], check=True, env=second_env, stdout=subprocess.DEVNULL)
            elapsed = run_timed([binary, "--store", second, "sync", "--remote", joined], env=second_env)
            os.remove(second)
            return elapsed

        results.append(compare(f"a second device's first `sync` (pulls and applies {rows:,} entries) vs psql \\copy "
                               "of them as plaintext", second_device, copy_plaintext, 3, "(no target; for the record)"))

        # An everyday sync: a device that synced its lifetime, then a day's check-in.
        store = os.path.join(work, "sync-daily.sqlite")
        shutil.copy(base, store)
        url = cluster.database("daily")
        daily_env = dict(env, XDG_CONFIG_HOME=os.path.join(work, "config-daily"))
        for command in (["sync", "init", "--device", "daily"], ["sync"]):
            subprocess.run([binary, "--store", store] + command + ["--remote", url], check=True, env=daily_env,
                           stdout=subprocess.DEVNULL)
        day = [0]

        def everyday():
            day[0] += 1
            for habit in ("Habit 000", "Habit 001", "Habit 002", "Habit 003", "Habit 004"):
                subprocess.run([binary, "--store", store, "log", habit, "1", "--day", f"+{day[0]}"], env=daily_env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            return run_timed([binary, "--store", store, "sync", "--remote", url], env=daily_env)

        results.append(compare("everyday sync (a day's 5 entries) vs psql -c 'select 1'", everyday,
                               lambda: run_timed(cluster.psql("daily") + ["-c", "select 1"]), runs, "under 300 ms"))

        # Start-up of commands that don't sync: this build against the one before sync.
        if previous_binary:
            # A store the earlier build can open (it refuses one migrated past it).
            earlier = os.path.join(work, "sync-earlier.sqlite")
            subprocess.run([previous_binary, "--store", earlier, "import-entries", "--new", csv_path], check=True,
                           env=env, stdout=subprocess.DEVNULL)
        for command in (["today"], ["list"]):
            mine = lambda: run_timed([binary, "--store", base] + command, env=env)
            if previous_binary:
                anchor = lambda: run_timed([previous_binary, "--store", earlier] + command, env=env)
                label = "the build before sync"
            else:
                small = os.path.join(work, "one.sqlite")
                subprocess.run(["sqlite3", small, "create table if not exists t(a);"], check=True)
                anchor = lambda: run_timed(["sqlite3", small, "select 1;"])
                label = "sqlite3 one query"
            results.append(compare(f"{' '.join(command)} start-up ({rows:,} entries) vs {label}", mine, anchor, runs,
                                   "unchanged"))
    finally:
        cluster.stop()


def autosync_scenario(binary, work, env, runs, results, compare, run_timed):
    """`log` with `sync: {auto: true}` vs the same `log` without it (SPEC §20). Two
    stores set up against one server, each with its own configuration file; after each
    timed `log` with auto-sync its background sync is waited for (outbox empty, lock
    free), so the two sides never run beside one."""
    cluster = Cluster()
    try:
        env = dict(env, ROUTINE_SYNC_PASSPHRASE="correct horse battery staple", ROUTINE_SYNC_KDF_LOG2N="10")
        url = cluster.database("autosync")
        sides = {}
        for name in ("on", "off", "unreachable"):
            store = os.path.join(work, f"auto-{name}.sqlite")
            config = os.path.join(work, f"config-auto-{name}")
            os.makedirs(os.path.join(config, "routine"))
            side_env = dict(env, XDG_CONFIG_HOME=config)
            for command in (["log", "Read", "--new"], ["sync", "init", "--device", name], ["sync"]):
                subprocess.run([binary, "--store", store] + command + (["--remote", url] if command[0] == "sync" else []),
                               check=True, env=side_env, stdout=subprocess.DEVNULL)
            target = url if name != "unreachable" else "postgresql:///nothing?host=/nonexistent-socket-dir"
            with open(os.path.join(config, "routine", "config.yaml"), "w") as file:
                file.write(f'sync:\n  url: "{target}"\n  auto: {"false" if name == "off" else "true"}\n')
            sides[name] = (store, side_env)

        def settled(store):
            """The background sync of `store` ended: nothing waits, the lock is free."""
            deadline = time.time() + 60
            while time.time() < deadline:
                waiting = subprocess.run(["sqlite3", store, "select count(*) from sync_outbox"], capture_output=True,
                                         text=True).stdout.strip()
                with open(store + ".sync-lock", "a") as lock:
                    try:
                        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        fcntl.flock(lock, fcntl.LOCK_UN)
                        free = True
                    except BlockingIOError:
                        free = False
                if waiting == "0" and free:
                    return
                time.sleep(0.02)
            raise SystemExit("bench: the background sync did not end within 60 s")

        def log(name):
            store, side_env = sides[name]

            def run():
                result = run_timed([binary, "--store", store, "log", "Read"], env=side_env)
                if name == "on":
                    settled(store)
                elif name == "unreachable":
                    time.sleep(0.3)  # its sync fails at once (no socket): let it end before the next timing
                return result
            return run

        results.append(compare("`log` with sync: {auto: true} (server up) vs `log` without it", log("on"), log("off"),
                               runs, "no slower (never delays the command)"))
        results.append(compare("`log` with sync: {auto: true} (server unreachable) vs `log` without it",
                               log("unreachable"), log("off"), runs, "no slower (never delays the command)"))
    finally:
        cluster.stop()
