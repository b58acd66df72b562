/// A hybrid logical clock (SPEC §16.3): one Int64 per change, the wall clock's
/// milliseconds in the high bits and a counter in the low 16. It never goes backwards and
/// is always later than every change the store has made or seen, so a device whose wall
/// clock is set years off still orders its changes after what it has pulled: a change
/// made after another one it knew of wins over it, whatever the clocks say.
///
/// The store ticks it in SQL inside the capture triggers (`SyncSchema.tick`, the same rule
/// as `next`); applying a pulled change first takes the clock to at least the change's.
public enum HybridClock {
    /// Bits of the logical counter.
    public static let counterBits = 16

    /// The latest wall-clock time the clock follows: 2^46 ms after 1970, in the year
    /// 4199. A clock set past it (a typo, `faketime`) counts on by one from there: the
    /// milliseconds times 2^16 would leave an Int64 past about the year 6429, and SQLite
    /// would store the product as a REAL (issue 31 item 5).
    public static let maximumMilliseconds: Int64 = 1 << 46

    /// The highest clock a change is ordered by (`maximumMilliseconds` shifted): a pulled
    /// change's clock is taken as at most this, so the clock that follows it still has
    /// 2^62 ticks before it could overflow.
    public static let ceiling: Int64 = maximumMilliseconds << counterBits

    /// The clock of a change made now, after `last`.
    public static func next(last: Int64, nowMilliseconds: Int64) -> Int64 {
        max(min(last, Int64.max - 1) + 1, max(0, min(nowMilliseconds, maximumMilliseconds)) << counterBits)
    }

    /// What the clock takes from a pulled change's clock: at most `ceiling`.
    public static func observed(_ clock: Int64) -> Int64 {
        min(clock, ceiling)
    }
}

/// When a field was last set and by which device: the order SPEC §16.3's "the latest
/// change to a field wins by clock, ties broken by device" compares. A field never
/// changed since its row was made has the zero stamp: any later change wins over it.
public struct ChangeStamp: Sendable, Hashable, Comparable {
    public var clock: Int64
    public var device: String

    public init(clock: Int64, device: String) {
        self.clock = clock
        self.device = device
    }

    public static let zero = ChangeStamp(clock: 0, device: "")

    public static func < (a: ChangeStamp, b: ChangeStamp) -> Bool {
        (a.clock, a.device) < (b.clock, b.device)
    }
}
