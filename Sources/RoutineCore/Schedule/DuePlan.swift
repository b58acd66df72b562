/// The grid of `routine plan` (SPEC §10.5): for each habit, whether it is due on each
/// of the next days by its schedule, the pauses and (through `isOpen`) weekday
/// conditions — history read as if nothing more were logged after the history given.
///
/// ```
/// Plan, 7 days from 2026-11-22
///           Sun Mon Tue Wed Thu Fri Sat
///            22  23  24  25  26  27  28
/// Strength    ·   ●   ·   ●   ·   ●   ·
/// Warm-up     ●   ●   ●   ●   ●   ●   ●
/// ● due  · not due
/// ```
public struct DuePlan: Sendable, Equatable {
    /// One habit's row.
    public struct Row: Sendable, Equatable {
        public var habit: String
        /// Aligned with `DuePlan.days`.
        public var due: [Bool]
    }

    public var days: [DayKey]
    public var rows: [Row]

    /// - Parameters:
    ///   - habits: (shown name, schedule) per row, in order.
    ///   - lastDone: each habit's last DayKey with a live entry before `from`, by key.
    ///   - isOpen: extra per-day due-ness of a habit on a day (a routine's weekday
    ///     conditions); true when there are none.
    public init(
        habits: [(name: String, schedule: Schedule?)], from: DayKey, count: Int, pauses: [PauseSpan],
        lastDone: [HabitKey: DayKey], isOpen: (String, DayKey) -> Bool = { _, _ in true }
    ) {
        days = (0..<max(0, count)).map { from.adding(days: $0) }
        let days = self.days
        rows = habits.map { habit in
            let key = HabitKey(habit.name)
            let last = lastDone[key]
            let due = days.map { day in
                Due.status(
                    schedule: habit.schedule, paused: pauses.contains { $0.covers(key, on: day) }, day: day,
                    lastDoneBefore: last
                ).isDue && isOpen(habit.name, day)
            }
            return Row(habit: habit.name, due: due)
        }
    }

    /// The grid as text lines (no trailing spaces).
    public var lines: [String] {
        guard let first = days.first else { return ["Plan: no days"] }
        let width = max(5, rows.map { HabitName.display($0.habit).count }.max() ?? 0)
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, 4 - text.count)) + text }
        var lines = ["Plan, \(days.count) day\(days.count == 1 ? "" : "s") from \(first)"]
        lines.append(pad("") + days.map { cell(String(Weekday($0).longName.prefix(3))) }.joined())
        lines.append(pad("") + days.map { cell(String($0.day)) }.joined())
        for row in rows {
            lines.append(pad(HabitName.display(row.habit)) + row.due.map { cell($0 ? "●" : "·") }.joined())
        }
        if rows.isEmpty { lines.append("No habits in any routine yet.") }
        lines.append("● due  · not due")
        return lines.map(StatsTable.trimTrailing)
    }

    public var text: String { lines.joined(separator: "\n") }

    /// `{"from","days":["2026-11-22",…],"habits":[{"habit","due":[true,…]}]}` on one line.
    public var json: String {
        let dayList = days.map { "\"\($0)\"" }.joined(separator: ",")
        let habitList = rows.map { row in
            "{\"habit\":\(JSONText.string(HabitName.display(row.habit))),\"due\":["
                + row.due.map { String($0) }.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        return "{\"from\":\(days.first.map { "\"\($0)\"" } ?? "null"),\"days\":[\(dayList)],\"habits\":[\(habitList)]}"
    }
}
