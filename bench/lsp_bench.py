"""Language server and schema benchmarks (issue 20): figures only, nothing asserted.

- diagnostics after an edit: the time from sending one incremental `didChange` to
  receiving the `publishDiagnostics` of that version, over generated routines of 1,000
  and 100,000 nodes (median and 95th percentile; target under 50 ms at 1,000 nodes);
- completion latency in a `next: [` list of the same files;
- `scripts/validate-schema` (python3-jsonschema) on the bundled routines beside
  `routine check` on them.
"""
import json
import os
import re
import select
import statistics
import subprocess
import sys
import time

import gen_routine


class Server:
    """`routine lsp` over pipes, framed by hand."""

    def __init__(self, binary, env):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.buffer = b""
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def receive_raw(self, timeout=600):
        """The next message body, unparsed (a 100,000-node file's diagnostics are 12 MB
        of JSON: parsing them in Python would be most of what is timed)."""
        deadline = time.monotonic() + timeout
        while True:
            if b"\r\n\r\n" in self.buffer:
                header, rest = self.buffer.split(b"\r\n\r\n", 1)
                length = int(header.split(b":")[1])
                if len(rest) >= length:
                    self.buffer = rest[length:]
                    return rest[:length]
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise SystemExit("bench: the language server did not answer in time")
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
            if not chunk:
                raise SystemExit("bench: the language server closed its output")
            self.buffer += chunk

    def receive(self, timeout=600):
        return json.loads(self.receive_raw(timeout))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def diagnostics(self, version):
        """Waits for the diagnostics of `version`; returns how many there are (counted,
        not parsed: the server writes keys sorted, so `version` ends the message)."""
        while True:
            body = self.receive_raw()
            if b'"method":"textDocument/publishDiagnostics"' not in body:
                continue
            found = re.search(rb'"version":(\d+)\}', body[-40:])
            if found and int(found.group(1)) == version:
                return body.count(b'"code":')

    def close(self):
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.proc.wait(timeout=60)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def edit_latency(binary, env, nodes, edits):
    """Diagnostics after each of `edits` edits (a ref broken, then mended) of an n-node file."""
    text = gen_routine.generate(nodes)
    lines = text.split("\n")
    line = next(i for i, l in enumerate(lines) if l.strip().startswith("next: [n"))
    column = lines[line].index("[n") + 1
    uri = "file:///bench/routine.yaml"
    server = Server(binary, env)
    server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    server.diagnostics(1)
    opened = time.perf_counter() - start
    times = []
    for step in range(edits):
        version = step + 2
        broken = step % 2 == 0
        # Insert `x` before the first ref (undefined), or delete it again.
        change = {"range": {"start": {"line": line, "character": column},
                            "end": {"line": line, "character": column + (0 if broken else 1)}},
                  "text": "x" if broken else ""}
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        found = server.diagnostics(version)
        times.append(time.perf_counter() - start)
        if broken and not found:
            raise SystemExit("bench: the broken ref was not reported")
    completion = []
    for _ in range(edits):
        start = time.perf_counter()
        answer = server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                            "position": {"line": line, "character": column}})
        completion.append(time.perf_counter() - start)
        if not answer.get("result", {}).get("items"):
            raise SystemExit("bench: completion offered nothing")
    server.close()
    return len(text), opened, times, completion


def lsp_scenarios(binary, env, quick, root, runs):
    results = []
    sizes = [(1_000, 60 if quick else 200), (20_000 if quick else 100_000, 6 if quick else 12)]
    for nodes, edits in sizes:
        size, opened, times, completion = edit_latency(binary, env, nodes, edits)
        target = "median and p95 under 50 ms" if nodes == 1_000 else "figures"
        print(f"lsp: diagnostics after an edit, {nodes:,}-node routine ({size / 1e6:.1f} MB), {edits} edits\n"
              f"  open:       {opened * 1000:9.1f} ms\n"
              f"  edit:       median {statistics.median(times) * 1000:9.1f} ms   "
              f"p95 {percentile(times, 0.95) * 1000:9.1f} ms   (target: {target})\n"
              f"  completion: median {statistics.median(completion) * 1000:9.1f} ms   "
              f"p95 {percentile(completion, 0.95) * 1000:9.1f} ms", flush=True)
        results.append({"scenario": f"lsp edit {nodes}", "median_ms": statistics.median(times) * 1000,
                        "p95_ms": percentile(times, 0.95) * 1000,
                        "completion_median_ms": statistics.median(completion) * 1000,
                        "completion_p95_ms": percentile(completion, 0.95) * 1000, "target": target})

    # The schema's validator on the bundled routines beside `check` on them.
    bundled = sorted(os.path.join(root, "routines", name) for name in os.listdir(os.path.join(root, "routines"))
                     if name.endswith(".yaml"))
    schema = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"routine-schema-{os.getpid()}.json")
    with open(schema, "w") as handle:
        subprocess.run([binary, "schema"], check=True, env=env, stdout=handle)
    validator = [sys.executable, os.path.join(root, "scripts", "validate-schema"), schema] + bundled
    subprocess.run(validator, check=True, stdout=subprocess.DEVNULL)
    check, validate = [], []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, "check"] + bundled, check=True, env=env, stdout=subprocess.DEVNULL)
        check.append(time.perf_counter() - start)
        start = time.perf_counter()
        subprocess.run(validator, check=True, stdout=subprocess.DEVNULL)
        validate.append(time.perf_counter() - start)
    os.remove(schema)
    print(f"schema: the {len(bundled)} bundled routines\n"
          f"  routine check:             median {statistics.median(check) * 1000:9.1f} ms\n"
          f"  validate-schema (jsonschema): median {statistics.median(validate) * 1000:9.1f} ms\n", flush=True)
    results.append({"scenario": "schema vs check, bundled routines",
                    "check_ms": statistics.median(check) * 1000, "schema_ms": statistics.median(validate) * 1000})
    return results
