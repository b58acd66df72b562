/// Whether a habit is due on a DayKey, and if not, why (SPEC §10.4's `reason`).
public enum DueStatus: Sendable, Equatable {
    case due
    /// A pause covers the day.
    case paused
    /// The schedule leaves the day out (`days:` misses its weekday, or `every:` was done recently).
    case notScheduled(Schedule)
    /// A frequency (`per: N/P`) already met: `done` of the P − 1 DayKeys before D are done
    /// (SPEC §18.1).
    case frequencyMet(done: Int, times: Int, period: Int)
    /// The habit is archived: never due in a run (SPEC §11).
    case archived

    public var isDue: Bool { self == .due }

    /// `paused`, `schedule: mon, wed, fri`, `frequency met: 3 of 3 this week`; nil when due.
    public var reason: String? {
        switch self {
        case .due: nil
        case .paused: "paused"
        case .notScheduled(let schedule): "schedule: \(schedule)"
        case .frequencyMet(let done, let times, let period):
            "\(Self.frequencyMetPrefix): " + Self.progress(done: done, times: times, period: period)
        case .archived: "archived"
        }
    }

    /// The reason's name for a met frequency.
    public static let frequencyMetPrefix = "frequency met"

    /// `3 of 3 this week`, `10 of 12 in 30 days`: done days of a frequency's window.
    public static func progress(done: Int, times: Int, period: Int) -> String {
        "\(done) of \(times) " + (period == 7 ? "this week" : "in \(Schedule.periodName(period))")
    }
}

/// The due-ness rules of SPEC §10.1–10.2 and §18.1 as pure functions.
public enum Due {
    /// Whether a habit is due on `day`.
    /// - Parameters:
    ///   - schedule: the habit's schedule; nil is daily.
    ///   - paused: whether a pause covers the habit on `day` (wins over the schedule).
    ///   - lastDoneBefore: the habit's last done DayKey before `day`, if any
    ///     (only `every:` reads it: due unless done on one of the N−1 DayKeys before).
    ///   - doneInLast: for `per: N/P`, the number of done DayKeys among the `k` DayKeys
    ///     before `day` (called with k = P − 1).
    public static func status(
        schedule: Schedule?, paused: Bool, day: DayKey, lastDoneBefore: DayKey?,
        doneInLast: (Int) -> Int = { _ in 0 }
    ) -> DueStatus {
        if paused { return .paused }
        switch schedule {
        case nil:
            return .due
        case .days(let days):
            return days.contains(Weekday(day)) ? .due : .notScheduled(.days(days))
        case .every(let n):
            guard let last = lastDoneBefore, last < day else { return .due }
            return day.ordinal - last.ordinal >= n ? .due : .notScheduled(.every(n))
        case .per(let n, let p):
            let done = p > 1 ? doneInLast(p - 1) : 0
            return done < n ? .due : .frequencyMet(done: done, times: n, period: p)
        }
    }

    /// The number of `days` (ascending ordinals, or any order) in the `k` DayKeys before
    /// `day`: what `doneInLast` counts for a sorted history.
    public static func count(_ days: [Int], inLast k: Int, before day: Int) -> Int {
        days.reduce(0) { $0 + ($1 < day && $1 >= day - k ? 1 : 0) }
    }

    /// `isDue(habit, day, schedule, pauses, history)`: the same from plain values.
    /// `doneDays` are the habit's done DayKeys, in any order.
    public static func isDue(
        habit key: HabitKey, on day: DayKey, schedule: Schedule?, pauses: [PauseSpan], doneDays: [DayKey]
    ) -> Bool {
        let paused = pauses.contains { $0.covers(key, on: day) }
        let last = doneDays.filter { $0 < day }.max()
        let ordinals = doneDays.map(\.ordinal)
        return status(
            schedule: schedule, paused: paused, day: day, lastDoneBefore: last,
            doneInLast: { count(ordinals, inLast: $0, before: day.ordinal) }
        ).isDue
    }
}
