import Foundation
import RoutineCore
import RoutineStore

extension DayPlanner {
    /// What a run of `routine` reads on `day` (SPEC §10.4): the store's history snapshot,
    /// with the streaks its `streak(H)` conditions read taken from the ledger of states
    /// through `day` − 1 (SPEC §17.2), so a condition says what `stats` says. The one
    /// recipe for a run, its resumption, a dry run, `today`, `plan` and `paths --day`.
    public func runContext(
        for routine: Routine, day: DayKey, excludingRun runID: RunID? = nil, time: TimeContext
    ) throws -> DayContext {
        try HistoryWindow(store: store).dayContext(
            for: routine, day: day, excludingRun: runID,
            streaks: HabitLedger.conditionStreaks(of: routine, on: day, planner: self, time: time))
    }
}
