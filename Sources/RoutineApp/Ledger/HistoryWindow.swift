import Foundation
import RoutineCore
import RoutineStore

/// What a run reads of the past (SPEC §10.4), decided here and read through the store's
/// plain reads (habits, pauses, entry tallies, past answers): which habits' history, and
/// how far back.
///
/// Entries are read only for the habits named in `historyOf` (the routine's conditions)
/// and those of `habits` with an `every:` schedule or a day target (nil: all of `habits`):
/// a run of a routine without them reads no history at all, whatever the store's age.
/// With `historyOf`, only the last `days` are read, plus each habit's last entry before
/// them, unless a habit's schedule reads further back than `margin` or it has a day
/// target (then its whole history) or `historyDepth` (the furthest `done(H, N)` of the
/// conditions) asks for more: every figure a condition reads from entries stays exact.
/// (`streak(H)` reads the ledger's states, not these entries: `DayContext.streaks`.)
struct HistoryWindow {
    /// Days of history read when a run needs no more.
    static let days = 400
    /// A schedule reading more days back than this (`every: N`, `per: N/P`) reads its
    /// habit's whole history.
    static let margin = 31

    let store: AppDatabase

    /// What a run of `routine` reads on `day`: the history of the habits its conditions
    /// name and of its `every:` habits, schedules and pauses, its past answers, and the
    /// streaks its `streak(H)` conditions read, which the caller takes from the ledger of
    /// states (SPEC §17.2). The one recipe for the walker, `today`, `plan` and `paths
    /// --day` (through `DayPlanner.runContext`).
    func dayContext(
        for routine: Routine, day: DayKey, excludingRun runID: RunID? = nil, streaks: [HabitKey: Int]
    ) throws -> DayContext {
        var context = try dayContext(
            habits: routine.contextHabitNames, day: day, excludingRun: runID,
            historyOf: routine.conditionHabitNames, historyDepth: routine.conditionDepth)
        context.streaks = streaks
        let past = routine.conditionPastAnswers
        if !past.nodes.isEmpty, past.depth > 0 {
            context.pastAnswers = try store.history.pastAnswers(
                routine: routine.slug, nodes: past.nodes, from: day.adding(days: -past.depth), before: day)
        }
        return context
    }

    /// The history snapshot a run reads: for each named habit, its live entries up to
    /// `day` tallied per DayKey and its current schedule, and every pause. Entries of
    /// `excludingRun` are left out (the walker knows its own), so a context rebuilt on
    /// resume does not count them twice.
    func dayContext(
        habits names: [String], day: DayKey, excludingRun runID: RunID? = nil, historyOf: [String]? = nil,
        historyDepth: Int = 0
    ) throws -> DayContext {
        let wanted = Set(names.map { HabitKey($0) })
        let everyHabit = try store.habits.all()
        let stored = everyHabit.filter { wanted.contains($0.key) }
        var schedules: [HabitKey: Schedule] = [:]
        var doneRules: [HabitKey: DoneRule] = [:]
        for habit in stored {
            if let schedule = habit.schedule { schedules[habit.key] = schedule }
            if let target = habit.dayTarget {
                doneRules[habit.key] = DoneRule(target: target, isQuantity: habit.measure != nil)
            }
        }
        var historyKeys = wanted
        if let historyOf {
            historyKeys = Set(historyOf.map { HabitKey($0) })
            for habit in stored {
                if habit.schedule?.readsHistory == true || habit.dayTarget != nil { historyKeys.insert(habit.key) }
            }
        }
        let allHabits = historyOf == nil ? stored : everyHabit.filter { historyKeys.contains($0.key) }
        let keyOfID = Dictionary(allHabits.map { ($0.id, $0.key) }, uniquingKeysWith: { first, _ in first })
        let pauses = try store.pauses.pauseSpans()
        var history: [HabitKey: [DayTally]] = [:]
        if !keyOfID.isEmpty {
            if historyOf != nil && historyDepth < Self.days - Self.margin {
                // Exact despite the window: each habit's last entry before it (days-since,
                // `every:`), and the whole history of a habit whose schedule or day target
                // reads further back.
                var whole: [Int64: HabitKey] = [:]
                var windowed: [Int64: HabitKey] = [:]
                for (id, key) in keyOfID {
                    if (schedules[key]?.span ?? 0) >= Self.margin || doneRules[key] != nil {
                        whole[id] = key
                    } else {
                        windowed[id] = key
                    }
                }
                history = try store.history.entryTallies(
                    whole: whole, windowed: (windowed, day.adding(days: -Self.days)), to: day, excludingRun: runID)
            } else {
                history = try store.history.entryTallies(whole: keyOfID, to: day, excludingRun: runID)
            }
        }
        var context = DayContext(day: day, history: history, pauses: pauses, schedules: schedules)
        context.archived = Set(stored.filter(\.isArchived).map(\.key))
        context.doneRules = doneRules
        return context
    }
}
