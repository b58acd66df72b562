import RoutineCore

/// Text renderers for `routine goal show` and `routine goal list`, with progress bars
/// drawn in plain characters (`[########------------]`), readable anywhere.
enum GoalView {
    /// A bar of `width` cells (at least 1) between brackets: `#` done, `-` to go. The
    /// filled part is rounded down, so a bar is full only when the target is reached.
    static func bar(fraction: Double, width: Int = 20) -> String {
        let cells = max(1, width)
        let clamped = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let filled = min(cells, Int((clamped * Double(cells)).rounded(.down)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: cells - filled) + "]"
    }

    /// The whole percentage, rounded down (99.7 % shows 99 %, never a premature 100 %).
    static func percent(_ progress: GoalProgress) -> String {
        let value = progress.fraction.isFinite ? max(0, progress.fraction) * 100 : 0
        return value < 1e9 ? "\(Int(value.rounded(.down)))%" : ">999999999%"
    }

    /// `goal show`: the title, the dates and days left, the bar, what is left (or that
    /// it is reached), and the linked habits.
    ///
    /// ```
    /// Run 120 km
    ///   2026-11-01 to 2026-12-31 · 40 days left
    ///   [#######-------------] 35%  42.5 of 120 km
    ///   77.5 km to go
    ///   Linked: Run, Long Run
    /// ```
    static func show(goal: GoalSpec, progress: GoalProgress, day: DayKey) -> String {
        let unit = goal.unit
        var lines = [HabitName.display(goal.title)]
        lines.append("  \(goal.from) to \(goal.to) · " + timing(goal: goal, progress: progress, day: day))
        lines.append("  \(bar(fraction: progress.fraction)) \(percent(progress))  " + amount(progress, unit: unit))
        if progress.isReached {
            lines.append("  Reached — well done.")
        } else if day <= goal.to {
            lines.append("  " + MetricNumber.text(progress.remaining, unit: unit) + " to go")
        }
        let links = goal.linkedHabits.map { HabitName.display($0.name) }
        lines.append("  Linked: " + (links.isEmpty ? "none" : links.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    /// `goal list`: one aligned line per goal — title, bar, percentage, amount, timing.
    static func list(_ goals: [(goal: GoalSpec, progress: GoalProgress)], day: DayKey) -> String {
        guard !goals.isEmpty else { return "No goals yet." }
        let rows = goals.map { goal, progress in
            [
                HabitName.display(goal.title), bar(fraction: progress.fraction), percent(progress),
                amount(progress, unit: goal.unit), timing(goal: goal, progress: progress, day: day),
            ]
        }
        var widths = [Int](repeating: 0, count: 5)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 2 ? padding + cell : cell + padding
            }
            return StatsTable.trimTrailing(cells.joined(separator: "  "))
        }.joined(separator: "\n")
    }

    /// `goal list` from goal definitions and entries (progress derived here).
    static func list(goals: [GoalSpec], entries: [MetricEntry], day: DayKey) -> String {
        list(goals.map { ($0, goalProgress(goal: $0, entries: entries)) }, day: day)
    }

    /// `42.5 of 120 km`.
    static func amount(_ progress: GoalProgress, unit: String?) -> String {
        MetricNumber.text(progress.total) + " of " + MetricNumber.text(progress.target, unit: unit)
    }

    /// Where the goal stands in time: `starts in 3 days`, `40 days left`, `last day`,
    /// `reached`, or `ended 2026-12-31`.
    static func timing(goal: GoalSpec, progress: GoalProgress, day: DayKey) -> String {
        if day < goal.from {
            let wait = goal.from.ordinal - day.ordinal
            return wait == 1 ? "starts tomorrow" : "starts in \(wait) days"
        }
        if day > goal.to { return progress.isReached ? "reached" : "ended \(goal.to)" }
        let left = progress.daysLeft(from: day)
        return left == 1 ? "last day" : "\(left) days left"
    }
}
