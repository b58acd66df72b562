import Foundation

/// A pause as stored (SPEC §10.2): the person's statement that some habits (or, with no
/// habit, every habit) are not due from one DayKey to another, inclusive.
public struct PauseInfo: Sendable, Equatable {
    public var id: Int64
    /// Shown names of the paused habits, as linked; empty pauses every habit.
    public var habits: [String]
    /// `HabitName.key`s of `habits`, in the same order.
    public var habitKeys: [HabitKey]
    public var from: DayKey
    public var to: DayKey
    public var note: String?
    public var createdAt: Date

    public init(
        id: Int64, habits: [String], habitKeys: [HabitKey], from: DayKey, to: DayKey, note: String?, createdAt: Date
    ) {
        self.id = id
        self.habits = habits
        self.habitKeys = habitKeys
        self.from = from
        self.to = to
        self.note = note
        self.createdAt = createdAt
    }

    /// The core's view of this pause.
    public var span: PauseSpan { PauseSpan(from: from, to: to, habitKeys: habitKeys) }
}
