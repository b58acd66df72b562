/// Whether a habit is due on a DayKey, and if not, why (SPEC §10.4's `reason`).
public enum DueStatus: Sendable, Equatable {
    case due
    /// A pause covers the day.
    case paused
    /// The schedule leaves the day out (`days:` misses its weekday, or `every:` was done recently).
    case notScheduled(Schedule)
    /// The habit is archived: never due in a run (SPEC §11).
    case archived

    public var isDue: Bool { self == .due }

    /// `paused`, `schedule: mon, wed, fri`; nil when due.
    public var reason: String? {
        switch self {
        case .due: nil
        case .paused: "paused"
        case .notScheduled(let schedule): "schedule: \(schedule)"
        case .archived: "archived"
        }
    }
}

/// The due-ness rules of SPEC §10.1–10.2 as pure functions.
public enum Due {
    /// Whether a habit is due on `day`.
    /// - Parameters:
    ///   - schedule: the habit's schedule; nil is daily.
    ///   - paused: whether a pause covers the habit on `day` (wins over the schedule).
    ///   - lastDoneBefore: the habit's last DayKey with a live entry before `day`, if any
    ///     (only `every:` reads it: due unless done on one of the N−1 DayKeys before).
    public static func status(schedule: Schedule?, paused: Bool, day: DayKey, lastDoneBefore: DayKey?) -> DueStatus {
        if paused { return .paused }
        switch schedule {
        case nil:
            return .due
        case .days(let days):
            return days.contains(Weekday(day)) ? .due : .notScheduled(.days(days))
        case .every(let n):
            guard let last = lastDoneBefore, last < day else { return .due }
            return day.ordinal - last.ordinal >= n ? .due : .notScheduled(.every(n))
        }
    }

    /// `isDue(habit, day, schedule, pauses, history)`: the same from plain values.
    /// `doneDays` are the habit's DayKeys with a live entry, in any order.
    public static func isDue(
        habit key: HabitKey, on day: DayKey, schedule: Schedule?, pauses: [PauseSpan], doneDays: [DayKey]
    ) -> Bool {
        let paused = pauses.contains { $0.covers(key, on: day) }
        let last = doneDays.filter { $0 < day }.max()
        return status(schedule: schedule, paused: paused, day: day, lastDoneBefore: last).isDue
    }
}
