import Foundation

/// The terminal heat map of `routine stats HABIT --heatmap`: the last weeks of one
/// habit at a glance.
///
/// ```
/// Run: 3 weeks to 2026-11-22
///     Nov
/// Mon · ░ ·
/// Tue · · ▒
/// …
/// Sun · · █
/// · none  ░ ≤2.5  ▒ ≤5  ▓ ≤7.5  █ ≤10 km
/// ```
///
/// Rows are Monday to Sunday, columns are weeks (Monday to Sunday), and the last column
/// is the week containing D; days after D are left blank. A month's label sits above
/// the first column whose Monday falls in it. Without colour every cell is still
/// readable: `·` no entry; `█` done (binary habits); for quantity habits the day's
/// total in four round steps that reach the largest day total shown (a step is 1, 2,
/// 2.5 or 5 times a power of ten: a largest day of 15 km gives `░ ≤5  ▒ ≤10  ▓ ≤15
/// █ ≤20`, never `≤3.75`). A quantity day done without a positive value is `░`; when no
/// shown day has a positive value, done days are plain `█`. A day without an entry on
/// which the habit was not due (its state, SPEC §17.1: not due, paused or declined) is `–`, apart from a
/// missed `·`; the legend lists `–` only for habits that have such days. ANSI colour is added only when
/// `colour` is true; the characters stay the same.
public enum Heatmap {
    /// The widest grid drawn: ten years of weeks.
    public static let maxWeeks = 520
    static let levels: [Character] = ["░", "▒", "▓", "█"]
    static let dayNames = CalendarNames.shortWeekdays
    static let monthNames = CalendarNames.shortMonths

    /// The heat map as lines joined by `\n` (no trailing spaces, no final newline).
    ///
    /// - Parameters:
    ///   - entries: live entries of any habits; only `habit`'s are used, and none after `day`.
    ///   - weeks: columns to show, clamped to 1…520 (ten years), so that no input can
    ///     make the grid overflow or exhaust memory.
    ///   - days: the habit's states (the ledger's, SPEC §17); nil: every day is due.
    public static func render(
        habit: MetricHabit, entries: [MetricEntry], day: DayKey, weeks: Int = 12, colour: Bool,
        days: HabitDays? = nil
    ) -> String {
        let columns = min(maxWeeks, max(1, weeks))
        let lastMonday = day.ordinal - day.weekday
        let firstMonday = lastMonday - 7 * (columns - 1)
        var totals: [Int: Double] = [:]
        for entry in entries where entry.habitKey == habit.key {
            let ordinal = entry.dayKey.ordinal
            guard ordinal >= firstMonday, ordinal <= day.ordinal else { continue }
            totals[ordinal, default: 0] += MetricNumber.sample(entry.value)
        }
        // Tidied, so that the order entries came in cannot tip a day over a quarter's edge.
        totals = totals.mapValues(MetricNumber.tidy)
        let largest = habit.isQuantity ? totals.values.filter { $0 > 0 }.max() : nil

        func isDue(_ ordinal: Int) -> Bool {
            guard let days else { return true }
            return days.state(ordinal).map { $0.isDue || $0 == .done } ?? true
        }

        func cell(_ ordinal: Int) -> String {
            guard ordinal <= day.ordinal else { return " " }
            guard let total = totals[ordinal] else {
                return isDue(ordinal) ? paint("·", code: "90", colour) : paint("–", code: "90", colour)
            }
            guard let largest else { return paint("█", code: "38;5;34", colour) }
            // The small tolerance keeps a total equal to a bound (7.5 for a 2.5 step) at its level.
            let level = min(3, max(0, Int((total / step(largest) - 1e-9).rounded(.up)) - 1))
            return paint(String(levels[level]), code: levelCodes[level], colour)
        }

        var lines = ["\(HabitName.display(habit.name)): \(columns) week\(columns == 1 ? "" : "s") to \(day)"]
        lines.append(monthRow(firstMonday: firstMonday, columns: columns))
        for row in 0..<7 {
            let cells = (0..<columns).map { cell(firstMonday + 7 * $0 + row) }
            lines.append(dayNames[row] + " " + cells.joined(separator: " "))
        }
        let shown = firstMonday...day.ordinal
        let notDue = shown.contains { totals[$0] == nil && !isDue($0) }
        lines.append(legend(habit: habit, largest: largest, colour: colour, notDue: notDue))
        return lines.map(StatsTable.trimTrailing).joined(separator: "\n")
    }

    static let levelCodes = ["38;5;22", "38;5;28", "38;5;34", "38;5;40"]

    static func paint(_ text: String, code: String, _ colour: Bool) -> String {
        colour ? TerminalText.sgr(code) + text + TerminalText.sgr("0") : text
    }

    /// Month labels over the columns: the first column's month, then each month at the
    /// first column whose Monday is in it. The first label is dropped when the next one
    /// would touch it.
    static func monthRow(firstMonday: Int, columns: Int) -> String {
        var labels: [(position: Int, text: String)] = []
        var previousMonth = -1
        for column in 0..<columns {
            let month = DayKey(ordinal: firstMonday + 7 * column).month
            if month != previousMonth {
                labels.append((4 + 2 * column, monthNames[month - 1]))
                previousMonth = month
            }
        }
        if labels.count >= 2, labels[1].position - labels[0].position < 4 { labels.removeFirst() }
        var row = ""
        for label in labels {
            row += String(repeating: " ", count: max(1, label.position - row.count)) + label.text
        }
        return row
    }

    /// The legend's step for a largest day total: the smallest of 1, 2, 2.5 and 5 times
    /// a power of ten whose four steps reach `largest`.
    static func step(_ largest: Double) -> Double {
        let quarter = largest / 4
        guard quarter > 0, quarter.isFinite else { return 1 }
        let magnitude = pow(10, (log10(quarter)).rounded(.down))
        for factor in [1, 2, 2.5, 5] where factor * magnitude >= quarter * (1 - 1e-9) {
            return MetricNumber.tidy(factor * magnitude)
        }
        return MetricNumber.tidy(10 * magnitude)
    }

    /// `· none  █ done`, or the step bounds with the habit's unit (and `– not due` for a
    /// habit that has such days).
    static func legend(habit: MetricHabit, largest: Double?, colour: Bool, notDue: Bool = false) -> String {
        var none = paint("·", code: "90", colour) + " none"
        if notDue { none += "  " + paint("–", code: "90", colour) + " not due" }
        guard let largest else { return none + "  " + paint("█", code: "38;5;34", colour) + " done" }
        let parts = (0..<4).map { level in
            paint(String(levels[level]), code: levelCodes[level], colour) + " ≤"
                + MetricNumber.text(MetricNumber.tidy(step(largest) * Double(level + 1)), decimals: 6)
        }
        let unit = habit.unit.flatMap { $0.isEmpty ? nil : " " + $0 } ?? ""
        return none + "  " + parts.joined(separator: "  ") + unit
    }
}
