/// The JSON array of `routine stats --format json`, one compact line; `[]` for no habits.
///
/// Each element holds SPEC §6's fields in SPEC's order, then this project's two additions
/// and SPEC §10.5's: `{"habit","doneToday","currentStreak","previousStreak","bestStreak",
/// "momentum","weekCount","weekSum","weekComplete","weeklyStreak","due","dueDays","state"}` —
/// `state` is the habit's state on D (SPEC §17.1, the ledger's: `done`, `open`, `missed`, …);
/// `weekSum` is `null` for binary habits and `weeklyStreak` is `null` for habits without
/// a weekly target; both keys are always present. Written by hand: `JSONEncoder` on
/// Linux does not keep the key order, and would leave the `null` keys out.
public func statsJSON(_ stats: [HabitStats]) -> String {
    "[" + stats.map(\.json).joined(separator: ",") + "]"
}

extension HabitStats {
    /// One element of `statsJSON`, keys in SPEC's order.
    public var json: String {
        let fields: [(String, String)] = [
            ("habit", JSONText.string(habit.name)),
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
            ("state", state.map { JSONText.string($0.name) } ?? "null"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
