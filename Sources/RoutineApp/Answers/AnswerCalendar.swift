import Foundation
import RoutineCore
import RoutineStore

/// `answers QUESTION --calendar` (SPEC §14.2): a year of one question's answers at a glance.
///
/// ```
/// How are you feeling today? — 2026 (morning-checkin/feeling)
///     Jan Feb  Mar ...
/// Mon ●●▲·■ …
/// …
/// ● Great!        120
/// ▲ Okay           80
/// · no answer     145
/// ```
///
/// Rows are the weekdays from the configured first day of the week; columns are weeks,
/// one character per day, so a year (at most 54 weeks) takes 58 columns: it fits 80.
/// Each option has its own symbol, readable without colour; on a terminal each also has
/// its own colour. A month's label sits over the week holding its first day. Days of
/// other years and days after today are blank (an answer after today is not counted
/// either). A day with several answers (several
/// runs) shows the last one recorded (`AppDatabase.standingAnswers`). Options are in the routine's current order, then
/// texts it no longer offers (kept: an answer given is the truth), in order of first use.
public enum AnswerCalendar {
    static let symbols =
        ["●", "▲", "■", "◆", "★", "▼", "✚", "◉", "♥", "✱"] + "abcdefghijklmnopqrstuvwxyz".map(String.init)
    static let colours = ["38;5;40", "38;5;33", "38;5;208", "38;5;160", "38;5;135", "38;5;220", "38;5;51", "38;5;201"]
    static let noAnswer = "·"
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The calendar as lines ending in `\n`.
    ///
    /// - Parameters:
    ///   - weekStart: the first weekday of a row block, 0 = Monday … 6 = Sunday.
    public static func render(
        question: KnownQuestion, answers: [AnswerDay], year: Int, today: DayKey, weekStart: Int = 0, colour: Bool
    ) -> String {
        guard let first = DayKey(year: year, month: 1, day: 1), let last = DayKey(year: year, month: 12, day: 31) else {
            return "\(year) is not a year this calendar can show\n"
        }
        // An answer recorded for a day after today (`--day`, an import) is not drawn, so
        // it is not counted either: the legend adds up to the days shown.
        let shown = answers.filter { $0.day >= first && $0.day <= last && $0.day <= today }
        var byDay: [DayKey: String] = [:]
        for answer in shown { byDay[answer.day] = answer.answer }
        let options = order(question.options, answers: shown)
        let symbol = Dictionary(options.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let start = first.ordinal - ((first.weekday - weekStart + 7) % 7)
        let columns = (last.ordinal - start) / 7 + 1

        func cell(_ ordinal: Int) -> String {
            guard ordinal >= first.ordinal, ordinal <= last.ordinal, ordinal <= today.ordinal else { return " " }
            guard let answer = byDay[DayKey(ordinal: ordinal)], let index = symbol[answer] else {
                return paint(noAnswer, "90", colour)
            }
            return paint(mark(index), colours[index % colours.count], colour)
        }

        var lines = ["\(question.text) — \(year) (\(question.routine)/\(question.node))"]
        var months = ""
        for month in 1...12 {
            guard let day = DayKey(year: year, month: month, day: 1) else { continue }
            let position = 4 + (day.ordinal - start) / 7
            months += String(repeating: " ", count: max(1, position - months.count)) + monthNames[month - 1]
        }
        lines.append(months)
        for row in 0..<7 {
            let cells = (0..<columns).map { cell(start + 7 * $0 + row) }.joined()
            lines.append(dayNames[(weekStart + row) % 7] + " " + cells)
        }
        let shownDays = max(0, min(last.ordinal, today.ordinal) - first.ordinal + 1)
        var counts: [String: Int] = [:]
        for answer in byDay.values { counts[answer, default: 0] += 1 }
        let width = min(40, (options.map(\.count) + ["no answer".count]).max() ?? 0)
        for (index, option) in options.enumerated() {
            lines.append(
                legendLine(
                    paint(mark(index), colours[index % colours.count], colour), option, counts[option] ?? 0, width))
        }
        lines.append(legendLine(paint(noAnswer, "90", colour), "no answer", shownDays - byDay.count, width))
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n"
    }

    /// The options in the routine's order, then texts it no longer offers, by first use.
    static func order(_ current: [String], answers: [AnswerDay]) -> [String] {
        var options = current
        for answer in answers where !options.contains(answer.answer) { options.append(answer.answer) }
        return options
    }

    static func mark(_ index: Int) -> String { index < symbols.count ? symbols[index] : "?" }

    static func legendLine(_ mark: String, _ text: String, _ count: Int, _ width: Int) -> String {
        let pad = String(repeating: " ", count: max(1, width - text.count + 1))
        return "\(mark) \(text)\(pad)\(String(repeating: " ", count: max(0, 4 - String(count).count)))\(count)"
    }

    static func paint(_ text: String, _ code: String, _ colour: Bool) -> String {
        colour ? TerminalText.sgr(code) + text + TerminalText.sgr("0") : text
    }
}
