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
        -> String
    {
        var run = try RunCoordinator.dryRun(routine: routine, dayKey: day, store: services, time: time)
        var hint: String?
        for line in answers {
            hint = nil
            if case .walker(.rejected(let reason)) = try run.handle(line) { hint = reason }
        }
        let steps = run.walker.steps.map { step in
            JSONText.object([
                "node": JSONText.string(step.node),
                "kind": JSONText.string(step.kind.rawValue),
                "text": JSONText.string(step.text),
                "answer": JSONText.string(step.answer.label),
                "reason": JSONText.string(step.reason),
            ])
        }
        let records = run.walker.entries.map { entry in
            JSONText.object(["habit": JSONText.string(entry.habit), "value": JSONText.number(entry.value)])
        }
        return JSONText.object([
            "day": JSONText.string(day.description),
            "status": JSONText.string(run.status.rawValue),
            "prompt": run.prompt.map(promptJSON) ?? "null",
            "steps": JSONText.array(steps),
            "records": JSONText.array(records),
            "hint": JSONText.string(hint),
        ])
    }

    private static func promptJSON(_ prompt: Prompt) -> String {
        JSONText.object([
            "node": JSONText.string(prompt.node),
            "kind": JSONText.string(prompt.kind.rawValue),
            "text": JSONText.string(prompt.text),
            "asked": JSONText.string(prompt.render()),
            "options": JSONText.array(
                prompt.options.enumerated().map { index, text in
                    JSONText.object([
                        "answer": JSONText.string(String(prompt.number(ofOffered: index))),
                        "text": JSONText.string(text),
                    ])
                }),
            "quantity": prompt.isQuantity ? "true" : "false",
            "unit": JSONText.string(prompt.measure?.unit),
        ])
    }
}
