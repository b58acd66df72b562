#!/usr/bin/python3
"""End-to-end tests of `routine studio` in a real browser (SPEC §19.7).

Debian's Chromium, headless, driven by chromedriver through python3-selenium (all three
installed by `scripts/setup --for-tests`). Each scenario starts the real binary on a
private store and folder, works the page as a person would (clicks, drags, typing,
keys), and checks the routine file on disk and the pages. A PNG screenshot of each page
is kept under the artifacts folder.

    Tests/Browser/studio_e2e.py BINARY ARTIFACTS_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.request
import urllib.error

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Studio:
    """`routine studio --no-open` on a private store; the address read from its first line."""

    def __init__(self, binary, folder, files):
        self.folder = folder
        env = dict(os.environ)
        env["ROUTINE_STORE"] = os.path.join(folder, "store.sqlite")
        env["XDG_STATE_HOME"] = os.path.join(folder, "state")
        env["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
        env["ROUTINE_NOW"] = "2026-11-26T07:00:00Z"
        env["TZ"] = "UTC"
        self.env = env
        self.binary = binary
        self.process = subprocess.Popen(
            [binary, "studio", "--no-open", *files], cwd=folder, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
        if not match:
            self.process.kill()
            raise AssertionError(f"no address in the first line: {line!r} {self.process.stderr.read()!r}")
        self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)

    def routine(self, *args):
        return subprocess.run([self.binary, *args], cwd=self.folder, env=self.env, capture_output=True, text=True)

    def stop(self):
        self.process.send_signal(2)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("studio did not stop on Ctrl-C (SIGINT) within 5 s")


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,900",
                 "--disable-gpu", "--no-first-run"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(driver, condition, what, timeout=10):
    # The canvas is redrawn after every change: an element found a moment ago may be gone.
    ignored = [StaleElementReferenceException, NoSuchElementException]
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1, ignored_exceptions=ignored).until(
            lambda d: condition(d))
    except TimeoutException:
        status = driver.find_element(By.ID, "status").text if driver.find_elements(By.ID, "status") else ""
        raise AssertionError(f"timed out waiting for {what} (status line: {status!r})")


def node(driver, node_id):
    return driver.find_element(By.CSS_SELECTOR, f'g.node[data-id="{node_id}"]')


def has_node(node_id):
    return lambda d: d.find_elements(By.CSS_SELECTOR, f'g.node[data-id="{node_id}"]')


def status_is(text):
    return lambda d: text in d.find_element(By.ID, "status").text


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def changed_lines(before, after):
    """Lines of `before` not in `after` and the other way round (a plain line diff)."""
    import difflib
    diff = difflib.ndiff(before.decode().splitlines(), after.decode().splitlines())
    return [line for line in diff if line.startswith(("- ", "+ "))]


def add(driver, kind, node_id, text):
    driver.find_element(By.ID, "new-id").send_keys(node_id)
    driver.find_element(By.ID, "new-text").send_keys(text)
    driver.find_element(By.ID, "add-question" if kind == "question" else "add-habit").click()
    wait_for(driver, has_node(node_id), f"node {node_id} on the canvas")


def on_fresh_elements(action, what, attempts=30):
    """Runs `action` (which finds its elements and acts on them) again while the canvas
    redraws under it: an element found just before a redraw is stale, and the action fails
    before it does anything. Any other failure, or the last stale one, is raised."""
    for attempt in range(attempts):
        try:
            return action()
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise AssertionError(f"{what}: the canvas kept redrawing under it")
            time.sleep(0.1)


def click_port(driver, node_id, port):
    def act():
        pill = node(driver, node_id).find_element(By.CSS_SELECTOR, f'g.port[data-port="{port}"] rect.pill')
        ActionChains(driver).move_to_element(pill).click().perform()
    on_fresh_elements(act, f"clicking port {port} of {node_id}")


def drag_connect(driver, from_id, port, to_id):
    def act():
        handle = node(driver, from_id).find_element(By.CSS_SELECTOR, f'circle.handle[data-port="{port}"]')
        target = node(driver, to_id).find_element(By.CSS_SELECTOR, "rect.box")
        ActionChains(driver).move_to_element(handle).click_and_hold().move_by_offset(5, 5) \
            .move_to_element(target).release().perform()
    on_fresh_elements(act, f"dragging {from_id} port {port} to {to_id}")


def scenario_build_from_nothing(binary, folder, driver, shots):
    studio = Studio(binary, folder, ["morning.yaml"])
    try:
        assert os.path.exists(os.path.join(folder, "morning.yaml")), "the new file was not created"
        driver.get(studio.url)
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#files button"), "the file tab")
        add(driver, "question", "feeling", "How are you feeling?")
        wait_for(driver, lambda d: "start" in node(d, "feeling").get_attribute("class"), "the first node as the start")
        # A node selected with a port chosen: the new habit follows that option.
        click_port(driver, "feeling", 0)
        add(driver, "habit", "water", "Drink water")
        click_port(driver, "feeling", 1)
        add(driver, "habit", "walk", "Go for a walk")
        on_fresh_elements(lambda: node(driver, "walk").click(), "selecting walk")
        add(driver, "habit", "journal", "Journal")
        # The water habit joins the journal too: dragged from its handle.
        drag_connect(driver, "water", "", "journal")
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, 'path.edge[data-from="water"][data-to="journal"]'),
                 "the dragged connection")
        text = read(os.path.join(folder, "morning.yaml")).decode()
        checked = studio.routine("check", "--strict", "morning.yaml")
        assert checked.returncode == 0, f"the built routine does not pass check --strict:\n{checked.stdout}\n{text}"
        assert "Drink water" in text and "journal" in text
        driver.save_screenshot(os.path.join(shots, "canvas-built.png"))
        # The REPL's run walks what the studio built.
        imported = studio.routine("import", "morning.yaml")
        assert imported.returncode == 0, imported.stderr
        run = subprocess.run([binary, "run", "morning", "--dry-run"], cwd=folder, env=studio.env,
                             input="1\ny\ny\n", capture_output=True, text=True)
        assert "How are you feeling?" in run.stdout and "Journal" in run.stdout, run.stdout
    finally:
        studio.stop()


def scenario_edit_with_comments(binary, folder, driver, shots):
    path = os.path.join(folder, "morning-checkin.yaml")
    shutil.copy(os.path.join(ROOT, "routines", "morning-checkin.yaml"), path)
    original = read(path)
    studio = Studio(binary, folder, ["morning-checkin.yaml"])
    try:
        driver.get(studio.url)
        wait_for(driver, has_node("walk"), "the walk node")
        text = node(driver, "walk").find_element(By.CSS_SELECTOR, "text.node-text")
        ActionChains(driver).double_click(text).perform()
        box = driver.find_element(By.ID, "inplace")
        wait_for(driver, lambda d: box.is_displayed(), "the in-place editor")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys("Go for a long walk", Keys.ENTER)
        wait_for(driver, lambda d: b"Go for a long walk" in read(path), "the edit on disk")
        edited = read(path)
        diff = changed_lines(original, edited)
        assert diff == ["-     habit: Go for a walk", "+     habit: Go for a long walk"], diff
        for line in original.decode().splitlines():
            if line.lstrip().startswith("#"):
                assert line in edited.decode(), f"comment lost: {line}"
        driver.save_screenshot(os.path.join(shots, "canvas-edited.png"))
        body = driver.find_element(By.TAG_NAME, "body")
        body.click()
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
        wait_for(driver, lambda d: read(path) == original, "undo back to the original bytes")
        ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z") \
            .key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
        wait_for(driver, lambda d: read(path) == edited, "redo to the edited bytes")
        # An edit made elsewhere shows within a second.
        with open(path, "wb") as handle:
            handle.write(edited.replace(b"How are you feeling today?", b"How do you feel?"))
        wait_for(driver, lambda d: "How do you feel?" in node(d, "feeling").get_attribute("textContent"), "the outside edit",
                 timeout=3)
        # Delete with its references listed, then undo brings the bytes back.
        before_delete = read(path)
        on_fresh_elements(lambda: node(driver, "journal").click(), "selecting journal")
        wait_for(driver, lambda d: "journal" in d.find_element(By.ID, "inspector").text, "the inspector")
        driver.find_element(By.CSS_SELECTOR, "#inspector button.danger").click()
        alert = WebDriverWait(driver, 5).until(expected_conditions.alert_is_present())
        assert "line" in alert.text, f"the confirmation lists no references: {alert.text!r}"
        alert.accept()
        wait_for(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, 'g.node[data-id="journal"]'), "journal deleted")
        routine = yaml.safe_load(read(path))
        assert "journal" not in routine["nodes"], routine
        assert "journal" not in json.dumps(routine), f"a reference to journal is left: {routine}"
        assert studio.routine("check", "morning-checkin.yaml").returncode == 0, "the delete left the file broken"
        driver.find_element(By.ID, "undo").click()
        wait_for(driver, lambda d: read(path) == before_delete, "undo of the delete")
    finally:
        studio.stop()


def scenario_dry_run(binary, folder, driver, shots):
    path = os.path.join(folder, "morning-checkin.yaml")
    shutil.copy(os.path.join(ROOT, "routines", "morning-checkin.yaml"), path)
    studio = Studio(binary, folder, ["morning-checkin.yaml"])
    try:
        driver.get(studio.url)
        wait_for(driver, has_node("feeling"), "the canvas")
        driver.find_element(By.ID, "dry-start").click()
        wait_for(driver, lambda d: "current" in node(d, "feeling").get_attribute("class"), "the first question current")
        answers = driver.find_elements(By.CSS_SELECTOR, "#dry-run button.answer")
        assert [b.text for b in answers][:3] == ["1. Great!", "2. Okay", "3. Not so good"], [b.text for b in answers]
        answers[0].click()
        wait_for(driver, lambda d: "walked" in node(d, "feeling").get_attribute("class"), "the answered question walked")
        current = driver.find_element(By.CSS_SELECTOR, "g.node.current").get_attribute("data-id")
        assert current in ("water", "meditate"), current
        for _ in range(4):
            buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "#dry-run button.answer") if b.text == "Done"]
            if not buttons:
                break
            buttons[0].click()
            time.sleep(0.3)
        records = driver.find_element(By.CSS_SELECTOR, "#dry-run .records").text
        assert "Would record:" in records and "Journal" in records, records
        # Only the answered option's connections are lit: Great! leads to water, and so does Okay.
        edge = 'path.edge[data-from="feeling"][data-to="water"][data-port="{}"]'
        wait_for(driver, lambda d: "walked" in d.find_element(By.CSS_SELECTOR, edge.format(0)).get_attribute("class")
                 and "walked" not in d.find_element(By.CSS_SELECTOR, edge.format(1)).get_attribute("class"),
                 "only Great!'s connection to water lit")
        driver.save_screenshot(os.path.join(shots, "dry-run.png"))
        assert not os.path.exists(os.path.join(folder, "store.sqlite")), "a dry run wrote a store"
    finally:
        studio.stop()


def scenario_history(binary, folder, driver, shots):
    path = os.path.join(folder, "morning-checkin.yaml")
    shutil.copy(os.path.join(ROOT, "routines", "morning-checkin.yaml"), path)
    studio = Studio(binary, folder, ["morning-checkin.yaml"])
    try:
        assert studio.routine("import", "morning-checkin.yaml").returncode == 0
        for day in ("2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24", "2026-11-25", "2026-11-26"):
            logged = studio.routine("log", "Meditate", "10", "--day", day)
            assert logged.returncode == 0, logged.stderr
        studio.routine("run", "morning-checkin", "--day", "2026-11-25")
        driver.get(studio.url)
        wait_for(driver, has_node("feeling"), "the canvas")
        driver.get(f"http://127.0.0.1:{studio.port}/history")
        link = wait_for(driver, lambda d: d.find_elements(By.PARTIAL_LINK_TEXT, "Meditate"), "Meditate in the index")
        driver.save_screenshot(os.path.join(shots, "history-index.png"))
        link[0].click()
        svg = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "svg[role=img]"), "the habit's pictures")
        label = svg[0].get_attribute("aria-label")
        assert label and "Meditate" in label, label
        cells = driver.find_elements(By.CSS_SELECTOR, '[data-day="2026-11-26"]')
        assert cells and "done" in cells[0].get_attribute("class"), "2026-11-26 is not drawn done"
        driver.save_screenshot(os.path.join(shots, "history-habit.png"))
        driver.get(f"http://127.0.0.1:{studio.port}/today")
        wait_for(driver, lambda d: "Meditate" in d.find_element(By.TAG_NAME, "main").text, "today's page")
        driver.save_screenshot(os.path.join(shots, "today.png"))
    finally:
        studio.stop()


def scenario_refused(binary, folder, driver, shots):
    """SPEC §19.6 through the real server: no token, a foreign Host or Origin → 403."""
    path = os.path.join(folder, "morning-checkin.yaml")
    shutil.copy(os.path.join(ROOT, "routines", "morning-checkin.yaml"), path)
    studio = Studio(binary, folder, ["morning-checkin.yaml"])
    try:
        base = f"http://127.0.0.1:{studio.port}"

        def status(url, headers=None, data=None):
            request = urllib.request.Request(url, headers=headers or {}, data=data)
            try:
                return urllib.request.urlopen(request, timeout=5).status
            except urllib.error.HTTPError as error:
                return error.code

        assert status(base + "/api/files") == 403
        assert status(base + "/api/files?token=" + "0" * 64) == 403
        assert status(f"{base}/api/files?token={studio.token}") == 200
        assert status(f"{base}/api/files?token={studio.token}", {"Host": "evil.example"}) == 403
        assert status(f"{base}/api/files?token={studio.token}", {"Origin": "http://evil.example"}) == 403
        body = json.dumps({"file": 0, "version": "x", "edit": {"setTitle": {"_0": "pwned"}}}).encode()
        assert status(f"{base}/api/edit?token={studio.token}", {"Content-Type": "application/json",
                      "Origin": "http://evil.example"}, body) == 403
        assert b"pwned" not in read(path)
    finally:
        studio.stop()


def main():
    binary, artifacts = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(artifacts, exist_ok=True)
    scenarios = [scenario_build_from_nothing, scenario_edit_with_comments, scenario_dry_run, scenario_history,
                 scenario_refused]
    failed = 0
    driver = browser()
    try:
        for scenario in scenarios:
            folder = tempfile.mkdtemp(prefix="studio-e2e-")
            started = time.time()
            try:
                driver.delete_all_cookies()
                scenario(binary, folder, driver, artifacts)
                print(f"✔ {scenario.__name__} ({time.time() - started:.1f} s)")
            except Exception:
                failed += 1
                print(f"✘ {scenario.__name__}")
                traceback.print_exc()
                try:
                    driver.save_screenshot(os.path.join(artifacts, f"FAILED-{scenario.__name__}.png"))
                except Exception:
                    pass
            finally:
                shutil.rmtree(folder, ignore_errors=True)
    finally:
        driver.quit()
    print(f"studio in a browser: {len(scenarios) - failed} of {len(scenarios)} scenarios passed;"
          f" screenshots in {artifacts}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
