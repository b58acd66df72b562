/// One element of `routine stats --format json`: SPEC §6's fields in SPEC's order,
/// then this project's two additions.
///
/// `{"habit","doneToday","currentStreak","previousStreak","bestStreak","momentum",
/// "weekCount","weekSum","weekComplete","weeklyStreak","due","dueDays"}` — `weekSum` is `null` for
/// binary habits and `weeklyStreak` is `null` for habits without a weekly target; both
/// keys are always present. Written by hand (`json`, `statsJSON`): `JSONEncoder` on
/// Linux does not keep the key order.
public struct StatsRow: Sendable, Hashable {
    public var habit: String
    public var doneToday: Bool
    public var currentStreak: Int
    public var previousStreak: Int
    public var bestStreak: Int
    public var momentum: Int
    public var weekCount: Int
    public var weekSum: Double?
    public var weekComplete: Bool
    public var weeklyStreak: Int?
    /// Due on D (SPEC §10.5).
    public var due: Bool
    /// Momentum's denominator (SPEC §10.5).
    public var dueDays: Int

    public init(_ stats: HabitStats) {
        habit = stats.habit.name
        doneToday = stats.doneToday
        currentStreak = stats.currentStreak
        previousStreak = stats.previousStreak
        bestStreak = stats.bestStreak
        momentum = stats.momentum
        weekCount = stats.weekCount
        weekSum = stats.weekSum
        weekComplete = stats.weekComplete
        weeklyStreak = stats.weeklyStreak
        due = stats.due
        dueDays = stats.dueDays
    }

    private enum CodingKeys: String, CodingKey {
        case habit, doneToday, currentStreak, previousStreak, bestStreak, momentum
        case weekCount, weekSum, weekComplete, weeklyStreak, due, dueDays
    }

    /// Written by hand so that `null`s are explicit (synthesised code would omit the
    /// keys) and the keys come in SPEC's order.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(habit, forKey: .habit)
        try container.encode(doneToday, forKey: .doneToday)
        try container.encode(currentStreak, forKey: .currentStreak)
        try container.encode(previousStreak, forKey: .previousStreak)
        try container.encode(bestStreak, forKey: .bestStreak)
        try container.encode(momentum, forKey: .momentum)
        try container.encode(weekCount, forKey: .weekCount)
        if let weekSum, weekSum.isFinite {
            try container.encode(weekSum, forKey: .weekSum)
        } else {
            try container.encodeNil(forKey: .weekSum)
        }
        try container.encode(weekComplete, forKey: .weekComplete)
        if let weeklyStreak {
            try container.encode(weeklyStreak, forKey: .weeklyStreak)
        } else {
            try container.encodeNil(forKey: .weeklyStreak)
        }
        try container.encode(due, forKey: .due)
        try container.encode(dueDays, forKey: .dueDays)
    }
}

/// The JSON array of `routine stats --format json`, one compact line, keys in SPEC's
/// order. `[]` for no habits.
///
/// Written by hand rather than with `JSONEncoder`, which on Linux does not keep the
/// order of keys.
public func statsJSON(_ stats: [HabitStats]) -> String {
    "[" + stats.map { StatsRow($0).json }.joined(separator: ",") + "]"
}

extension StatsRow {
    /// This row as one JSON object, keys in SPEC's order.
    public var json: String {
        let fields: [(String, String)] = [
            ("habit", JSONText.string(habit)),
            ("doneToday", String(doneToday)),
            ("currentStreak", String(currentStreak)),
            ("previousStreak", String(previousStreak)),
            ("bestStreak", String(bestStreak)),
            ("momentum", String(momentum)),
            ("weekCount", String(weekCount)),
            ("weekSum", weekSum.map(JSONText.number) ?? "null"),
            ("weekComplete", String(weekComplete)),
            ("weeklyStreak", weeklyStreak.map { String($0) } ?? "null"),
            ("due", String(due)),
            ("dueDays", String(dueDays)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
