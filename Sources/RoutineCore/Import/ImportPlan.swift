import Foundation

/// The tools `routine import-from` reads (SPEC §18.2).
public enum ImportSourceKind: String, Sendable, CaseIterable, Codable {
    case loop, harsh, daylio, habitbull
}

/// How often a habit of another tool is meant to be done, as that tool says it.
public enum ImportFrequency: Sendable, Equatable, Codable {
    /// Every day (Loop 1/1, harsh `1`).
    case daily
    /// Once in every N days (Loop 1/N, harsh `N` or `Nw`).
    case every(Int)
    /// At least N done days in every P (Loop N/P, harsh `N/P`); P = 7 is `weekly: N`.
    case per(Int, Int)
    /// Tracked only, never due (harsh `0`).
    case none

    /// A frequency from a numerator and a denominator (Loop, harsh): 1/1 daily, 1/P
    /// every P days, else N per P.
    public static func fraction(_ numerator: Int, _ denominator: Int) -> ImportFrequency {
        if numerator == denominator { return .daily }
        if numerator == 1 { return .every(denominator) }
        return .per(numerator, denominator)
    }

    /// As the plan shows it (`daily`, `every 3 days`, `3 per week`, `2/30`).
    public var text: String {
        switch self {
        case .daily: "daily"
        case .every(let n): "every \(n) days"
        case .per(let n, 7): "\(n) per week"
        case .per(let n, let p): "per \(n)/\(p)"
        case .none: "no schedule"
        }
    }
}

/// One habit an import would make or reuse.
public struct PlannedHabit: Sendable, Equatable {
    /// The name in the store: the source's, with ` (2)` for the second of one name.
    public var name: String
    /// The name as the source wrote it.
    public var sourceName: String
    /// The unit of a quantity habit (`""` is a plain count); nil for a binary habit.
    public var unit: String?
    public var frequency: ImportFrequency
    /// The day target (Loop's target type and value).
    public var target: DayTarget?
    public var archived: Bool
    public var description: String?

    public init(
        name: String, unit: String? = nil, frequency: ImportFrequency = .daily, target: DayTarget? = nil,
        archived: Bool = false, description: String? = nil
    ) {
        self.name = name
        self.sourceName = name
        self.unit = unit
        self.frequency = frequency
        self.target = target
        self.archived = archived
        self.description = description
    }
}

/// One entry an import would write: a habit done on a day (with an amount, for a
/// quantity habit).
public struct PlannedEntry: Sendable, Equatable {
    /// The index of its habit in `ImportPlan.habits`.
    public var habit: Int
    public var dayKey: DayKey
    public var value: Double?
    public var note: String?
    public var timestamp: Date
    public var uid: UUID

    public init(habit: Int, dayKey: DayKey, value: Double?, note: String?, timestamp: Date, uid: UUID) {
        self.habit = habit
        self.dayKey = dayKey
        self.value = value
        self.note = note
        self.timestamp = timestamp
        self.uid = uid
    }
}

/// A day the source says a habit did not count (Loop's SKIP, harsh's `s`): a one-day
/// pause of that habit.
public struct PlannedSkip: Sendable, Equatable {
    public var habit: Int
    public var dayKey: DayKey
    public var uid: UUID
    /// What the source wrote with the skip (Loop's notes, harsh's comment), or nil.
    public var note: String?

    public init(habit: Int, dayKey: DayKey, uid: UUID, note: String? = nil) {
        self.habit = habit
        self.dayKey = dayKey
        self.uid = uid
        self.note = note
    }
}

/// A one-question routine an import answers (Daylio's moods, SPEC §18.2): the routine
/// `slug` asks `question` (node `node`) with `options`, the answers met in the source.
public struct PlannedQuestion: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var node: String
    public var question: String
    public var options: [String]

    public init(slug: String, title: String, node: String, question: String, options: [String]) {
        self.slug = slug
        self.title = title
        self.node = node
        self.question = question
        self.options = options
    }
}

/// What an import would do, before anything is written: read from a source by an
/// importer, shown by `--dry-run`, written by the store in one transaction.
public struct ImportPlan: Sendable, Equatable {
    public var source: ImportSourceKind
    public var habits: [PlannedHabit] = []
    public var entries: [PlannedEntry] = []
    public var skips: [PlannedSkip] = []
    /// Answers to `question`'s routine (its slug and node), with their uids.
    public var answers: [AnswerRow] = []
    /// The routine the answers belong to, made (or given a new version) by the import.
    public var question: PlannedQuestion?
    /// What the source holds that routine does not keep, each with its reason.
    public var notMapped: [String] = []
    /// Commands to run by hand for what an import does not do (Loop's reminders:
    /// `routine remind install --at 08:00`, SPEC §20).
    public var suggestions: [String] = []

    public init(source: ImportSourceKind) {
        self.source = source
    }

    /// Adds a habit and returns its index. A second habit of one name (folded as the
    /// store folds names) gets ` (2)`, a third ` (3)`, and the plan says so.
    public mutating func addHabit(_ habit: PlannedHabit) -> Int {
        var habit = habit
        let taken = Set(habits.map { HabitKey($0.name) })
        if taken.contains(HabitKey(habit.name)) {
            var number = 2
            while taken.contains(HabitKey("\(habit.sourceName) (\(number))")) { number += 1 }
            habit.name = "\(habit.sourceName) (\(number))"
            notMapped.append("two habits named \(habit.sourceName): the later is imported as \(habit.name)")
        }
        habits.append(habit)
        return habits.count - 1
    }

    /// The stable id of a record of this source: a version-5 UUID of the source kind and
    /// the record's own key (its habit and day, or its id), so importing again finds it.
    public func uid(_ parts: String...) -> UUID {
        uidPrefix(parts).uid()
    }

