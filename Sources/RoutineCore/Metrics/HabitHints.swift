/// How one habit is going, in the words `routine today` and `habits` use: framed
/// positively, never "missed", "failed" or "overdue" — an open habit shows what it can
/// continue.
enum HabitHints {
    /// `Meditate: 10 min · 5-day streak · week complete`; just the name when there is
    /// nothing more worth saying.
    static func doneHint(_ stats: HabitStats) -> String {
        var parts: [String] = []
        if stats.habit.isQuantity, let sum = stats.todaySum {
            parts.append(MetricNumber.text(sum, unit: stats.habit.unit))
        }
        if stats.currentStreak >= 2 { parts.append("\(stats.currentStreak)-day streak") }
        if stats.habit.isWeekly { parts.append(weekHint(stats)) }
        return label(stats, parts)
    }

    /// `Journal: a 4-day streak to continue`, `Run: 12 of 15 km this week`, or a
    /// momentum note; just the name for a habit with no history yet.
    static func openHint(_ stats: HabitStats) -> String {
        var parts: [String] = []
        if stats.previousStreak >= 2 {
            parts.append("a \(stats.previousStreak)-day streak to continue")
        } else if stats.previousStreak == 1, let last = stats.lastDoneBefore {
            let ago = stats.day.ordinal - last.ordinal
            parts.append(ago == 1 ? "done yesterday" : "done \(ago) days ago")
        } else if !stats.habit.isWeekly && stats.momentum > 0 {
            parts.append("\(stats.momentum) of the last 7 days")
        }
        if stats.habit.isWeekly { parts.append(weekHint(stats)) }
        return label(stats, parts)
    }

    /// The weekly target's state: `week complete` or `12 of 15 km this week`.
    static func weekHint(_ stats: HabitStats) -> String {
        guard !stats.weekComplete, let target = stats.habit.weeklyTarget else { return "week complete" }
        let done = stats.habit.isQuantity ? (stats.weekSum ?? 0) : Double(stats.weekCount)
        let unit = stats.habit.isQuantity ? stats.habit.unit : nil
        return "\(MetricNumber.text(done)) of \(MetricNumber.text(target, unit: unit)) this week"
    }

    static func label(_ stats: HabitStats, _ parts: [String]) -> String {
        let name = HabitName.display(stats.habit.name)
        return parts.isEmpty ? name : name + ": " + parts.joined(separator: " · ")
    }
}
