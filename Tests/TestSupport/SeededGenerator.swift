/// SplitMix64: a small deterministic generator, so every property test, mutation test
/// and generated benchmark input replays the same cases from its seed (and
/// `bench/gen_routine.py` can produce the same sequence in Python).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `next() % bound`: the same reduction as the Python generator (not uniform for
    /// huge bounds, which these tests never use).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
