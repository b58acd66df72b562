/// The days on which a habit is due, decided by the day model (SPEC §13.6) rather than by
/// its schedule alone: for a habit that an active routine names, a day is due when the
/// routine makes it certain, or a run asked it. The host computes it (the application
/// layer's `DueCalendar`); the figures only read it.
///
/// Days before `first` (the earlier of the habit's first entry and its creation) are
/// never due; days after the last one computed are read as due when `beyond` says so.
public struct DueDays: Sendable, Equatable {
    /// The first day that may be due (an ordinal, `DayKey.ordinal`).
    public var first: Int
    /// `flags[i]`: due on `first + i`.
    public var flags: [Bool]

    public init(first: Int, flags: [Bool]) {
        self.first = first
        self.flags = flags
    }

    /// Whether the habit is due on the day with ordinal `day` (false outside the range).
    public func isDue(_ day: Int) -> Bool {
        let index = day - first
        return index >= 0 && index < flags.count && flags[index]
    }
}
