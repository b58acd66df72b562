import Foundation
import RoutineCore
import RoutineStore

/// Recorded answers as rows of the answers CSV (SPEC §14.2): the store's steps, one a row.
/// RoutineCLI's `AnswersText` draws them as text and JSON.
public enum AnswerListing {
    /// The CSV form of answers (uids kept, so that `import-answers` skips them).
    public static func rows(_ answers: [StepInfo]) -> [AnswerRow] {
        answers.map(row)
    }

    /// The CSV form of one answer.
    public static func row(_ step: StepInfo) -> AnswerRow {
        AnswerRow(
            uid: UUID(uuidString: step.uid), dayKey: step.dayKey, routine: step.routine, node: step.node,
            question: step.text, answer: step.answer, option: step.optionPosition.map { $0 + 1 },
            timestamp: step.recordedAt, timeZone: step.timeZone)
    }
}
