import Foundation
import RoutineCore
import RoutineStore

extension LedgerBuilder {
    /// What one active routine says of its habits on each day from its habits' first day:
    /// a day with a run (this store's, or steps pulled from another device) is what the
    /// run asked — an unfinished one of this store is woken for what it still asks —
    /// and a day without one is what a run starting that day would ask (SPEC §13.1),
    /// where nothing was answered: a habit behind an answer was not reached.
    ///
    /// A routine whose conditions read no history gives the same outlook on every day
    /// with the same weekday and the same due-ness and done-ness of its habits: those
    /// days share one evaluation.
    ///
    /// `keys` are the routine's habits and `columns` every habit's, by index in `names`;
    /// `asked` and `runDays` are this routine's, by day ordinal.
    func evaluate(
        _ compiled: DayPlanner.Compiled, keys: [Int], columns: inout [VerdictColumn?],
        asked: DayTable<Asked>, runDays: DayTable<Bool>, done: (Int, Int) -> Bool, extraDays: [Int]
    ) throws {
        guard let start = keys.compactMap({ columns[$0]?.first }).min() else { return }
        // The routine's habits, each once, and which of them a finished run asked.
        var order: [Int] = []
        var mine = [Bool](repeating: false, count: columns.count)
        for key in keys where !mine[key] && columns[key] != nil {
            mine[key] = true
            order.append(key)
        }
        var seen = [Bool](repeating: false, count: columns.count)
        func add(_ key: Int, _ verdict: Verdict, on day: Int) {
            columns[key]?.add(verdict, on: day)
            seen[key] = true
        }
        let days = (start <= denseEnd ? Array(start...denseEnd) : []) + extraDays.filter { $0 >= start }
        guard !days.isEmpty else { return }
        let routine = compiled.routine
        // `streak(H)` on a day reads H's states before it, as decided so far (SPEC §17.2),
        // folded once in day order: the next day to fold and the streak through the one before.
        let streakKeys = routine.conditionStreakHabits
        let streakIDs = streakKeys.map { indexOf[$0] }
        var folded = [(next: Int, streak: Int)](repeating: (Int.min, 0), count: streakKeys.count)
        func streaks(before day: Int) -> [HabitKey: Int] {
            var streaks: [HabitKey: Int] = [:]
            for (index, key) in streakKeys.enumerated() {
                var walk = folded[index]
                if let id = streakIDs[index], let rule = stateRules[id] {
                    func fold(_ d: Int) {
                        let state = rule.state(d, columns[id]?.verdict(on: d)).state
                        if state == .done { walk.streak += 1 } else if state.breaksStreak { walk.streak = 0 }
                    }
                    let first = max(walk.next, columns[id]?.first ?? day)
                    if first <= min(day - 1, denseEnd) { (first...min(day - 1, denseEnd)).forEach(fold) }
                    for d in extraDays where d >= first && d < day { fold(d) }
                }
                walk.next = max(walk.next, day)
                folded[index] = walk
                streaks[key] = walk.streak
            }
            return streaks
        }
        let past = routine.conditionPastAnswers
        // The history the days without a run read: none when every day had a run; the
        // walker's own window when only the last day had none (exact for that day, as
        // `today` reads it); else all of it (a window is exact for its last day only).
        let runless = days.filter { runDays[$0] == nil }
        let onlyTheLastDay = runless.allSatisfy { $0 == end.ordinal }
        var context = try HistoryWindow(store: store).dayContext(
            habits: routine.contextHabitNames, day: end, historyOf: runless.isEmpty ? [] : routine.conditionHabitNames,
            historyDepth: onlyTheLastDay ? routine.conditionDepth : Int(Int32.max))
        if !past.nodes.isEmpty, past.depth > 0 {
            context.pastAnswers = try store.history.pastAnswers(
                routine: compiled.slug, nodes: past.nodes, from: DayKey(ordinal: start - past.depth),
                before: end.adding(days: 1))
        }
        // Archiving is applied by the ledger from the day it happened, not to all history.
        context.archived = []
        let readsHistory = !routine.conditionHabitNames.isEmpty || !past.nodes.isEmpty
        var cache: [String: [(Int, Verdict)]] = [:]
        var woken: [Int: DayPlanner.RoutineDay] = [:]
        for day in days {
            let date = DayKey(ordinal: day)
            var verdicts: [(Int, Verdict)] = []
            if let finished = runDays[day] {
                let recorded = asked[day] ?? Asked()
                if finished {
                    // What the run asked; what it did not ask was not reached.
                    for key in order { seen[key] = false }
                    for (key, verdict) in recorded { add(key, verdict, on: day) }
                    for key in order where !seen[key] { columns[key]?.add(.notDue(.branchNotTaken), on: day) }
                    continue
                } else {
                    let outlook =
                        try woken[day] ?? planner.routines(on: date, time: time).first { $0.slug == compiled.slug }
                    woken[day] = outlook
                    verdicts = (outlook?.outlook.habits ?? []).compactMap { habit in
                        indexOf[habit.key].flatMap { recorded.contains($0) ? nil : ($0, Verdict(habit.outlook)) }
                    }
                }
                verdicts += recorded.map { ($0.0, $0.1) }
            } else {
                context.day = date
                if !streakKeys.isEmpty { context.streaks = streaks(before: day) }
                let isDone = keys.map { done($0, day) }
                let doneKeys = Set(zip(keys, isDone).filter(\.1).map { names[$0.0] })
                var signature = ""
                if !readsHistory {
                    signature = String(Weekday(date).rawValue)
                    for (key, keyDone) in zip(keys.map { names[$0] }, isDone) {
                        let status = context.dueStatus(key, declared: compiled.walker.habitSpecs[key]?.schedule)
                        signature += (status.isDue ? "1" : (status.reason ?? "0")) + (keyDone ? "d" : "")
                        signature += "|"
                    }
                }
                if let known = cache[signature], !readsHistory {
                    verdicts = known
                } else {
                    let outlook = compiled.walker.startingAfresh(on: date, alreadyDone: doneKeys, context: context)
                        .outlook()
                    verdicts = outlook.habits.compactMap { habit in
                        indexOf[habit.key].map { ($0, Verdict(habit.outlook)) }
                    }
                    if !readsHistory { cache[signature] = verdicts }
                }
            }
            for (key, verdict) in verdicts { add(key, verdict, on: day) }
        }
    }
}
