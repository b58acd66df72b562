import ArgumentParser
import RoutineCore
import RoutineStore

/// Goals as the metrics see them, built from the store's records.
enum GoalCommands {
    static func spec(_ info: GoalInfo, store: AppDatabase) throws -> GoalSpec {
        let habits = try store.habits()
        let linked = info.habitKeys.compactMap { key in habits.first { $0.key == key }.map(Metrics.habit) }
        return GoalSpec(
            title: info.title, target: info.target, unit: info.unit, from: info.from, to: info.to, linkedHabits: linked)
    }

    static func progress(_ spec: GoalSpec, info: GoalInfo, store: AppDatabase) throws -> GoalProgress {
        let entries = try store.metricEntries(habitKeys: Set(info.habitKeys), from: info.from, to: info.to)
        return goalProgress(goal: spec, entries: entries)
    }
}
