import RoutineCore
import RoutineStore

/// What a run recorded and how those habits are going: the data of the lines shown when
/// a run stops (the terminal's wording is the command layer's).
public struct RunOutcome: Sendable, Equatable {
    public struct Recorded: Sendable, Equatable {
        public var habit: String
        public var value: Double?
        /// The unit of a quantity habit with a measure other than a plain count.
        public var unit: String?
    }

    /// For a real run, its live entries as the store has them (the truth, also after a
    /// resume repaired the run's state from them); for a dry run, what it would write.
    public var recorded: [Recorded]
    /// Streaks of two days or more among the recorded habits, by shown name.
    public var streaks: [(habit: String, days: Int)]

    public static func == (a: RunOutcome, b: RunOutcome) -> Bool {
        a.recorded == b.recorded && a.streaks.elementsEqual(b.streaks) { $0.habit == $1.habit && $0.days == $1.days }
    }
}

extension RunCoordinator {
    /// What the run recorded (or would have), and the streaks it extended.
    public func outcome() -> RunOutcome {
        func unit(_ habit: String) -> String? {
            guard let unit = walker.habitSpecs[HabitKey(habit)]?.measure?.unit, unit != "count" else { return nil }
            return unit
        }
        var recorded = walker.entries.map {
            RunOutcome.Recorded(habit: $0.habit, value: $0.value, unit: unit($0.habit))
        }
        if !isDryRun, let store, let stored = try? store.runs.entries(runID: runID) {
            recorded = stored.map { RunOutcome.Recorded(habit: $0.habit, value: $0.value, unit: unit($0.habit)) }
        }
        var streaks: [(String, Int)] = []
        if !isDryRun, let store, !recorded.isEmpty,
            let stats = try? HabitFigures.stats(
                store: store, day: walker.dayKey, time: time, only: recorded.map(\.habit))
        {
            streaks = stats.filter { $0.currentStreak >= 2 }.map { ($0.habit.name, $0.currentStreak) }
        }
        return RunOutcome(recorded: recorded, streaks: streaks)
    }
}
