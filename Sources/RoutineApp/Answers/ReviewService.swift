import Foundation
import RoutineCore
import RoutineStore

/// Derives a `Review` from the store: habits' marks from `PastDueDays`, answers from
/// the recorded steps, goals' pace from their progress on the reference day.
public enum ReviewService {
    /// - Parameters:
    ///   - goals: each goal with its progress, computed by the caller's one home for goals.
    public static func review(
        store: AppDatabase, span: Review.Span, day: DayKey, weekStart: Int,
        goals: [(title: String, unit: String?, progress: GoalProgress)]
    ) throws -> Review {
        let (from, to, previous) = Review.bounds(span, day: day, weekStart: weekStart)
        let lastSeen = min(to, day)
        let habits = try PastDueDays.habits(store, from: previous, to: lastSeen)
        var rows: [Review.HabitRow] = []
        for habit in habits {
            var row = Review.HabitRow(name: habit.name, marks: [], done: 0, due: 0, previousDone: 0, previousDue: 0)
            for ordinal in from.ordinal...to.ordinal {
                let date = DayKey(ordinal: ordinal)
                let mark: Review.Mark =
                    date > day
                    ? .future : habit.done.contains(date) ? .done : habit.due.contains(date) ? .missed : .notDue
                row.marks.append(mark)
                if mark == .done { row.done += 1 }
                if mark == .done || mark == .missed { row.due += 1 }
            }
            for ordinal in previous.ordinal..<from.ordinal {
                let date = DayKey(ordinal: ordinal)
                if habit.done.contains(date) { row.previousDone += 1 }
                if habit.due.contains(date) { row.previousDue += 1 }
            }
            if row.due > 0 || row.previousDue > 0 { rows.append(row) }
        }
        rows.sort { $0.name.lowercased() < $1.name.lowercased() }

        var questions: [Review.QuestionRow] = []
        let answers = try store.answers(from: from, to: lastSeen)
        let groups = AnswerListing.byQuestion(answers).sorted {
            ($0.first?.routine ?? "", $0.first?.node ?? "") < ($1.first?.routine ?? "", $1.first?.node ?? "")
        }
        for steps in groups {
            guard let last = steps.last else { continue }
            var counts: [String: Int] = [:]
            for answer in AnswerListing.byDay(steps).values { counts[answer, default: 0] += 1 }
            questions.append(
                Review.QuestionRow(
                    routine: last.routine, node: last.node, text: last.text,
                    counts: counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }))
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
