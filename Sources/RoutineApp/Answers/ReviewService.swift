import Foundation
import RoutineCore
import RoutineStore

/// Derives a `Review` from the store: habits' marks from the ledger (SPEC §17), answers from
/// the recorded steps, goals' pace from their progress on the reference day.
public enum ReviewService {
    /// - Parameters:
    ///   - goals: each goal with its progress, computed by the caller's one home for goals.
    static func review(
        store: AppDatabase, span: Review.Span, day: DayKey, weekStart: Int, time: TimeContext,
        goals: [(title: String, unit: String?, progress: GoalProgress)]
    ) throws -> Review {
        let (from, to, previous) = Review.bounds(span, day: day, weekStart: weekStart)
        let lastSeen = min(to, day)
        let shown = (previous.ordinal...max(previous.ordinal, lastSeen.ordinal)).map(DayKey.init(ordinal:))
        // Only the days shown (and the previous span's) are read and evaluated.
        let ledger = try HabitLedger.build(
            planner: DayPlanner(store: store), from: previous, through: lastSeen, alsoOn: shown, time: time)
        var rows: [Review.HabitRow] = []
        for habit in try store.habits.all(includeArchived: false) {
            var row = Review.HabitRow(name: habit.name, marks: [], done: 0, due: 0, previousDone: 0, previousDue: 0)
            for ordinal in from.ordinal...to.ordinal {
                let date = DayKey(ordinal: ordinal)
                guard date <= day else {
                    row.marks.append(.future)
                    row.states.append("future")
                    continue
                }
                let state = ledger.state(habit.key, date)
                let mark: Review.Mark = state == .done ? .done : state.isDue ? .missed : .notDue
                row.marks.append(mark)
                row.states.append(state.name)
                if mark == .done { row.done += 1 }
                if mark == .done || mark == .missed { row.due += 1 }
            }
            for ordinal in previous.ordinal..<from.ordinal {
                let state = ledger.state(habit.key, DayKey(ordinal: ordinal))
                if state == .done { row.previousDone += 1 }
                if state == .done || state.isDue { row.previousDue += 1 }
            }
            if row.due > 0 || row.previousDue > 0 { rows.append(row) }
        }
        rows.sort { $0.name.lowercased() < $1.name.lowercased() }

        var questions: [Review.QuestionRow] = []
        for answer in try store.answers.standingAnswers(from: from, to: lastSeen) {
            if let last = questions.last, last.routine == answer.routine, last.node == answer.node {
                questions[questions.count - 1].text = answer.text
                if let index = questions[questions.count - 1].counts.firstIndex(where: { $0.option == answer.answer }) {
                    questions[questions.count - 1].counts[index].days += 1
                } else {
                    questions[questions.count - 1].counts.append((answer.answer, 1))
                }
            } else {
                questions.append(
                    Review.QuestionRow(
                        routine: answer.routine, node: answer.node, text: answer.text, counts: [(answer.answer, 1)]))
            }
        }
        for index in questions.indices {
            questions[index].counts.sort { ($1.days, $0.option) < ($0.days, $1.option) }
        }

        let goalRows = goals.filter { $0.progress.to >= from && $0.progress.from <= to }.map { goal in
            let left = goal.progress.daysLeft(from: day)
            let remaining = goal.progress.remaining
            return Review.GoalRow(
                title: goal.title, unit: goal.unit, total: goal.progress.total, target: goal.progress.target,
                remaining: remaining, daysLeft: left,
                perDay: remaining > 0 && left > 0 ? MetricNumber.tidy(remaining / Double(left)) : nil)
        }
        return Review(span: span, from: from, to: to, day: day, habits: rows, questions: questions, goals: goalRows)
    }
}
