import RoutineCore

/// A habit's streaks one by one, for the bars of its page: each run of done days that no
/// break interrupts, with its first and last done day.
///
/// What extends and what breaks a streak is SPEC §17.2's rule as `DayState` states it
/// (`.done` extends, `breaksStreak` breaks, every other state neither), read from the
/// ledger's states; the figures of `HabitDays.figures(at:)` count the same runs (its
/// `bestStreak` is the longest here, its `currentStreak` the last one when nothing broke
/// after it), which the tests check against the ledger.
struct HistoryStreak: Sendable, Equatable {
    var first: DayKey
    var last: DayKey
    var length: Int
    /// No break after it up to the day the runs were read through: the current streak.
    var isCurrent: Bool

    /// Every run of `days` up to `through`, oldest first.
    static func runs(_ days: HabitDays, through: DayKey) -> [HistoryStreak] {
        var runs: [HistoryStreak] = []
        var first: Int?
        var last = 0
        var length = 0
        let end = min(through.ordinal, days.last)
        guard end >= days.first else { return [] }
        for ordinal in days.first...end {
            guard let state = days.state(ordinal) else { continue }
            if state == .done {
                if first == nil { first = ordinal }
                last = ordinal
                length += 1
            } else if state.breaksStreak, let start = first {
                runs.append(
                    HistoryStreak(
                        first: DayKey(ordinal: start), last: DayKey(ordinal: last), length: length, isCurrent: false))
                first = nil
                length = 0
            }
        }
        if let start = first {
            runs.append(
                HistoryStreak(
                    first: DayKey(ordinal: start), last: DayKey(ordinal: last), length: length, isCurrent: true))
        }
        return runs
    }

    /// The `count` longest runs, longest first (of equal ones, the more recent first).
    static func best(_ runs: [HistoryStreak], count: Int) -> [HistoryStreak] {
        Array(runs.sorted { ($0.length, $0.last) > ($1.length, $1.last) }.prefix(count))
    }
}
