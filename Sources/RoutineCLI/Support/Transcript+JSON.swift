import RoutineCore

/// `routine run --format json`'s transcript (SPEC §4.6) as one `JSONValue`, keys in the
/// spec's order, drawn from RoutineCore's `Transcript`.
extension Transcript {
    /// The transcript of `walker` as one line of JSON.
    static func json(run: String, walker: Walker, dryRun: Bool) -> String {
        Transcript(run: run, walker: walker, dryRun: dryRun).json()
    }

    /// One line of JSON, keys in the spec's order, no trailing newline.
    func json() -> String { jsonValue.text }

    /// The transcript as the one JSON value, keys in the spec's order.
    var jsonValue: JSONValue {
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
