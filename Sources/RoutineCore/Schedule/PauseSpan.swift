/// A pause the person stated (SPEC §10.2): from one DayKey to another, inclusive, for
/// some habits or (no habit keys) for every habit. On a paused DayKey a habit is not due.
public struct PauseSpan: Codable, Sendable, Hashable {
    public var from: DayKey
    public var to: DayKey
    /// `HabitName.key`s of the paused habits; empty pauses every habit (a holiday).
    public var habitKeys: [HabitKey]

    public init(from: DayKey, to: DayKey, habitKeys: [HabitKey] = []) {
        self.from = from
        self.to = to
        self.habitKeys = habitKeys
    }

    /// True when this pause covers `habitKey` at all.
    public func applies(to habitKey: HabitKey) -> Bool {
        habitKeys.isEmpty || habitKeys.contains(habitKey)
    }

    /// True when `habitKey` is paused on `day`.
    public func covers(_ habitKey: HabitKey, on day: DayKey) -> Bool {
        from <= day && day <= to && applies(to: habitKey)
    }
}
