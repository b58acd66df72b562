/// What `routine today` shows: what is done today and what is still open, framed
/// positively, with a streak hint for each habit.
///
/// ```
/// Today, 2026-11-22
/// Done today (2 of 3):
///   ✓ Meditate: 10 min · 5-day streak
///   ✓ Drink Water
/// Still open (1):
///   · Journal: a 4-day streak to continue
/// ```
///
/// When everything is done the "Still open" part is replaced by `All done — nice.`; with
/// no habits at all the summary says how to start. The wording never blames: no
/// "missed", "failed" or "overdue" — an open habit shows what it can continue.
public struct TodaySummary: Sendable {
    /// The reference day.
    public var day: DayKey
    /// Habits with an entry on `day`, in the order given.
    public var done: [HabitStats]
    /// Habits without an entry on `day` yet, in the order given.
    public var open: [HabitStats]

    /// Derives the summary from entries (see `computeStats`).
    public init(habits: [MetricHabit], entries: [MetricEntry], day: DayKey) {
        self.init(stats: computeStats(habits: habits, entries: entries, day: day), day: day)
    }

    /// Builds the summary from figures already computed for `day`.
    public init(stats: [HabitStats], day: DayKey) {
        self.day = day
        done = stats.filter(\.doneToday)
        open = stats.filter { !$0.doneToday }
    }

    /// True when at least one habit exists and every one is done today.
    public var allDone: Bool { open.isEmpty && !done.isEmpty }

    /// The summary as text lines (no colour, no trailing spaces).
    public var lines: [String] {
        var lines = ["Today, \(day)"]
        guard !(done.isEmpty && open.isEmpty) else {
            lines.append("No habits yet — run a routine or `routine log HABIT` to start.")
            return lines
        }
        let total = done.count + open.count
        if !done.isEmpty {
            lines.append("Done today (\(done.count) of \(total)):")
            lines += done.map { "  ✓ " + TodaySummary.doneHint($0) }
        }
        if open.isEmpty {
            lines.append("All done — nice.")
        } else {
            lines.append("Still open (\(open.count)):")
            lines += open.map { "  · " + TodaySummary.openHint($0) }
        }
        return lines
    }

    /// `lines` joined by `\n`.
    public var text: String { lines.joined(separator: "\n") }

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
        if stats.previousStreak >= 1 {
            parts.append(
                stats.previousStreak == 1 ? "done yesterday" : "a \(stats.previousStreak)-day streak to continue")
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
