import Foundation
import RoutineCore
import RoutineStore

/// Gathers what `insights` relates (SPEC §14.3) from the store and hands it to
/// `Insights.report`: each question's standing answer per day, and each habit's due and
/// done days within the same span (`PastDueDays`).
public enum InsightsService {
    public static func report(
        store: AppDatabase, question: KnownQuestion?, from: DayKey?, to: DayKey
    ) throws -> InsightReport {
        let answers = try store.answers(routine: question?.routine, node: question?.node, from: from, to: to)
        let questions = AnswerListing.byQuestion(answers).compactMap { steps -> InsightQuestion? in
            guard let last = steps.last else { return nil }
            return InsightQuestion(
                routine: last.routine, node: last.node, text: last.text, answers: AnswerListing.byDay(steps))
        }
        guard let first = answers.map(\.dayKey).min() else {
            return Insights.report(questions: [], habits: [])
        }
        // The day before the first answer counts for `the day before`.
        let start = first.adding(days: -1)
        return Insights.report(questions: questions, habits: try PastDueDays.habits(store, from: start, to: to))
    }
}
