import Foundation
import RoutineCore
import RoutineStore

/// Gathers what `insights` relates (SPEC §14.3) from the store and hands it to
/// `Insights.report`: each question's standing answer per day, and each habit's due and
/// done days within the same span (the ledger's states: a day done or due).
public enum InsightsService {
    static func report(
        store: AppDatabase, question: KnownQuestion?, from: DayKey?, to: DayKey, time: TimeContext
    ) throws -> InsightReport {
        let answers = try store.answers.standingAnswers(
            routine: question?.routine, node: question?.node, from: from, to: to)
        var questions: [InsightQuestion] = []
        for answer in answers {
            if let last = questions.last, last.routine == answer.routine, last.node == answer.node {
                questions[questions.count - 1].answers[answer.day] = answer.answer
                questions[questions.count - 1].text = answer.text
            } else {
                questions.append(
                    InsightQuestion(
                        routine: answer.routine, node: answer.node, text: answer.text,
                        answers: [answer.day: answer.answer]))
            }
        }
        guard let first = answers.map(\.day).min(), let last = answers.map(\.day).max() else {
            return Insights.report(questions: [], habits: [])
        }
        // The day before the first answer counts for `the day before`.
        let start = first.adding(days: -1)
        return Insights.report(
            questions: questions, habits: try dueAndDone(store, from: start, to: min(to, last), time: time),
            leads: try leads(of: questions, store: store))
    }

    /// Each habit's days in `from`…`to` that were done, and those done or due (SPEC §17.1),
    /// as the ledger states them.
    static func dueAndDone(_ store: AppDatabase, from: DayKey, to: DayKey, time: TimeContext) throws -> [InsightHabit] {
        guard from <= to else { return [] }
        let days = (from.ordinal...to.ordinal).map(DayKey.init(ordinal:))
        let ledger = try HabitLedger.build(
            planner: DayPlanner(store: store), from: from, through: to, alsoOn: days, time: time)
        var habits: [InsightHabit] = []
        for habit in try store.habits.all(includeArchived: false) {
            var due = Set<DayKey>()
            var done = Set<DayKey>()
            for day in days {
                let state = ledger.state(habit.key, day)
                if state == .done { done.insert(day) }
                if state == .done || state.isDue { due.insert(day) }
            }
            if !due.isEmpty { habits.append(InsightHabit(name: habit.name, due: due, done: done)) }
        }
        return habits
    }

    /// What each routine's answers decide (SPEC §17.6), from its current version: a
    /// finding the structure makes is left out.
    private static func leads(of questions: [InsightQuestion], store: AppDatabase) throws -> [String: AnswerLeads] {
        var leads: [String: AnswerLeads] = [:]
        for slug in Set(questions.map(\.routine)) {
            if let stored = try store.routines.routine(slug: slug) { leads[slug] = AnswerLeads(stored.routine) }
        }
        return leads
    }
}
