import RoutineCore
import Testing

/// Small builders shared by the metric, goal and heat-map tests.
public enum MetricsFixtures {
    /// A DayKey from `YYYY-MM-DD`; records a test issue (and returns 1970-01-01) when
    /// the text is not a valid day, so a typo in a fixture fails loudly.
    public static func day(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> DayKey {
        guard let key = DayKey(text) else {
            Issue.record("bad fixture day \(text)", sourceLocation: sourceLocation)
            return DayKey(ordinal: 0)
        }
        return key
    }

    /// A quantity habit in km, and one whose unit is spelled out: the goal tests' links.
    public static let run = MetricHabit(name: "Run", isQuantity: true, unit: "km")
    public static let longRun = MetricHabit(name: "Long Run", isQuantity: true, unit: "Kilometres")

    /// "Run 120 km" over November and December 2026, linked to `run` and `longRun` (the
    /// goal the progress tests and the `goal show` drawing tests share).
    public static var runGoal: GoalSpec {
        GoalSpec(
            title: "Run 120 km", target: 120, unit: "km", from: day("2026-11-01"), to: day("2026-12-31"),
            linkedHabits: [run, longRun])
    }

    /// One entry per listed day (a day listed twice gives two entries).
    public static func entries(_ habit: MetricHabit, _ days: [String], value: Double? = nil) -> [MetricEntry] {
        days.map { MetricEntry(habitKey: habit.key, dayKey: day($0), value: value) }
    }

    /// Entries with their own values.
    public static func entries(_ habit: MetricHabit, _ values: [(String, Double?)]) -> [MetricEntry] {
        values.map { MetricEntry(habitKey: habit.key, dayKey: day($0.0), value: $0.1) }
    }

    /// Every day from `from` through `to`, inclusive, as `YYYY-MM-DD`.
    public static func span(_ from: String, _ to: String) -> [String] {
        let start = day(from).ordinal
        let end = day(to).ordinal
        guard start <= end else { return [] }
        return (start...end).map { DayKey(ordinal: $0).description }
    }

    /// The figures of one habit.
    public static func stats(_ habit: MetricHabit, _ entries: [MetricEntry], at text: String) -> HabitStats? {
        scheduleStats(habits: [habit], entries: entries, day: day(text)).first
    }
}
