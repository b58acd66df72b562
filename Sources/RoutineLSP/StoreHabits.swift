import Foundation
import RoutineCore

/// What the store says of one habit, for hover and completion.
public struct StoredHabit: Sendable, Equatable {
    public var name: String
    public var measure: Measure?
    public var schedule: Schedule?
    /// The current streak as `routine stats` computes it today (from the ledger's states,
    /// SPEC §17.2).
    public var streak: Int
    /// Its state today, as the ledger gives it (SPEC §17.1); nil when not known.
    public var today: DayState?
    /// The day of the last live entry, and its value (quantity habits).
    public var lastDay: DayKey?
    public var lastValue: Double?
    /// False for the quick first read: names, measures and schedules only (the streak and
    /// last entry are not known yet).
    public var hasFigures: Bool
    /// The habit's description (`routine habit describe`, Loop's question), or nil.
    public var description: String?

    public init(
        name: String, measure: Measure?, schedule: Schedule?, streak: Int, lastDay: DayKey?, lastValue: Double?,
        hasFigures: Bool = true, today: DayState? = nil, description: String? = nil
    ) {
        self.description = description
        self.today = today
        self.name = name
        self.measure = measure
        self.schedule = schedule
        self.streak = streak
        self.lastDay = lastDay
        self.lastValue = lastValue
        self.hasFigures = hasFigures
    }
}

/// Reads the store's habits (the `routine lsp` command builds one over a store opened
/// read-only): with their figures (streaks, last entries: a read of the history), or,
/// `figures` false, only what completion needs (one query).
public typealias StoreReader = @Sendable (_ figures: Bool) throws -> [StoredHabit]

/// The store's habits, read on a thread of their own so that typing never waits long
/// for the store: requests see the last complete read. Until the first read has ended, a
/// request waits for it up to ``firstReadWait`` (issue 31 item 19: a completion asked right
/// after opening a file lacked the store's habits), then goes on without them.
///
/// The server is given a reader only when a store is configured and exists (the
/// `routine lsp` command decides, and opens it read-only); without one this is empty.
final class StoreHabits: @unchecked Sendable {
    private let reader: StoreReader?
    private let lock = NSCondition()
    private var habits: [HabitKey: StoredHabit] = [:]
    private var reading = false
    /// A read has ended (with or without habits).
    private var readOnce = false
    static let firstReadWait: TimeInterval = 0.1
    private let log: @Sendable (String) -> Void

    init(reader: StoreReader?, log: @escaping @Sendable (String) -> Void) {
        self.reader = reader
        self.log = log
    }

    /// Starts a read unless one is under way (at start, and when a document is opened or
    /// saved: entries recorded meanwhile show up).
    func refresh() {
        guard let reader else { return }
        lock.lock()
        if reading {
            lock.unlock()
            return
        }
        reading = true
        lock.unlock()
        let thread = Thread { [self] in
            // The first time, names first: a request waiting for them waits one query, not
            // a read of the whole history.
            if !hasRead { publish(read(reader, figures: false), last: false) }
            publish(read(reader, figures: true), last: true)
        }
        thread.start()
    }

    private var hasRead: Bool {
        lock.lock()
        defer { lock.unlock() }
        return readOnce
    }

    private func read(_ reader: StoreReader, figures: Bool) -> [HabitKey: StoredHabit]? {
        do {
            return Dictionary(
                try reader(figures).map { (HabitKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            log("cannot read the store: \(error)")
            return nil
        }
    }

    /// Keeps a read (nil: it failed; the previous habits stay); `last`: the refresh ends.
    private func publish(_ read: [HabitKey: StoredHabit]?, last: Bool) {
        lock.lock()
        if let read { habits = read }
        if last { reading = false }
        readOnce = true
        lock.broadcast()
        lock.unlock()
    }

    /// The habits of the last complete read (waiting for the first, see above).
    var snapshot: [HabitKey: StoredHabit] {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(Self.firstReadWait)
        while reading && !readOnce && lock.wait(until: deadline) {}
        return habits
    }
}
