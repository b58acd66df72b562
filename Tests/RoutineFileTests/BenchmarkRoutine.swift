/// The benchmark routine of `bench/gen_routine.py`, built the same way (same PRNG and
/// choices), so the Swift tests and the script write the same text for one N.
enum BenchmarkRoutine {
    /// SplitMix64, as in the script.
    private struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static func generate(nodes n: Int, seed: UInt64 = 42) -> String {
        var rng = SplitMix64(state: seed)
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
