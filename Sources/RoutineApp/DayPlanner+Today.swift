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
    public func today(
        day: DayKey, time: TimeContext, includeArchived: Bool = false, showAll: Bool = false, statesOnly: Bool = false
    ) throws
        -> TodayOverview
    {
        let ledger = try HabitLedger.build(
            planner: self, from: statesOnly ? day : nil, through: day, alsoOn: [day], time: time)
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
