import RoutineCore

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
func statsJSON(_ stats: [HabitStats]) -> String {
    JSONValue.array(stats.map(\.json)).text
}

extension HabitStats {
    /// One element of `statsJSON`, keys in SPEC's order.
    var json: JSONValue {
        [
            "habit": .string(habit.name),
            "doneToday": .bool(doneToday),
            "currentStreak": .integer(currentStreak),
            "previousStreak": .integer(previousStreak),
            "bestStreak": .integer(bestStreak),
            "momentum": .integer(momentum),
            "weekCount": .integer(weekCount),
            "weekSum": JSONValue(weekSum),
            "weekComplete": .bool(weekComplete),
            "weeklyStreak": JSONValue(weeklyStreak),
            "due": .bool(due),
            "dueDays": .integer(dueDays),
            "state": JSONValue(state?.name),
            // SPEC §18.1: the frequency, the day target and the day's amount, the period streak.
            "frequency": habit.frequency.map { ["times": .integer($0.times), "period": .integer($0.period)] } ?? .null,
            "dayTarget": JSONValue(habit.dayTarget?.storedText),
            "todayAmount": .number(todayAmount),
            "periodDone": JSONValue(periodDone),
            "periodStreak": JSONValue(periodStreak),
        ]
    }
}
