import TestSupport

/// The benchmark routine of `bench/gen_routine.py`, built the same way (same PRNG and
/// choices), so the Swift tests and the script write the same text for one N.
enum BenchmarkRoutine {
    /// SplitMix64, as in the script.

    static func generate(nodes n: Int, seed: UInt64 = 42) -> String {
        var rng = SeededGenerator(seed: seed)
        let habitPool = 400
        var out = ["routine: bench-\(n)", "start: [n0]", "habits:"]
        for habit in stride(from: 0, to: habitPool, by: 10) {
            out.append("  Habit \(habit):")
            out.append("    measure: {unit: min, type: time}")
            out.append("    target: 10")
        }
        out.append("nodes:")
        func forward(_ i: Int, _ count: Int) -> String {
            var refs = ["n\(i + 1)"]
            for _ in 0..<count { refs.append("n\(i + 1 + rng.below(min(50, n - i - 1)))") }
            return "[" + refs.joined(separator: ", ") + "]"
        }
        for i in 0..<n {
            out.append("  n\(i):")
            let last = i == n - 1
            if !last && rng.below(5) == 0 {
                let options = 2 + rng.below(2)
                out.append("    question: Question number \(i)?")
                out.append("    options:")
                for k in 0..<options {
                    out.append("      - text: Answer \(k + 1)")
                    out.append("        next: \(forward(i, rng.below(3) == 0 ? 1 : 0))")
                }
            } else {
                out.append("    habit: Habit \(rng.below(habitPool))")
                if !last { out.append("    next: \(forward(i, rng.below(4)))") }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
