import Foundation
import RoutineCore

/// One HabitEntry, as listed by `routine entries`.
public struct EntryInfo: Sendable, Equatable, Codable {
    public var id: EntryID
    /// The habit's shown name.
    public var habit: String
    public var dayKey: DayKey
    /// The instant the entry was made (UTC, millisecond precision as stored).
    public var timestamp: Date
    /// The time zone identifier that was active when the DayKey was derived.
    public var timeZone: String
    public var value: Double?
    public var note: String?
    /// The run that wrote it, if any.
    public var runID: RunID?
    public var deletedAt: Date?
    /// The stable identity made when the entry was recorded (a lower-case UUID): what
    /// `import-entries` recognises an entry by.
    public var uid: String = ""

    public var isDeleted: Bool { deletedAt != nil }
}

/// One correction `editEntry` applies to an entry.
public enum EntryCorrection: Sendable, Equatable {
    /// A new value (nil for a binary habit).
    case value(Double?)
    /// A new note (nil or empty removes it).
    case note(String?)
}