    /// The key parts a habit's records share (`Meditate`, or `skip` and `Meditate`),
    /// hashed once: `uidPrefix("Meditate").uid("2026-01-01")` is `uid("Meditate",
    /// "2026-01-01")`, and ten years of a habit hash its name once instead of 3,650 times.
    public func uidPrefix(_ parts: String...) -> UUIDv5.Prefix {
        uidPrefix(parts)
    }

    private func uidPrefix(_ parts: [String]) -> UUIDv5.Prefix {
        var prefix = UUIDv5.Prefix(name: source.rawValue)
        for part in parts { prefix.append(part) }
        return prefix
    }

    /// Entries and skips per habit, in habit order.
    public func counts() -> [(entries: Int, skips: Int)] {
        var result = Array(repeating: (entries: 0, skips: 0), count: habits.count)
        for entry in entries { result[entry.habit].entries += 1 }
        for skip in skips { result[skip.habit].skips += 1 }
        return result
    }
}

/// A problem with the file an importer reads: one line, naming the line when there is one.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or the member of an archive) the problem is in.
    public var file: String
    /// The 1-based line, or nil for the file as a whole.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// RFC 4122 name-based UUIDs (version 5, SHA-1) in one fixed namespace of routine's.
public enum UUIDv5 {
    /// The namespace of routine's import uids (itself a v5 UUID of the URL namespace).
    static let namespace: [UInt8] = [
        0x5c, 0x1e, 0x8f, 0x4a, 0x0b, 0x6d, 0x5e, 0x2f, 0x9a, 0x41, 0x7d, 0x3b, 0x62, 0xc8, 0x15, 0xe0,
    ]

    public static func make(name: String) -> UUID {
        Prefix(name: name).uid()
    }

    /// The UUID of `name` in another namespace (RFC 4122's own, for its examples).
    static func make(namespace: UUID, name: String) -> UUID {
        var hasher = SHA1()
        withUnsafeBytes(of: namespace.uuid) { hasher.update($0) }
        hasher.update(name.utf8)
        return uuid(hasher.finish())
    }

    /// The first parts of a name, hashed after the namespace: its uids are made by
    /// adding the last part to a copy (SHA-1 goes on from where the prefix left it).
    /// Parts are joined by U+001F (the unit separator), as `ImportPlan.uid` joins them.
    public struct Prefix: Sendable {
        private var hasher = SHA1()

        init(name first: String) {
            hasher.update(UUIDv5.namespace)
            hasher.update(first.utf8)
        }

        /// Adds a part to the name (after a separator).
        mutating func append(_ part: String) {
            hasher.update(CollectionOfOne(0x1F))
            hasher.update(part.utf8)
        }

        /// The UUID of the name so far.
        public func uid() -> UUID {
            var hasher = hasher
            return UUIDv5.uuid(hasher.finish())
        }

        /// The UUID of the name so far with `last` as its last part.
        public func uid(_ last: String) -> UUID {
            var name = self
            name.append(last)
            return name.uid()
        }
    }

    /// The first 16 bytes of the digest, version 5 and the RFC 4122 variant set.
    private static func uuid(_ digest: SHA1.Digest) -> UUID {
        func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: digest[index / 4] >> (24 - 8 * (index % 4))) }
        return UUID(
            uuid: (
                byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6) & 0x0F | 0x50, byte(7),
                byte(8) & 0x3F | 0x80, byte(9), byte(10), byte(11), byte(12), byte(13), byte(14), byte(15)
            ))
    }
}

/// SHA-1 (FIPS 180-4), for name-based UUIDs only: no security rests on it. Its state and
/// the block being filled live in the value itself (fixed-size inline arrays), so hashing
/// allocates nothing, and a copy of a hasher goes on from where the original was: an
/// import hashes a habit's name once and each day's uid from a copy.
struct SHA1: Sendable {
    /// The five words of a digest, most significant byte first when written out.
    typealias Digest = InlineArray<5, UInt32>

    private var state: Digest = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    private var block = InlineArray<64, UInt8>(repeating: 0)
    /// The bytes taken so far; `length % 64` of them wait in `block`.
    private var length = 0

    mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            block[length % 64] = byte
            length += 1
            if length % 64 == 0 { compress() }
        }
    }

    /// The digest of everything taken; the hasher is spent.
    mutating func finish() -> Digest {
        let bitLength = UInt64(length) * 8
        update(CollectionOfOne(0x80))
        while length % 64 != 56 { update(CollectionOfOne(0)) }
        for shift in stride(from: 56, through: 0, by: -8) {
            update(CollectionOfOne(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))))
        }
        return state
    }

    /// The 20 bytes of the digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(message)
        let words = hasher.finish()
        return (0..<20).map { UInt8(truncatingIfNeeded: words[$0 / 4] >> (24 - 8 * ($0 % 4))) }
    }

    /// One 64-byte block into the state.
    private mutating func compress() {
        var w = InlineArray<80, UInt32>(repeating: 0)
        for i in 0..<16 {
            w[i] =
                UInt32(block[i * 4]) << 24 | UInt32(block[i * 4 + 1]) << 16 | UInt32(block[i * 4 + 2]) << 8
                | UInt32(block[i * 4 + 3])
        }
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w[i] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for i in 0..<80 {
            let (f, k): (UInt32, UInt32) =
                switch i {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
            (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
        }
        state[0] = state[0] &+ a
        state[1] = state[1] &+ b
        state[2] = state[2] &+ c
        state[3] = state[3] &+ d
        state[4] = state[4] &+ e
    }
}
