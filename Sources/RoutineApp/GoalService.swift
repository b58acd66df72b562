import RoutineCore
import RoutineStore

/// Goals as the metrics see them (SPEC §6): a stored goal's spec with its linked habits,
/// and its progress derived from entries.
public enum GoalService {
    static func spec(_ info: GoalInfo, store: AppDatabase) throws -> GoalSpec {
        let habits = try store.habits.all()
        let linked = info.habitKeys.compactMap { key in habits.first { $0.key == key }.map(HabitFigures.habit) }
        return GoalSpec(
            title: info.title, target: info.target, unit: info.unit, from: info.from, to: info.to, linkedHabits: linked)
    }

    static func progress(_ spec: GoalSpec, info: GoalInfo, store: AppDatabase) throws -> GoalProgress {
        let entries = try store.entries.metricEntries(habitKeys: Set(info.habitKeys), from: info.from, to: info.to)
        return goalProgress(goal: spec, entries: entries)
    }
}
