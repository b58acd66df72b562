import Foundation
import RoutineCore
import RoutineStore

extension DayPlanner {
    /// SPEC §13.6's due days, up to `day`, of every habit an active routine names: a day
    /// is due when some active routine naming the habit makes it certain on that day (as
    /// a run starting that day would see it, `Walker.outlook()`), or a run on that day
    /// asked it (done, skipped or declined). Days before the earlier of the habit's first entry and
    /// its creation are not due. Habits in no active routine are left out: their
    /// schedule and pauses decide (`computeStats` does that without a calendar).
    ///
    /// Each routine is evaluated once per day from the first such day; a routine whose
    /// conditions read no history gives the same outlook on every day with the same
    /// weekday and the same due-ness of its habits, so those days share one evaluation.
    ///
    /// - Parameter firstEntries: each habit's first day with a live entry (from the
    ///   entries the caller has read for its figures anyway).
    public func dueDays(
        through day: DayKey, habits: [HabitInfo], time: TimeContext, firstEntries: [HabitKey: DayKey]
    ) throws -> [HabitKey: DueDays] {
        let compiled = try compiledRoutines()
        guard !compiled.isEmpty else { return [:] }
        var firstDay: [HabitKey: Int] = [:]
        for habit in habits {
            let created = DayKey(
                instant: habit.createdAt, timeZone: time.timeZone, dayStartMinutes: time.dayStartMinutes
            ).ordinal
            firstDay[habit.key] = min(created, firstEntries[habit.key]?.ordinal ?? created)
        }
        // Asked by a run: done, skipped or declined, as its recorded steps say (§14.1).
        let recorded = try store.askedHabitDays(to: day)
        var flags: [HabitKey: DueDays] = [:]
        for routine in compiled {
            let keys = Set(routine.routine.reachableHabitNames().map { HabitKey($0) }).filter { firstDay[$0] != nil }
            guard let start = keys.compactMap({ firstDay[$0] }).min(), start <= day.ordinal else { continue }
            for key in keys where flags[key] == nil {
                let first = firstDay[key] ?? start
                flags[key] = DueDays(
                    first: first, flags: [Bool](repeating: false, count: max(0, day.ordinal - first + 1)))
            }
            let certain = try certainDays(routine, from: start, through: day)
            for (offset, keysOfDay) in certain.enumerated() {
                for key in keysOfDay where keys.contains(key) { flags[key]?.mark(start + offset) }
            }
        }
        for (key, days) in recorded where flags[key] != nil {
            for recordedDay in days { flags[key]?.mark(recordedDay.ordinal) }
        }
        return flags
    }

    /// The keys certain on each day from `start` through `day` for one routine.
    private func certainDays(_ compiled: Compiled, from start: Int, through day: DayKey) throws -> [Set<HabitKey>] {
        let routine = compiled.routine
        var context = try store.dayContext(
            habits: routine.contextHabitNames, day: day, historyOf: routine.conditionHabitNames,
            historyDepth: Int(Int32.max))
        let habitKeys = routine.reachableHabitNames().map { HabitKey($0) }
        let readsHistory = !routine.conditionHabitNames.isEmpty
        var cache: [String: Set<HabitKey>] = [:]
        var result: [Set<HabitKey>] = []
        result.reserveCapacity(day.ordinal - start + 1)
        for ordinal in start...day.ordinal {
            let current = DayKey(ordinal: ordinal)
            context.day = current
            var signature = ""
            if !readsHistory {
                signature = Weekday(current).rawValue.description
                for key in habitKeys {
                    let status = context.dueStatus(key, declared: compiled.walker.habitSpecs[key]?.schedule)
                    signature += status.isDue ? "1" : (status.reason ?? "0")
                }
                if let known = cache[signature] {
                    result.append(known)
                    continue
                }
            }
            let keys = compiled.walker.startingAfresh(on: current, context: context).outlook().certainKeys
            if !readsHistory { cache[signature] = keys }
            result.append(keys)
        }
        return result
    }
}

extension DueDays {
    fileprivate mutating func mark(_ day: Int) {
        let index = day - first
        if index >= 0 && index < flags.count { flags[index] = true }
    }
}
