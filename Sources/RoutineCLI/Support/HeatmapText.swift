import RoutineCore

/// The terminal heat map of `routine stats HABIT --heatmap`: the last weeks of one
/// habit at a glance. What a cell means (the day totals, the four steps that reach the
/// largest one, which days were due) is RoutineCore's `Heatmap`; this draws it.
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
/// total in four round steps (`Heatmap.step`). A quantity day done without a positive
/// value is `░`; when no shown day has a positive value, done days are plain `█`. A day
/// without an entry on which the habit was not due (its state, SPEC §17.1: not due,
/// paused or declined) is `–`, apart from a missed `·`; the legend lists `–` only for
/// habits that have such days. ANSI colour is added only when `colour` is true; the
/// characters stay the same.
enum HeatmapText {
    static let levels: [Character] = ["░", "▒", "▓", "█"]
    static let dayNames = CalendarNames.shortWeekdays
    static let monthNames = CalendarNames.shortMonths
    static let levelCodes = ["38;5;22", "38;5;28", "38;5;34", "38;5;40"]

    /// The heat map as lines joined by `\n` (no trailing spaces, no final newline).
    ///
    /// - Parameters:
    ///   - entries: live entries of any habits; only `habit`'s are used, and none after `day`.
    ///   - weeks: columns to show, clamped to 1…520 (`Heatmap.maxWeeks`, ten years), so
    ///     that no input can make the grid overflow or exhaust memory.
    ///   - days: the habit's states (the ledger's, SPEC §17); nil: every day is due.
    static func render(
        habit: MetricHabit, entries: [MetricEntry], day: DayKey, weeks: Int = 12, colour: Bool,
        days: HabitDays? = nil
    ) -> String {
        let grid = Heatmap(habit: habit, entries: entries, day: day, weeks: weeks, days: days)
        func cell(_ ordinal: Int) -> String {
            guard ordinal <= day.ordinal else { return " " }
            guard let total = grid.totals[ordinal] else {
                return grid.isDue(ordinal) ? paint("·", code: "90", colour) : paint("–", code: "90", colour)
            }
            guard let level = grid.level(total) else { return paint("█", code: "38;5;34", colour) }
            return paint(String(levels[level]), code: levelCodes[level], colour)
        }

        let columns = grid.columns
        var lines = ["\(HabitName.display(habit.name)): \(columns) week\(columns == 1 ? "" : "s") to \(day)"]
        lines.append(monthRow(firstMonday: grid.firstMonday, columns: columns))
        for row in 0..<7 {
            let cells = (0..<columns).map { cell(grid.firstMonday + 7 * $0 + row) }
            lines.append(dayNames[row] + " " + cells.joined(separator: " "))
        }
        lines.append(legend(habit: habit, largest: grid.largest, colour: colour, notDue: grid.hasNotDueDays))
        return lines.map(StatsTable.trimTrailing).joined(separator: "\n")
    }

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

    /// `· none  █ done`, or the step bounds with the habit's unit (and `– not due` for a
    /// habit that has such days).
    static func legend(habit: MetricHabit, largest: Double?, colour: Bool, notDue: Bool = false) -> String {
        var none = paint("·", code: "90", colour) + " none"
        if notDue { none += "  " + paint("–", code: "90", colour) + " not due" }
        guard let largest else { return none + "  " + paint("█", code: "38;5;34", colour) + " done" }
        let parts = (0..<4).map { level in
            paint(String(levels[level]), code: levelCodes[level], colour) + " ≤"
                + MetricNumber.text(Heatmap.bound(level, largest: largest), decimals: 6)
        }
        let unit = habit.unit.flatMap { $0.isEmpty ? nil : " " + $0 } ?? ""
        return none + "  " + parts.joined(separator: "  ") + unit
    }
}
