import Foundation
import RoutineCore
import RoutineStore

extension DayPlanner {
    /// `routine today` (SPEC §13.2): each active routine's state and outlook on `day`,
    /// with every habit's figures; habits in no routine (archived routines count as
    /// routines) are "by hand".
    ///
    /// `statesOnly` (`today --short`, `remind`, SPEC §20: they name what is left and count
    /// what is done) evaluates the ledger on `day` alone: the states and the day's own
    /// figures are exact, streaks and week figures are not computed from the history.
    /// Otherwise the habits by hand are read through the last `span` days first
    /// (`todayLedger`).
    public func today(
        day: DayKey, time: TimeContext, includeArchived: Bool = false, showAll: Bool = false, statesOnly: Bool = false,
        span: Int? = DayPlanner.todaySpan
    ) throws
        -> TodayOverview
    {
        let ledger =
            statesOnly
            ? try HabitLedger.build(planner: self, from: day, through: day, alsoOn: [day], time: time)
            : try todayLedger(day: day, time: time, span: span)
        let stats = try HabitFigures.stats(
            store: store, day: day, time: time, includeArchived: includeArchived, planner: self, ledger: ledger)
        let routines = try routines(on: day, time: time).map { routine in
            let state: TodayOverview.State =
                switch routine.state {
                case .notStarted: .notStarted
                case .paused(let prompt): .paused(prompt: prompt)
                case .completed(let at): .completed(at: Self.clock(at, time.timeZone))
                case .aborted(let at): .aborted(at: Self.clock(at, time.timeZone))
                }
            return TodayOverview.RoutineDay(slug: routine.slug, state: state, outlook: routine.outlook)
        }
        let states = ledger.days.compactMapValues { $0.state(day.ordinal) }
        return TodayOverview(
            day: day, routines: routines, stats: stats, states: states, inRoutines: try habitKeysInRoutines(),
            isToday: day == time.today, showAll: showAll)
    }

    /// The days `today` reads first of the habits by hand.
    public static let todaySpan = 64

    /// The ledger `today` reads its figures from (issue 26): what it prints of each habit
    /// is the whole history's, but not every habit's history is read.
    ///
    /// `today` prints streaks ending at D and D − 1, not the best one. A habit by hand
    /// (in no active routine) takes its states from its own entries, steps, schedule and
    /// pauses, so it can be evaluated alone: its last `span` days (at least 28, the weeks
    /// its momentum reads) first, and its whole history only when what `today` prints of
    /// it reaches before them (`todayFiguresAreDecided`). The habits in the active
    /// routines (and the undecided ones) are then evaluated through their whole history
    /// together (a routine decides its habits together: the unit is a routine, not a
    /// habit), reading only their entries. `span` nil, or a day after today: the whole
    /// ledger at once.
    func todayLedger(day: DayKey, time: TimeContext, span: Int?) throws -> HabitLedger {
        func whole(_ habits: Set<HabitKey>? = nil) throws -> HabitLedger {
            try HabitLedger.build(planner: self, through: day, alsoOn: [day], habits: habits, time: time)
        }
        guard let span, day <= time.today else { return try whole() }
        var inRoutines = Set<HabitKey>()
        for routine in try compiledRoutines() {
            inRoutines.formUnion(routine.routine.reachableHabitNames().map { HabitKey($0) })
        }
        let byHand = Set(try store.habits.all(includeArchived: true).map(\.key)).subtracting(inRoutines)
        guard !byHand.isEmpty else { return try whole() }
        let from = day.adding(days: -(max(28, span) - 1))
        let window = try HabitLedger.build(
            planner: self, from: from, through: day, alsoOn: [day], habits: byHand, time: time)
        var undecided = Set<HabitKey>()
        let figures = try HabitFigures.stats(
            store: store, day: day, time: time, includeArchived: true, planner: self, ledger: window)
        for stats in figures where byHand.contains(stats.habit.key) {
            if !Self.todayFiguresAreDecided(stats, days: window.days[stats.habit.key], from: from) {
                undecided.insert(stats.habit.key)
            }
        }
        let rest = try whole(inRoutines.union(undecided))
        var days = rest.days
        var entries = rest.entriesByHabit
        for key in byHand where days[key] == nil {
            days[key] = window.days[key]
            entries[key] = window.entriesByHabit[key]
        }
        return HabitLedger(
            today: rest.today, through: rest.through, from: nil, days: days, entriesByHabit: entries,
            evaluatedCount: window.evaluatedCount + rest.evaluatedCount)
    }

    /// Whether what `today` prints of a habit (its streaks ending at D and D − 1, its
    /// period streak and window, the last day done when that streak is 1; the momentum's
    /// and the week's days are within 28) reads only days of a ledger evaluated from
    /// `from`, so that it is the whole history's: a habit whose first day is after `from`
    /// is evaluated whole; otherwise a break (missed or skipped) before D within the
    /// window ends both streaks there, a frequency's failing period must lie within it,
    /// and a last day done must have been read.
    static func todayFiguresAreDecided(_ stats: HabitStats, days: HabitDays?, from: DayKey) -> Bool {
        guard let days, days.first <= from.ordinal else { return true }
        let d = stats.day.ordinal
        guard (days.first..<max(days.first, d)).contains(where: { days.state($0)?.breaksStreak == true }) else {
            return false
        }
        if let frequency = stats.habit.frequency,
            d - ((stats.periodStreak ?? 0) + 1) * frequency.period + 1 < days.first
        {
            return false
        }
        return stats.previousStreak != 1 || stats.lastDoneBefore != nil
    }

    /// `HH:MM` in `zone`.
    public static func clock(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return clock(minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }

    /// `HH:MM` for minutes after midnight.
    public static func clock(minutes: Int) -> String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
