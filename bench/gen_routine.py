#!/usr/bin/env python3
"""Write a large acyclic routine file for benchmarks: gen_routine.py N > file.yaml

Same shape as `BenchmarkRoutine.generate` in Tests/RoutineFileTests (same PRNG,
same choices, so the same text for the same N and seed): N nodes under `nodes:`,
about 2.6 `next` edges per node, one in five a question with 2-3 options, habits
drawn from a pool of 400 names (every tenth a quantity habit), edges only forward
(so no cycles), and node i always links to node i+1 (so all are reachable).
"""
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


def generate(n, seed=42):
    rng = SplitMix64(seed)
    habit_pool = 400
    out = [f"routine: bench-{n}", "start: [n0]", "habits:"]
    for h in range(0, habit_pool, 10):
        out.append(f"  Habit {h}:")
        out.append("    measure: {unit: min, type: time}")
        out.append("    target: 10")
    out.append("nodes:")

    def forward(i, count):
        refs = [f"n{i + 1}"]
        for _ in range(count):
            refs.append(f"n{i + 1 + rng.below(min(50, n - i - 1))}")
        return "[" + ", ".join(refs) + "]"

    for i in range(n):
        out.append(f"  n{i}:")
        last = i == n - 1
        if not last and rng.below(5) == 0:
            options = 2 + rng.below(2)
            out.append(f"    question: Question number {i}?")
            out.append("    options:")
            for k in range(options):
                out.append(f"      - text: Answer {k + 1}")
                out.append(f"        next: {forward(i, 1 if rng.below(3) == 0 else 0)}")
        else:
            out.append(f"    habit: Habit {rng.below(habit_pool)}")
            if not last:
                out.append(f"    next: {forward(i, rng.below(4))}")
    return "\n".join(out) + "\n"


def write(n, yaml_path, edges_path=None, seed=42):
    """Writes the routine to yaml_path and, when asked, its edges (one `from to` pair a
    line, the input of tsort and of the networkx anchor) to edges_path."""
    text = generate(n, seed)
    with open(yaml_path, "w") as f:
        f.write(text)
    if edges_path is None:
        return
    with open(edges_path, "w") as f:
        node = None
        for line in text.splitlines():
            stripped = line.strip()
            if line.startswith("  n") and stripped.endswith(":") and not line.startswith("   "):
                node = stripped[:-1]
            elif stripped.startswith("next: [") and node is not None:
                for ref in stripped[len("next: ["):-1].split(", "):
                    f.write(f"{node} {ref}\n")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    sys.stdout.write(generate(count))
