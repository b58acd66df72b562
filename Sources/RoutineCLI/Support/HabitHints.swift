import RoutineCore

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
        if let target = stats.habit.dayTarget { parts.append(targetHint(stats, target)) }
        if stats.currentStreak >= 2 { parts.append("\(stats.currentStreak)-day streak") }
        if stats.habit.isWeekly { parts.append(weekHint(stats)) }
        parts += frequencyHints(stats)
        return label(stats, parts)
    }

    /// A day target's progress: `5/8` for at-least, `1 of at most 2` for at-most.
    static func targetHint(_ stats: HabitStats, _ target: DayTarget) -> String {
        let unit = stats.habit.isQuantity ? stats.habit.unit : nil
        switch target {
        case .atLeast(let value): return DayState.progress(stats.todayAmount, of: value) + (unit.map { " " + $0 } ?? "")
        case .atMost(let value):
            return "\(MetricNumber.text(stats.todayAmount)) of at most \(MetricNumber.text(value, unit: unit))"
        }
    }

    /// A frequency habit's window and period streak: `2 of 3 this week`, `4 weeks in a row`.
    static func frequencyHints(_ stats: HabitStats) -> [String] {
        guard let frequency = stats.habit.frequency, let done = stats.periodDone else { return [] }
        var parts = [DueStatus.progress(done: done, times: frequency.times, period: frequency.period)]
        if let streak = stats.periodStreak, streak >= 1 {
            parts.append(periodStreakText(streak, period: frequency.period))
        }
        return parts
    }

    /// `4 weeks in a row`, `1 week in a row`, `3 periods of 30 days in a row`.
    static func periodStreakText(_ streak: Int, period: Int) -> String {
        switch period {
        case 7: "\(streak) week\(streak == 1 ? "" : "s") in a row"
        case 1: "\(streak) day\(streak == 1 ? "" : "s") in a row"
        default: "\(streak) period\(streak == 1 ? "" : "s") of \(period) days in a row"
        }
    }

    /// `Journal: a 4-day streak to continue`, `Run: 12 of 15 km this week`, or a
    /// momentum note; just the name for a habit with no history yet.
    static func openHint(_ stats: HabitStats) -> String {
        var parts: [String] = []
        if let target = stats.habit.dayTarget, stats.todayCount > 0 { parts.append(targetHint(stats, target)) }
        if stats.previousStreak >= 2 {
            parts.append("a \(stats.previousStreak)-day streak to continue")
        } else if stats.previousStreak == 1, let last = stats.lastDoneBefore {
            let ago = stats.day.ordinal - last.ordinal
            parts.append(ago == 1 ? "done yesterday" : "done \(ago) days ago")
        } else if !stats.habit.isWeekly && stats.momentum > 0 {
            parts.append("\(stats.momentum) of the last 7 days")
        }
        if stats.habit.isWeekly { parts.append(weekHint(stats)) }
        parts += frequencyHints(stats)
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
