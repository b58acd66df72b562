/// The cost of turning a passphrase into a ``SyncKey`` with scrypt: N (as its base-2
/// logarithm), r and p.
///
/// The parameters travel beside the salt on the server (as ``text``, `scrypt:17:8:1`), so
/// every device derives the same key, and a new server records the cost it was made
/// with. They are read from a server, so reading them refuses what a hostile or damaged
/// server could use against a device: scrypt's memory is 128·N·r bytes, and N is capped
/// at 2^20 and that memory at 1 GiB; p multiplies the time, and is capped at 4.
public struct KDFParameters: Sendable, Equatable, CustomStringConvertible {
    /// log2 of scrypt's N (CPU and memory cost).
    public let log2N: Int
    /// scrypt's block size.
    public let r: Int
    /// scrypt's parallelism (run one after another: a time multiplier).
    public let p: Int

    /// The smallest log2N read or made: 2^10 is what tests use; anything cheaper is no
    /// longer a memory-hard derivation worth the name.
    public static let minimumLog2N = 10
    /// The largest log2N read: 2^20 with r = 8 is 1 GiB.
    public static let maximumLog2N = 20
    /// The most memory a derivation may take, 1 GiB.
    public static let maximumMemory = 1 << 30

    /// The cost of a new server: N = 2^17, r = 8, p = 1, 128 MiB of memory — the largest
    /// of 2^15…2^17 that derives within about a second on the development machine (2
    /// shared cores, load ~2): a release build derives in 0.25 s (median of 5; 2^16:
    /// 0.12 s, 2^15: 0.06 s). A person pays it once per device, when the key file is
    /// written; an attacker who holds the salt pays it for every guess.
    public static let standard = KDFParameters(checkedLog2N: 17, r: 8, p: 1)

    /// Parameters within the limits above, or ``SyncCryptoError/badParameters(text:reason:)``.
    public init(log2N: Int, r: Int, p: Int) throws {
        let text = "scrypt:\(log2N):\(r):\(p)"
        guard (Self.minimumLog2N...Self.maximumLog2N).contains(log2N) else {
            throw SyncCryptoError.badParameters(
                text: text, reason: "log2 N must be \(Self.minimumLog2N) to \(Self.maximumLog2N)")
        }
        guard (1...32).contains(r) else {
            throw SyncCryptoError.badParameters(text: text, reason: "r must be 1 to 32")
        }
        guard (1...4).contains(p) else {
            throw SyncCryptoError.badParameters(text: text, reason: "p must be 1 to 4")
        }
        guard 128 * r << log2N <= Self.maximumMemory else {
            throw SyncCryptoError.badParameters(text: text, reason: "it needs more than 1 GiB of memory")
        }
        self.init(checkedLog2N: log2N, r: r, p: p)
    }

    private init(checkedLog2N: Int, r: Int, p: Int) {
        self.log2N = checkedLog2N
        self.r = r
        self.p = p
    }

    /// Reads the stored form `scrypt:LOG2N:R:P` (decimal digits only, nothing around).
    public init(text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "scrypt" else {
            throw SyncCryptoError.badParameters(text: text, reason: "expected scrypt:LOG2N:R:P")
        }
        var numbers: [Int] = []
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.count <= 3, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(part)
            else {
                throw SyncCryptoError.badParameters(text: text, reason: "'\(part)' is not a small whole number")
            }
            numbers.append(number)
        }
        try self.init(log2N: numbers[0], r: numbers[1], p: numbers[2])
    }

    /// The stored form, `scrypt:17:8:1`.
    public var text: String { "scrypt:\(log2N):\(r):\(p)" }

    public var description: String { text }

    /// scrypt's N.
    public var n: Int { 1 << log2N }

    /// The parameters a NEW server is set up with: ``standard``, unless
    /// `ROUTINE_SYNC_KDF_LOG2N` is set — for tests only, which set up many servers and
    /// cannot spend a second and 128 MiB on each; it changes only N (r = 8, p = 1). A
    /// server already set up keeps the parameters it stores, whatever the variable says.
    public static func forNewServer(environment: [String: String]) throws -> KDFParameters {
        guard let value = environment["ROUTINE_SYNC_KDF_LOG2N"] else { return standard }
        guard value.count <= 3, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let log2N = Int(value),
            (minimumLog2N...maximumLog2N).contains(log2N)
        else {
            throw SyncCryptoError.badTestCost(
                value: value, reason: "it must be a whole number from \(minimumLog2N) to \(maximumLog2N)")
        }
        return try KDFParameters(log2N: log2N, r: standard.r, p: standard.p)
    }
}
