import Foundation
import RoutineCore
import RoutineStore

/// A week or a month looked back on (SPEC §14.2 `review`): per habit its day marks,
/// done-of-due counts and the previous period's; each question's answers counted; each
/// goal's pace. Nothing is stored: `ReviewService` derives it from the store.
public struct Review: Sendable, Equatable {
    public enum Span: String, Sendable, Equatable { case week, month }

    /// What a day of a habit's row shows.
    public enum Mark: String, Sendable, Equatable {
        case done, missed, notDue = "not-due", future

        /// `●` done, `○` due and not done, `·` not due, blank after today.
        public var symbol: String {
            switch self {
            case .done: "●"
            case .missed: "○"
            case .notDue: "·"
            case .future: " "
            }
        }
    }

    public struct HabitRow: Sendable, Equatable {
        public var name: String
        public var marks: [Mark]
        /// Each day's state name (SPEC §17.1; `future` after the reference day).
        public var states: [String] = []
        public var done: Int
        public var due: Int
        public var previousDone: Int
        public var previousDue: Int
    }

    public struct QuestionRow: Sendable, Equatable {
        public var routine: String
        public var node: String
        public var text: String
        /// Each answer given in the period and on how many days, most frequent first.
        public var counts: [(option: String, days: Int)]

        public static func == (a: QuestionRow, b: QuestionRow) -> Bool {
            a.routine == b.routine && a.node == b.node && a.text == b.text
                && a.counts.map(\.option) == b.counts.map(\.option) && a.counts.map(\.days) == b.counts.map(\.days)
        }
    }

    public struct GoalRow: Sendable, Equatable {
        public var title: String
        public var unit: String?
        public var total: Double
        public var target: Double
        public var remaining: Double
        /// Days left in the goal from the review's reference day (that day included).
        public var daysLeft: Int
        /// What remains per day left; nil when the goal is reached or over.
        public var perDay: Double?
    }

    public var span: Span
    public var from: DayKey
    public var to: DayKey
    /// The reference day: marks after it are `future`.
    public var day: DayKey
    public var habits: [HabitRow]
    public var questions: [QuestionRow]
    public var goals: [GoalRow]

    public init(
        span: Span, from: DayKey, to: DayKey, day: DayKey, habits: [HabitRow], questions: [QuestionRow],
        goals: [GoalRow]
    ) {
        self.span = span
        self.from = from
        self.to = to
        self.day = day
        self.habits = habits
        self.questions = questions
        self.goals = goals
    }

    /// The week (from `weekStart`, 0 = Monday) or the month holding `day`, and the period before it.
    public static func bounds(_ span: Span, day: DayKey, weekStart: Int) -> (from: DayKey, to: DayKey, previous: DayKey)
    {
        switch span {
        case .week:
            let from = day.adding(days: -((day.weekday - weekStart + 7) % 7))
            return (from, from.adding(days: 6), from.adding(days: -7))
        case .month:
            let from = DayKey(year: day.year, month: day.month, day: 1) ?? day
            let next =
                day.month == 12
                ? DayKey(year: day.year + 1, month: 1, day: 1) : DayKey(year: day.year, month: day.month + 1, day: 1)
            let to = next.map { $0.adding(days: -1) } ?? day
            let previousStart =
                day.month == 1
                ? DayKey(year: day.year - 1, month: 12, day: 1) : DayKey(year: day.year, month: day.month - 1, day: 1)
            return (from, to, previousStart ?? from.adding(days: -28))
        }
    }
}
