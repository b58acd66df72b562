import Foundation
import RoutineApp
import RoutineCore

/// How `answers QUESTION --calendar` draws an `AnswerCalendar` (SPEC §14.2):
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
/// One character per day, so a year (at most 54 weeks) takes 58 columns: it fits 80.
/// Each option has its own symbol, readable without colour; on a terminal each also has
/// its own colour. A month's label sits over the week holding its first day.
enum AnswerCalendarText {
    static let symbols =
        ["●", "▲", "■", "◆", "★", "▼", "✚", "◉", "♥", "✱"] + "abcdefghijklmnopqrstuvwxyz".map(String.init)
    static let colours = ["38;5;40", "38;5;33", "38;5;208", "38;5;160", "38;5;135", "38;5;220", "38;5;51", "38;5;201"]
    static let noAnswer = "·"
    static let dayNames = CalendarNames.shortWeekdays
    static let monthNames = CalendarNames.shortMonths

    /// The calendar as lines ending in `\n`.
    static func text(_ calendar: AnswerCalendar, colour: Bool) -> String {
        let question = calendar.question
        var lines = ["\(question.text) — \(calendar.year) (\(question.routine)/\(question.node))"]
        var months = ""
        for (month, column) in calendar.monthColumns.enumerated() {
            months += String(repeating: " ", count: max(1, 4 + column - months.count)) + monthNames[month]
        }
        lines.append(months)
        for (row, cells) in calendar.rows.enumerated() {
            let drawn = cells.map { cell -> String in
                switch cell {
                case .outside: " "
                case .unanswered: paint(noAnswer, "90", colour)
                case .option(let index): option(index, colour)
                }
            }
            lines.append(dayNames[(calendar.weekStart + row) % 7] + " " + drawn.joined())
        }
        let width = min(40, (calendar.options.map(\.text.count) + ["no answer".count]).max() ?? 0)
        for (index, option) in calendar.options.enumerated() {
            lines.append(legendLine(self.option(index, colour), option.text, option.days, width))
        }
        lines.append(legendLine(paint(noAnswer, "90", colour), "no answer", calendar.unanswered, width))
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n"
    }

    /// The option at `index`: its symbol, in its colour on a terminal.
    static func option(_ index: Int, _ colour: Bool) -> String {
        paint(index < symbols.count ? symbols[index] : "?", colours[index % colours.count], colour)
    }

    static func legendLine(_ mark: String, _ text: String, _ count: Int, _ width: Int) -> String {
        let pad = String(repeating: " ", count: max(1, width - text.count + 1))
        return "\(mark) \(text)\(pad)\(String(repeating: " ", count: max(0, 4 - String(count).count)))\(count)"
    }

    static func paint(_ text: String, _ code: String, _ colour: Bool) -> String {
        colour ? TerminalText.sgr(code) + text + TerminalText.sgr("0") : text
    }
}
