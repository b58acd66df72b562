import Foundation
import RoutineCore
import RoutineStore

/// `answers QUESTION --calendar` (SPEC §14.2): a year of one question's answers at a glance,
/// as plain values for a front end to draw (the CLI's drawing: `AnswerCalendarText`).
///
/// Rows are the weekdays from the configured first day of the week; columns are weeks
/// (at most 54 in a year). A month starts in the column of the week holding its first
/// day. Days of other years and days after today are outside (an answer after today is
/// not counted either). A day with several answers (several runs) stands for the last
/// one recorded (`AppDatabase.Answers.standingAnswers`). Options are in the routine's current
/// order, then texts it no longer offers (kept: an answer given is the truth), in order
/// of first use.
public struct AnswerCalendar: Sendable, Equatable {
    /// One day of the grid.
    public enum Cell: Sendable, Equatable {
        /// A day of another year, or after today: drawn blank.
        case outside
        /// A day of the year shown with no answer.
        case unanswered
        /// A day answered with the option at this position of `options`.
        case option(Int)
    }

    /// An option of the legend and the days it stands for.
    public struct Option: Sendable, Equatable {
        public var text: String
        public var days: Int
    }

    public var question: KnownQuestion
    public var year: Int
    /// The first weekday of the rows, 0 = Monday … 6 = Sunday: row `r` is weekday
    /// `(weekStart + r) % 7`.
    public var weekStart: Int
    /// Seven rows of one cell per week column.
    public var rows: [[Cell]]
    /// For each month (January first), the column of the week holding its first day.
    public var monthColumns: [Int]
    /// The legend, in the order above.
    public var options: [Option]
    /// The days shown (up to today) that have no answer.
    public var unanswered: Int

    /// The calendar of `year`, or nil for a year `DayKey` cannot hold.
    ///
    /// - Parameters:
    ///   - weekStart: the first weekday of a row block, 0 = Monday … 6 = Sunday.
    public init?(question: KnownQuestion, answers: [AnswerDay], year: Int, today: DayKey, weekStart: Int = 0) {
        guard let first = DayKey(year: year, month: 1, day: 1), let last = DayKey(year: year, month: 12, day: 31) else {
            return nil
        }
        // An answer recorded for a day after today (`--day`, an import) is not drawn, so
        // it is not counted either: the legend adds up to the days shown.
        let shown = answers.filter { $0.day >= first && $0.day <= last && $0.day <= today }
        var byDay: [DayKey: String] = [:]
        for answer in shown { byDay[answer.day] = answer.answer }
        let options = Self.options(offered: question.options, answers: shown)
        let position = Dictionary(options.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let start = first.ordinal - ((first.weekday - weekStart + 7) % 7)
        let columns = (last.ordinal - start) / 7 + 1

        func cell(_ ordinal: Int) -> Cell {
            guard ordinal >= first.ordinal, ordinal <= last.ordinal, ordinal <= today.ordinal else { return .outside }
            guard let answer = byDay[DayKey(ordinal: ordinal)], let index = position[answer] else { return .unanswered }
            return .option(index)
        }

        var counts: [String: Int] = [:]
        for answer in byDay.values { counts[answer, default: 0] += 1 }
        let shownDays = max(0, min(last.ordinal, today.ordinal) - first.ordinal + 1)
        self.question = question
        self.year = year
        self.weekStart = weekStart
        rows = (0..<7).map { row in (0..<columns).map { cell(start + 7 * $0 + row) } }
        monthColumns = (1...12).compactMap { month in
            DayKey(year: year, month: month, day: 1).map { ($0.ordinal - start) / 7 }
        }
        self.options = options.map { Option(text: $0, days: counts[$0] ?? 0) }
        unanswered = shownDays - byDay.count
    }

    /// The options in the routine's order, then texts it no longer offers, by first use
    /// (an answer given stays the truth): the legend's order and each option's position.
    public static func options(offered: [String], answers: [AnswerDay]) -> [String] {
        var options = offered
        for answer in answers where !options.contains(answer.answer) { options.append(answer.answer) }
        return options
    }
}
