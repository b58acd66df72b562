import Foundation

/// One entry as a file gives it, every field already read and checked: the day is a
/// day, the value a number ≥ 0 within ``Quantity/maximum``, the time zone known, the
/// note and unit free of control characters (the note may hold line breaks).
///
/// The form in which entries cross from a file format (`RoutineFile`'s CSV reader) to
/// the store, which applies only the rules that need the database: the habit's
/// get-or-create and kind, the unit against its measure, uids already stored. The
/// same type comes back out of the store for the CSV export.
public struct EntryRow: Sendable, Equatable {
    /// The habit's name as written (the store folds it to find the habit).
    public var habit: String
    public var dayKey: DayKey
    public var value: Double?
    /// The unit the value is in, if the file says; nil for none.
    public var unit: String?
    /// The note as written; an empty or all-white-space note is no note.
    public var note: String?
    public var timestamp: Date
    /// `timestamp`'s stored text when the file gave it in that form (``Instant/storedText(utf8:)``):
    /// the store writes these bytes rather than format the `Date` again. Not compared by
    /// `==` (it is the timestamp's own text, or nil).
    public var timestampText: Instant.StoredText?
    /// An identifier `TimeZone(identifier:)` knows.
    public var timeZone: String
    /// The entry's stable id; nil makes the store give the row a new one.
    public var uid: UUID?
    /// The 1-based line of the source the row starts on, for error messages (0 when
    /// the row has no source).
    public var line: Int
    /// False when the file gave no timestamp and `timestamp` is the time of the import:
    /// such a row is the same as a stored entry whatever the stored entry's timestamp.
    public var timestampGiven: Bool

    public init(
        habit: String, dayKey: DayKey, value: Double? = nil, unit: String? = nil, note: String? = nil,
        timestamp: Date, timeZone: String, uid: UUID? = nil, line: Int = 0, timestampGiven: Bool = true,
        timestampText: Instant.StoredText? = nil
    ) {
        self.habit = habit
        self.dayKey = dayKey
        self.value = value
        self.unit = unit
        self.note = note
        self.timestamp = timestamp
        self.timeZone = timeZone
        self.uid = uid
        self.line = line
        self.timestampGiven = timestampGiven
        self.timestampText = timestampText
    }

    public static func == (lhs: EntryRow, rhs: EntryRow) -> Bool {
        lhs.habit == rhs.habit && lhs.dayKey == rhs.dayKey && lhs.value == rhs.value && lhs.unit == rhs.unit
            && lhs.note == rhs.note && lhs.timestamp == rhs.timestamp && lhs.timeZone == rhs.timeZone
            && lhs.uid == rhs.uid && lhs.line == rhs.line && lhs.timestampGiven == rhs.timestampGiven
    }

    /// The fields a rule of the store can refuse a row for.
    public enum Field: Sendable, Equatable {
        case habit, value, unit
    }
}

/// Checked rows, read one at a time: a bulk load streams a large file through the
/// store's transaction without holding every row, and an error in row 10 is found
/// after a store rule has refused row 3, so the first bad row is the one reported.
public protocol EntryRowSource {
    /// The next row, nil at the end; throws the source's own error for a row it cannot
    /// read (the store lets it through unchanged and writes nothing).
    mutating func next() throws -> EntryRow?

    /// The 1-based column of the source to name when the store refuses a row for a
    /// field (a file without a `unit` column names another).
    func column(of field: EntryRow.Field) -> Int

    /// At most how many rows are left (a CSV file's line count): the store uses it to
    /// choose between a row-by-row and a bulk load.
    var rowsAtMost: Int { get }

    /// Whether rows may carry their own uids (a CSV file with a `uid` column). Rows
    /// without one get uids made in order, which a bulk load can index as it goes.
    var carriesUIDs: Bool { get }
}

extension EntryRowSource {
    public var carriesUIDs: Bool { true }
}

/// Rows already in memory, as a source. Errors name columns in the order of the CSV
/// header `uid,habit,dayKey,value,unit,…`.
public struct EntryRowList: EntryRowSource {
    private var rows: [EntryRow]
    private var index = 0

    public init(_ rows: [EntryRow]) {
        self.rows = rows
    }

    public mutating func next() throws -> EntryRow? {
        guard index < rows.count else { return nil }
        defer { index += 1 }
        return rows[index]
    }

    public func column(of field: EntryRow.Field) -> Int {
        switch field {
        case .habit: 2
        case .value: 4
        case .unit: 5
        }
    }

    public var rowsAtMost: Int { rows.count - index }
}
