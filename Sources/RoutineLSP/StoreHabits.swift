import Foundation
import RoutineCore

/// What the store says of one habit, for hover and completion.
public struct StoredHabit: Sendable, Equatable {
    public var name: String
    public var measure: Measure?
    public var schedule: Schedule?
    /// The current streak as `routine stats` computes it today.
    public var streak: Int
    /// The day of the last live entry, and its value (quantity habits).
    public var lastDay: DayKey?
    public var lastValue: Double?

    public init(
        name: String, measure: Measure?, schedule: Schedule?, streak: Int, lastDay: DayKey?, lastValue: Double?
    ) {
        self.name = name
        self.measure = measure
        self.schedule = schedule
        self.streak = streak
        self.lastDay = lastDay
        self.lastValue = lastValue
    }
}

/// Reads the store's habits (the `routine lsp` command builds one over a store opened
/// read-only).
public typealias StoreReader = @Sendable () throws -> [StoredHabit]

/// The store's habits, read on a thread of their own so that typing never waits for
/// the store: requests see the last complete read (nothing until the first one ends).
///
/// The server is given a reader only when a store is configured and exists (the
/// `routine lsp` command decides, and opens it read-only); without one this is empty.
final class StoreHabits: @unchecked Sendable {
    private let reader: StoreReader?
    private let lock = NSLock()
    private var habits: [HabitKey: StoredHabit] = [:]
    private var reading = false
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
            var read: [HabitKey: StoredHabit]?
            do {
                read = Dictionary(try reader().map { (HabitKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
            } catch {
                log("cannot read the store: \(error)")
            }
            lock.lock()
            if let read { habits = read }
            reading = false
            lock.unlock()
        }
        thread.start()
    }

    /// The habits of the last complete read.
    var snapshot: [HabitKey: StoredHabit] {
        lock.lock()
        defer { lock.unlock() }
        return habits
    }
}
