/// The JSON array of `routine stats --format json`, one compact line; `[]` for no habits.
///
/// Each element holds SPEC §6's fields in SPEC's order, then this project's two additions
/// and SPEC §10.5's: `{"habit","doneToday","currentStreak","previousStreak","bestStreak",
/// "momentum","weekCount","weekSum","weekComplete","weeklyStreak","due","dueDays","state",
/// "frequency","dayTarget","todayAmount","periodDone","periodStreak"}` —
/// `state` is the habit's state on D (SPEC §17.1, the ledger's: `done`, `partial`, `open`, `missed`, …);
/// `frequency` is `{"times":N,"period":P}` or null, `dayTarget` `"at-least:8"`/`"at-most:0"` or
/// null, `todayAmount` D's sum (or number of entries), `periodDone` and `periodStreak` a
/// frequency habit's done days in the P days ending at D and its period streak (else null);
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
            // SPEC §18.1: the frequency, the day target and the day's amount, the period streak.
            ("frequency", habit.frequency.map { "{\"times\":\($0.times),\"period\":\($0.period)}" } ?? "null"),
            ("dayTarget", habit.dayTarget.map { JSONText.string($0.storedText) } ?? "null"),
            ("todayAmount", JSONText.number(todayAmount)),
            ("periodDone", periodDone.map { String($0) } ?? "null"),
            ("periodStreak", periodStreak.map { String($0) } ?? "null"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
