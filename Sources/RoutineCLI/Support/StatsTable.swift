import RoutineCore

/// The text form of `routine stats`: a compact table, one aligned row per habit.
///
/// ```
/// Habit     Today    Streak  Prev  Best  Momentum  Week
/// Meditate  done          5     4    12  6/7       60 min
/// Run       not yet       0     2     9  3/4       12/15 km
/// Read      later         0     6     6  6/7       6
/// ```
///
/// `Today` is the habit's state today (SPEC §17.1): `done`, a day target's progress
/// (`5/8`), `later`, `skipped`, `declined`, `paused`, `not due`, else `not yet` (open, or
/// depending on an answer not yet given).
///
/// `Streak` is the current streak, `Prev` the streak up to yesterday (so a not-yet-done
/// today still shows the run it can continue), `Momentum` is out of 7 days or, for
/// habits with a weekly target, out of 4 weeks, and `Week` is the last 7 days: entries
/// (binary) or the value sum (quantity), over the weekly target when there is one.
enum StatsTable {
    /// The table as lines without trailing spaces, joined by `\n` (no final newline).
    static func render(_ stats: [HabitStats]) -> String {
        guard !stats.isEmpty else { return "No habits yet." }
        let header = ["Habit", "Today", "Streak", "Prev", "Best", "Momentum", "Week"]
        return aligned([header] + stats.map { row($0) }, rightAligned: [2, 3, 4])
    }

    /// Rows of cells as aligned columns two spaces apart (columns in `rightAligned`
    /// flush right), lines without trailing spaces joined by `\n`. Widths count
    /// characters; a short row is padded with empty cells.
    static func aligned(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { cells in
            let padded = widths.indices.map { column in
                let cell = column < cells.count ? cells[column] : ""
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            return trimTrailing(padded.joined(separator: "  "))
        }.joined(separator: "\n")
    }

    /// The cells of one habit's row.
    static func row(_ stats: HabitStats) -> [String] {
        [
            HabitName.display(stats.habit.name),
            todayWord(stats),
            String(stats.currentStreak),
            String(stats.previousStreak),
            String(stats.bestStreak),
            stats.dueDays == 0 ? "–" : "\(stats.momentum)/\(stats.dueDays)",
            weekText(stats),
        ]
    }

    /// The habit's state today in a word or two: `done`, `5/8`, `later`, `skipped`,
    /// `declined`, `paused`, `not due`; `not yet` for the rest (open, possible,
    /// optional — an optional habit is still there to do), and when no state was given.
    /// Without `progress`, a partial day is `not yet`.
    static func todayWord(_ stats: HabitStats, progress: Bool = true) -> String {
        if stats.doneToday { return "done" }
        switch stats.state {
        case .partial(let amount, let target): return progress ? DayState.progress(amount, of: target) : "not yet"
        case .later: return "later"
        case .skipped: return "skipped"
        case .declined: return "declined"
        case .paused: return "paused"
        case .notDue: return "not due"
        case .done, .missed, .open, .possible, .optional, nil: return "not yet"
        }
    }

    /// The last 7 days in words: `3`, `3/4`, `42.5 km`, `12/15 km`.
    static func weekText(_ stats: HabitStats) -> String {
        let habit = stats.habit
        let unit = habit.unit.flatMap { $0.isEmpty ? nil : $0 }
        let done = habit.isQuantity ? MetricNumber.text(stats.weekSum ?? 0) : String(stats.weekCount)
        var text = done
        if let target = habit.weeklyTarget { text += "/" + MetricNumber.text(target) }
        if habit.isQuantity, let unit { text += " " + unit }
        return text
    }

    /// One positive line on how a habit is going, for `routine habits`:
    /// `done today · 5-day streak · 5 of the last 7 days`, or for a weekly habit
    /// `not yet today · 3 of the last 4 weeks · 12 of 15 km this week`.
    static func brief(_ stats: HabitStats) -> String {
        // A partial day's progress is the target hint's (`5/8 today`), below.
        var parts = [todayWord(stats, progress: false) + " today"]
        if !stats.doneToday && stats.previousStreak >= 2 {
            parts.append("a \(stats.previousStreak)-day streak to continue")
        } else if stats.currentStreak >= 2 {
            parts.append("\(stats.currentStreak)-day streak")
        }
        if let target = stats.habit.dayTarget { parts.append(HabitHints.targetHint(stats, target) + " today") }
        if stats.habit.frequency != nil {
            parts += HabitHints.frequencyHints(stats)
        } else if stats.habit.isWeekly {
            parts.append("\(stats.momentum) of the last 4 weeks")
            parts.append(HabitHints.weekHint(stats))
        } else if stats.dueDays == 0 {
            parts.append("not due in the last 7 days")
        } else if stats.dueDays != 7 {
            parts.append("\(stats.momentum) of \(stats.dueDays) due in the last 7 days")
        } else {
            parts.append("\(stats.momentum) of the last 7 days")
        }
        return parts.joined(separator: " · ")
    }

    static func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
