import Foundation
import RoutineCore
import RoutineStore

/// The ledger of habit states (SPEC §17): the state of every habit on every day from its
/// first day through the day asked for, computed once per request from the entries, the
/// recorded steps (this store's runs and the steps pulled from other devices), the
/// schedules, the pauses and the routines. Streaks, momentum, due days and every per-day
/// mark of `today`, `plan`, `stats`, `habits`, `review` and `insights` are read from it;
/// no other code decides whether a habit was due or done on a day.
///
/// What a routine makes certain or possible on a day comes from the one model of the day
/// (`Walker.outlook()`, through the day planner); what a run on a day asked comes from its
/// recorded steps (SPEC §17.5).
///
/// Days are evaluated densely from each habit's first day up to the earlier of the day
/// asked for and today; after today only the days a view asks for and the days with an
/// entry or a step are evaluated, so a day far ahead (`today --day 9999-12-31`) costs
/// the store's data, not the days in between (nothing after today is over: it extends
/// no streak unless done and breaks none).
///
/// A view that shows states but no streaks (`review`, `plan`, `insights`, `today
/// --short`, `remind`) asks for a window (`from`): only the days from it are evaluated,
/// and only they and the few days before it that a schedule reads (`every: N`, `per:
/// N/P`) are read, so its cost is the window's, not the years'. Each state in the window
/// is the one the whole history gives: nothing before the window decides a day in it
/// but a habit's first day (read from the store's indexes) and what the schedules read.
public struct HabitLedger: Sendable {
    public let today: DayKey
    /// The last day evaluated.
    public let through: DayKey
    /// The first day evaluated (nil: every habit's first day): states before it are not
    /// known, and `entries` hold only the days from a little before it.
    public let from: DayKey?
    /// Each habit's states, by key (archived habits included).
    public let days: [HabitKey: HabitDays]
    /// The live entries up to `through` by habit, as read once for the states (the week
    /// figures read them too): each habit's by day, then in the order they were written.
    public let entriesByHabit: [HabitKey: [EntrySample]]
    /// How many (habit, day) states were evaluated: the ledger's work, which tests bound.
    public let evaluatedCount: Int

    /// The live entries of `habit` up to `through`.
    public func entries(of habit: HabitKey) -> [MetricEntry] {
        (entriesByHabit[habit] ?? []).map {
            MetricEntry(habitKey: habit, dayKey: DayKey(ordinal: $0.day), value: $0.value)
        }
    }

    /// The state of `habit` on `day`; a day not evaluated (after today, not asked for) is
    /// read as not due.
    public func state(_ habit: HabitKey, _ day: DayKey) -> DayState {
        guard let habitDays = days[habit] else { return .notDue(.beforeFirstDay) }
        return habitDays.state(day.ordinal) ?? .notDue(.branchNotTaken)
    }

    /// Builds the ledger of every stored habit through `end`, evaluating also `alsoOn`
    /// (days after today a view shows); with `from`, only the days from it (a view that
    /// reads no streak: see above).
    ///
    /// With `habits`, only those habits are kept, and only the routines that reach them
    /// (and the habits whose streaks those routines' conditions read) are evaluated: each
    /// kept habit's states are the ones the whole ledger gives (a walker's day context
    /// reads one routine's habits, not a hundred).
    ///
    /// A routine whose conditions read `streak(H)` is evaluated day by day with H's
    /// current streak as of the day before, from H's states as this ledger states them
    /// (SPEC §17.2); a ledger evaluating one reads the whole history (no window).
    public static func build(
        planner: DayPlanner, from: DayKey? = nil, through end: DayKey, alsoOn extra: [DayKey] = [],
        habits: Set<HabitKey>? = nil, time: TimeContext
    ) throws -> HabitLedger {
        var builder = try LedgerBuilder(
            planner: planner, from: from, end: end, extra: extra, habits: habits, time: time)
        return try builder.build()
    }

    /// The current streak as of `day` − 1 of each habit `routine`'s conditions read with
    /// `streak(H)` (SPEC §10.3, §17.2): what `stats` says of that day, from a ledger of
    /// those habits alone; none (no ledger built) when the routine reads no streak.
    static func conditionStreaks(
        of routine: Routine, on day: DayKey, planner: DayPlanner, time: TimeContext
    ) throws -> [HabitKey: Int] {
        let keys = routine.conditionStreakHabits
        guard !keys.isEmpty else { return [:] }
        let before = day.adding(days: -1)
        let ledger = try build(planner: planner, through: before, habits: Set(keys), time: time)
        var streaks: [HabitKey: Int] = [:]
        for key in keys {
            streaks[key] = ledger.days[key]?.figures(at: before.ordinal).currentStreak ?? 0
        }
        return streaks
    }
}

/// Why a ledger could not be built.
public enum LedgerError: Error, Equatable, CustomStringConvertible {
    /// A recorded habit step whose outcome this version does not know (a newer version
    /// wrote it, or the store was edited by hand).
    case unknownOutcome(String, routine: String, day: DayKey, habit: String)

    public var description: String {
        switch self {
        case .unknownOutcome(let outcome, let routine, let day, let habit):
            "a recorded step of \(routine) on \(day) gives \(habit) the outcome '\(outcome)', which this version "
                + "does not know (is the store from a newer version?)"
        }
    }
}
