import Foundation

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

    public init(
        id: EntryID, habit: String, dayKey: DayKey, timestamp: Date, timeZone: String, value: Double?, note: String?,
        runID: RunID?, deletedAt: Date?, uid: String = ""
    ) {
        self.id = id
        self.habit = habit
        self.dayKey = dayKey
        self.timestamp = timestamp
        self.timeZone = timeZone
        self.value = value
        self.note = note
        self.runID = runID
        self.deletedAt = deletedAt
        self.uid = uid
    }

    public var isDeleted: Bool { deletedAt != nil }
}

/// One correction `editEntry` applies to an entry.
public enum EntryCorrection: Sendable, Equatable {
    /// A new value (nil for a binary habit).
    case value(Double?)
    /// A new note (nil or empty removes it).
    case note(String?)
}

/// What an entry import did: rows written, and rows skipped because their uid was
/// already stored.
public struct EntryImportResult: Sendable, Equatable {
    public var imported: Int
    public var alreadyPresent: Int

    public init(imported: Int, alreadyPresent: Int) {
        self.imported = imported
        self.alreadyPresent = alreadyPresent
    }
}
