/// The JSON transcript of a run (SPEC §4.6), printed by `routine run --format json`
/// when the run stops:
///
///     {"run":"…","routine":"morning-checkin","dayKey":"2026-11-22","status":"completed","dryRun":false,
///      "steps":[{"node":"feeling","kind":"question","prompt":"How are you feeling today?","answer":"Great!"},
///               {"node":"meditate","kind":"habit","habit":"Meditate","answer":"done","value":10}],
///      "entries":[{"habit":"Meditate","dayKey":"2026-11-22","value":10}]}
///
/// Keys in exactly that order. A question step has `prompt`, a habit step `habit`;
/// `value` appears only on a step that recorded a quantity, `reason` only on a
/// `not-due` step (SPEC §10.4). Entries carry `value`
/// always, `null` for a binary habit. `json()` writes it on one line, no spaces.
public struct Transcript: Sendable, Equatable {
    public var run: String
    public var routine: String
    public var dayKey: DayKey
    public var status: RunStatus
    public var dryRun: Bool
    public var steps: [Step]
    public var entries: [EntryDraft]

    public init(
        run: String, routine: String, dayKey: DayKey, status: RunStatus, dryRun: Bool, steps: [Step],
        entries: [EntryDraft]
    ) {
        self.run = run
        self.routine = routine
        self.dayKey = dayKey
        self.status = status
        self.dryRun = dryRun
        self.steps = steps
        self.entries = entries
    }

    /// The transcript of a walker as it stands: its steps, entries and status.
    public init(run: String, walker: Walker, dryRun: Bool) {
        self.init(
            run: run, routine: walker.routine.slug, dayKey: walker.dayKey, status: walker.status, dryRun: dryRun,
            steps: walker.steps, entries: walker.entries)
    }

    /// The transcript of `walker` as one line of JSON.
    public static func json(run: String, walker: Walker, dryRun: Bool) -> String {
        Transcript(run: run, walker: walker, dryRun: dryRun).json()
    }

    /// One line of JSON, keys in the spec's order, no trailing newline.
    public func json() -> String { jsonValue.text }

    /// The transcript as the one JSON value, keys in the spec's order.
    public var jsonValue: JSONValue {
        let steps = steps.map { step -> JSONValue in
            var item: JSONObject = ["node": .string(step.node), "kind": .string(step.kind.rawValue)]
            item.append(step.kind == .question ? "prompt" : "habit", .string(step.text))
            item.append("answer", .string(step.answer.label))
            if let value = step.value { item.append("value", .number(value)) }
            if let reason = step.reason { item.append("reason", .string(reason)) }
            return .object(item)
        }
        let entries = entries.map { entry -> JSONValue in
            [
                "habit": .string(entry.habit), "dayKey": .string(entry.dayKey.description),
                "value": JSONValue(entry.value),
            ]
        }
        return [
            "run": .string(run), "routine": .string(routine), "dayKey": .string(dayKey.description),
            "status": .string(status.rawValue), "dryRun": .bool(dryRun), "steps": .array(steps),
            "entries": .array(entries),
        ]
    }
}
