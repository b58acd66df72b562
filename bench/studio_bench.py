"""bench/run --only studio: the studio on a 1,000-node routine in headless Chromium.

Figures (SPEC §19.7 targets): the first paint — from the page's navigation start to the
end of the canvas's first draw, which includes the server reading, checking and laying
out the file — and an edit's round trip — from the call to the canvas drawn again:
the patch, the write, the check, the layout, the JSON and the redraw. The anchor, timed
in the same run and alternating, is `routine check` of the same file as a process.
"""
import os
import re
import statistics
import subprocess
import time

import gen_routine


def studio_scenario(binary, work, env, runs, results, run_timed, quick):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    size = 300 if quick else 1000
    path = os.path.join(work, f"bench-{size}.yaml")
    with open(path, "w") as handle:
        handle.write(gen_routine.generate(size))
    server = subprocess.Popen([binary, "studio", "--no-open", path], cwd=work, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[0-9a-f]+)", line)
    if not match:
        server.kill()
        raise SystemExit(f"bench: studio printed no address: {line!r} {server.stderr.read()[:500]!r}")
    url = match.group(1)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    paints, edits, checks = [], [], []
    try:
        driver.get(url)
        for _ in range(runs):
            driver.get(url.split("?")[0])
            deadline = time.time() + 30
            while not driver.execute_script("return window.studioDraws || 0"):
                if time.time() > deadline:
                    raise SystemExit("bench: the canvas was not drawn within 30 s")
                time.sleep(0.02)
            paints.append(driver.execute_script("return window.studioDrawnAt") / 1000)
            checks.append(run_timed([binary, "check", path], env=env)[0])
        count = driver.execute_script("return document.querySelectorAll('g.node').length")
        for run in range(runs):
            text = f"Question {run} of the bench"
            node = driver.execute_script("return document.querySelector('g.node.question').dataset.id")
            elapsed = driver.execute_async_script(
                """const done = arguments[arguments.length - 1];
                const t = performance.now();
                window.studioEdit({setQuestionText: {node: arguments[0], text: arguments[1]}})
                  .then((ok) => done(ok ? performance.now() - t : -1));""", node, text)
            if elapsed < 0:
                raise SystemExit("bench: an edit was refused: " + driver.find_element("id", "status").text)
            edits.append(elapsed / 1000)
            checks.append(run_timed([binary, "check", path], env=env)[0])
        # A connection made and taken back: the graph changes, so it is laid out again.
        relayouts = []
        pair = driver.execute_script("""
            const nodes = [...document.querySelectorAll('g.node.habit')].map((g) => g.dataset.id);
            return [nodes[0], nodes[nodes.length - 1]];""")
        for run in range(runs):
            operation = "connect" if run % 2 == 0 else "disconnect"
            elapsed = driver.execute_async_script(
                """const done = arguments[arguments.length - 1];
                const t = performance.now();
                const change = {}; change[arguments[0]] = {from: arguments[1], to: arguments[2]};
                window.studioEdit(change).then((ok) => done(ok ? performance.now() - t : -1));""",
                operation, pair[0], pair[1])
            if elapsed < 0:
                raise SystemExit("bench: a connection was refused: " + driver.find_element("id", "status").text)
            relayouts.append(elapsed / 1000)
            checks.append(run_timed([binary, "check", path], env=env)[0])
    finally:
        driver.quit()
        server.send_signal(2)
        server.wait(timeout=10)
    anchor = statistics.median(checks)
    for name, values, target in (
            (f"studio: first paint of a {size}-node routine ({count} boxes drawn)", paints, "< 1 s"),
            (f"studio: an edit's round trip on a {size}-node routine (a text: the layout is kept)", edits,
             "< 100 ms"),
            (f"studio: a connection's round trip on a {size}-node routine (laid out again)", relayouts,
             "figures only")):
        median = statistics.median(values)
        print(f"{name}\n  routine: median {median*1000:9.1f} ms   (all: "
              f"{', '.join(f'{v*1000:.0f}' for v in values)})"
              f"\n  anchor:  median {anchor*1000:9.1f} ms   (routine check of the same file, a process)"
              f"\n  ratio:   {median / anchor:6.2f}x   (target: {target})", flush=True)
        results.append({"scenario": name, "routine_ms": median * 1000, "anchor_ms": anchor * 1000,
                        "ratio": median / anchor, "target": target})
