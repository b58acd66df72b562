import Foundation
import RoutineCore
import RoutineStore

/// Recorded answers as `answers` lists them (SPEC §14.2): the store's steps, one a row.
public enum AnswerListing {
    /// The CSV form of answers (uids kept, so that `import-answers` skips them).
    public static func rows(_ answers: [StepInfo]) -> [AnswerRow] {
        answers.map { step in
            AnswerRow(
                uid: UUID(uuidString: step.uid), dayKey: step.dayKey, routine: step.routine, node: step.node,
                question: step.text, answer: step.answer, option: step.optionPosition.map { $0 + 1 },
                timestamp: step.recordedAt, timeZone: step.timeZone)
        }
    }

    /// Text lines: `day  answer` for one question, `day  routine/node  answer` for several.
    public static func text(_ answers: [StepInfo], oneQuestion: Bool) -> String {
        guard !answers.isEmpty else { return "No answers yet.\n" }
        var lines: [String] = []
        if oneQuestion, let first = answers.last {
            lines.append("\(first.text) (\(first.routine)/\(first.node))")
        }
        for step in answers {
            lines.append(
                oneQuestion
                    ? "  \(step.dayKey)  \(step.answer)"
                    : "\(step.dayKey)  \(step.routine)/\(step.node)  \(step.answer)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: one array of `{"uid","dayKey","routine","node","question","answer","option","timestamp","timeZone","run"}`.
    public static func json(_ answers: [StepInfo]) -> String {
        "["
            + answers.map { step in
                "{\"uid\":\(JSONText.string(step.uid)),\"dayKey\":\"\(step.dayKey)\","
                    + "\"routine\":\(JSONText.string(step.routine)),\"node\":\(JSONText.string(step.node)),"
                    + "\"question\":\(JSONText.string(step.text)),\"answer\":\(JSONText.string(step.answer)),"
                    + "\"option\":\(step.optionPosition.map { String($0 + 1) } ?? "null"),"
                    + "\"timestamp\":\(JSONText.string(Instant.formatSeconds(step.recordedAt))),"
                    + "\"timeZone\":\(JSONText.string(step.timeZone)),"
                    + "\"run\":\(step.runID.map { JSONText.string($0.rawValue) } ?? "null")}"
            }.joined(separator: ",") + "]"
    }
}
