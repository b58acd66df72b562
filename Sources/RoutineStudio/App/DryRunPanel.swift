import RoutineApp
import RoutineCore

/// The dry-run panel (SPEC §19.4): the walker of `run --dry-run`, replayed from the
/// start with the answers given so far, on a chosen day and with the store's history
/// when there is one. Nothing is written.
enum DryRunPanel {
    /// The run after `answers` (lines as the REPL takes them: an option's number, `y`,
    /// `n`, `l`, an amount), as JSON: the steps walked, what is asked now, what would be
    /// recorded, and the hint of the last line when the walker rejected it.
    static func walk(
        routine: Routine, day: DayKey, answers: [String], services: AppServices?, time: TimeContext
    ) throws
        -> JSONValue
    {
        var run = try RunCoordinator.dryRun(routine: routine, dayKey: day, store: services, time: time)
        var hint: String?
        for line in answers {
            hint = nil
            if case .walker(.rejected(let reason)) = try run.handle(line) { hint = reason }
        }
        let steps = run.walker.steps.map { step in
            JSONValue.object([
                "node": JSONValue(step.node),
                "kind": JSONValue(step.kind.rawValue),
                "text": JSONValue(step.text),
                "answer": JSONValue(step.answer.label),
                "reason": JSONValue(step.reason),
            ])
        }
        let records = run.walker.entries.map { entry in
            JSONValue.object(["habit": JSONValue(entry.habit), "value": JSONValue(entry.value)])
        }
        return JSONValue.object([
            "day": JSONValue(day.description),
            "status": JSONValue(run.status.rawValue),
            "prompt": run.prompt.map(promptJSON) ?? .null,
            "steps": JSONValue.array(steps),
            "records": JSONValue.array(records),
            "hint": JSONValue(hint),
        ])
    }

    private static func promptJSON(_ prompt: Prompt) -> JSONValue {
        JSONValue.object([
            "node": JSONValue(prompt.node),
            "kind": JSONValue(prompt.kind.rawValue),
            "text": JSONValue(prompt.text),
            "asked": JSONValue(prompt.render()),
            "options": JSONValue.array(
                prompt.options.enumerated().map { index, text in
                    JSONValue.object([
                        "answer": JSONValue(String(prompt.number(ofOffered: index))),
                        "text": JSONValue(text),
                    ])
                }),
            "quantity": .bool(prompt.isQuantity),
            "unit": JSONValue(prompt.measure?.unit),
        ])
    }
}
