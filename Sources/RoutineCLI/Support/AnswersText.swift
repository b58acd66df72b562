import RoutineCore

/// How `answers` prints recorded answers (SPEC §14.2) as text and JSON.
enum AnswersText {
    /// Text lines: `day  answer` for one question; for several, `day  question  answer` in
    /// aligned columns (`day  routine  question  answer` when several routines asked them).
    static func text(_ answers: [StepInfo], oneQuestion: Bool) -> String {
        guard !answers.isEmpty else { return "No answers yet.\n" }
        var lines: [String] = []
        if oneQuestion, let first = answers.last {
            lines.append("\(first.text) (\(first.routine)/\(first.node))")
        }
        if oneQuestion {
            let width = answers.map(\.answer.count).max() ?? 0
            for step in answers {
                let note = oneLine(step.note).map {
                    String(repeating: " ", count: width - step.answer.count) + "  — " + $0
                }
                lines.append("  \(step.dayKey)  \(step.answer)\(note ?? "")")
            }
            return lines.joined(separator: "\n") + "\n"
        }
        // The question as it was asked (its node id is for files and commands), in
        // columns; the routine's slug only when the answers come from several.
        let severalRoutines = Set(answers.map(\.routine)).count > 1
        let rows = answers.map { step in
            [step.dayKey.description] + (severalRoutines ? [step.routine] : []) + [step.text, step.answer]
                + (oneLine(step.note).map { ["— " + $0] } ?? [])
        }
        return StatsTable.aligned(rows) + "\n"
    }

    /// A note on one line (its line breaks as spaces), or nil for none.
    static func oneLine(_ note: String?) -> String? {
        note.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
    }

    /// JSON: one array of `{"uid","dayKey","routine","node","question","answer","option","timestamp","timeZone","run","note"}`.
    static func json(_ answers: [StepInfo]) -> JSONValue {
        .array(
            answers.map { step in
                [
                    "uid": .string(step.uid), "dayKey": .string(step.dayKey.description),
                    "routine": .string(step.routine),
                    "node": .string(step.node), "question": .string(step.text), "answer": .string(step.answer),
                    "option": JSONValue(step.optionPosition.map { $0 + 1 }),
                    "timestamp": .string(Instant.formatSeconds(step.recordedAt)), "timeZone": .string(step.timeZone),
                    "run": JSONValue(step.runID?.rawValue), "note": JSONValue(step.note),
                ]
            })
    }
}
