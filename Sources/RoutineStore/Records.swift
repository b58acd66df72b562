import Foundation
import GRDB
import RoutineCore

// The rows of the store's tables as GRDB records: plain `Codable` structs, one per table,
// with the column names in `CodingKeys` and `Columns` for the query interface. They keep
// the stored forms (instants and day keys as text); the public `…Info` types parse them.
// Internal to the store: no GRDB type leaves the module.

/// A `measure` row: a canonical unit and a lower-case type.
struct MeasureRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "measure"
    var id: Int64?
    var unit: String
    var type: String

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let unit = Column(CodingKeys.unit)
        static let type = Column(CodingKeys.type)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A `habit` row.
struct HabitRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "habit"
    var id: Int64?
    var name: String
    var nameKey: HabitKey
    var measureID: Int64?
    var target: Double?
    var weekly: Double?
    var createdAt: String
    var schedule: String?
    var archivedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name, target, weekly, schedule
        case nameKey = "name_key"
        case measureID = "measure_id"
        case createdAt = "created_at"
        case archivedAt = "archived_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let nameKey = Column(CodingKeys.nameKey)
        static let measureID = Column(CodingKeys.measureID)
        static let target = Column(CodingKeys.target)
        static let weekly = Column(CodingKeys.weekly)
        static let schedule = Column(CodingKeys.schedule)
        static let archivedAt = Column(CodingKeys.archivedAt)
    }

    /// The key is given: without one, GRDB derives it from the table name through its
    /// inflection rules, which compile ICU regular expressions on first use (about 2 ms
    /// of every command that reads a habit).
    static let measure = belongsTo(
        MeasureRecord.self, key: "measure", using: ForeignKey([CodingKeys.measureID.rawValue]))

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A habit with its measure (none for a binary habit): what every habit read needs.
struct HabitWithMeasure: Decodable, FetchableRecord {
    var habit: HabitRecord
    var measure: MeasureRecord?

    /// Every habit with its measure; callers add filters and order.
    static let all = HabitRecord.including(optional: HabitRecord.measure).asRequest(of: HabitWithMeasure.self)

    var id: Int64 { habit.id ?? 0 }
    var measureValue: Measure? { measure.map { Measure(unit: $0.unit, type: $0.type) } }
    /// A schedule text that does not parse (written by hand) reads as daily.
    var scheduleValue: Schedule? { habit.schedule.flatMap(Schedule.init(storedText:)) }

    var info: HabitInfo {
        HabitInfo(
            id: id, name: habit.name, key: habit.nameKey, measure: measureValue, target: habit.target,
            weekly: habit.weekly, schedule: scheduleValue,
            createdAt: Instant.parse(habit.createdAt) ?? Date(timeIntervalSince1970: 0),
            archivedAt: habit.archivedAt.flatMap(Instant.parse))
    }

    /// The write paths' view.
    var row: HabitRow {
        HabitRow(
            id: id, name: habit.name, key: habit.nameKey, measureID: habit.measureID, measure: measureValue,
            target: habit.target, weekly: habit.weekly, schedule: scheduleValue)
    }
}

/// A `habit_entry` row. Entries are inserted through `AppDatabase.insertEntrySQL` (the
/// statement the bulk inserter shares); the record reads and updates them.
struct EntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "habit_entry"
    var id: EntryID
    var habitID: Int64
    var dayKey: String
    var timestamp: String
    var timeZone: String
    var value: Double?
    var note: String?
    var runID: RunID?
    var deletedAt: String?
    var uid: String?

    enum CodingKeys: String, CodingKey {
        case id, timestamp, value, note, uid
        case habitID = "habit_id"
        case dayKey = "day_key"
        case timeZone = "time_zone"
        case runID = "run_id"
        case deletedAt = "deleted_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let habitID = Column(CodingKeys.habitID)
        static let dayKey = Column(CodingKeys.dayKey)
        static let value = Column(CodingKeys.value)
        static let note = Column(CodingKeys.note)
        static let runID = Column(CodingKeys.runID)
        static let deletedAt = Column(CodingKeys.deletedAt)
    }
}

/// An entry with its habit's shown name, read by `AppDatabase.entrySelect`.
struct EntryListing: FetchableRecord {
    var entry: EntryRecord
    var habit: String

    init(row: Row) throws {
        entry = try EntryRecord(row: row)
        habit = try row.decode(forColumn: "habit")
    }

    var info: EntryInfo {
        EntryInfo(
            id: entry.id, habit: habit, dayKey: DayKey(entry.dayKey) ?? DayKey(ordinal: 0),
            timestamp: Instant.parse(entry.timestamp) ?? Date(timeIntervalSince1970: 0),
            timeZone: entry.timeZone, value: entry.value, note: entry.note, runID: entry.runID,
            deletedAt: entry.deletedAt.flatMap(Instant.parse), uid: entry.uid ?? "")
    }
}

/// A `run` row; `walker_state` is the walker's JSON, opaque here.
struct RunRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "run"
    var id: RunID
    var routineVersionID: Int64
    var dayKey: String
    var timeZone: String
    var status: String
    var startedAt: String
    var updatedAt: String
    var walkerState: Data

    enum CodingKeys: String, CodingKey {
        case id, status
        case routineVersionID = "routine_version_id"
        case dayKey = "day_key"
        case timeZone = "time_zone"
        case startedAt = "started_at"
        case updatedAt = "updated_at"
        case walkerState = "walker_state"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let dayKey = Column(CodingKeys.dayKey)
        static let status = Column(CodingKeys.status)
        static let updatedAt = Column(CodingKeys.updatedAt)
        static let walkerState = Column(CodingKeys.walkerState)
    }
}

/// A run with its routine's slug and version number, read by `AppDatabase.runSelect`.
struct RunListing: FetchableRecord {
    var run: RunRecord
    var slug: String
    var versionNumber: Int

    init(row: Row) throws {
        run = try RunRecord(row: row)
        slug = try row.decode(forColumn: "slug")
        versionNumber = try row.decode(forColumn: "version_number")
    }
}

/// A `goal` row.
struct GoalRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "goal"
    var id: GoalID?
    var title: String
    var target: Double
    var unit: String?
    var fromDay: String
    var toDay: String
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, title, target, unit
        case fromDay = "from_day"
        case toDay = "to_day"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = GoalID(rawValue: inserted.rowID)
    }
}

/// A `pause` row.
struct PauseRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "pause"
    var id: Int64?
    var fromDay: String
    var toDay: String
    var note: String?
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, note
        case fromDay = "from_day"
        case toDay = "to_day"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let fromDay = Column(CodingKeys.fromDay)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A `pause_habit` row: a habit a pause names, in order.
struct PauseHabitRecord: Codable, PersistableRecord {
    static let databaseTableName = "pause_habit"
    var pauseID: Int64
    var habitID: Int64
    var position: Int

    enum CodingKeys: String, CodingKey {
        case position
        case pauseID = "pause_id"
        case habitID = "habit_id"
    }

    enum Columns {
        static let pauseID = Column(CodingKeys.pauseID)
        static let habitID = Column(CodingKeys.habitID)
    }
}

/// A `routine` row.
struct RoutineRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "routine"
    var id: Int64?
    var slug: String
    var archivedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, slug
        case archivedAt = "archived_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let slug = Column(CodingKeys.slug)
        static let archivedAt = Column(CodingKeys.archivedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A `routine_version` row: one imported version's title and source text.
struct RoutineVersionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "routine_version"
    var id: Int64?
    var routineID: Int64
    var number: Int
    var title: String?
    var source: String
    var importedAt: String

    enum CodingKeys: String, CodingKey {
        case id, number, title, source
        case routineID = "routine_id"
        case importedAt = "imported_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let routineID = Column(CodingKeys.routineID)
        static let number = Column(CodingKeys.number)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// MARK: - Strict reads

/// Records are read from copied rows: a copied row converts each value strictly, so a
/// value of the wrong type written by hand (text in `value`) throws `RowDecodingError`
/// (a `corrupt` store error) where a statement cursor would let SQLite convert it
/// silently (text to 0).
extension FetchRequest where RowDecoder: FetchableRecord {
    func fetchAllChecked(_ db: Database) throws -> [RowDecoder] {
        try Row.fetchAll(db, self).map(RowDecoder.init(row:))
    }

    func fetchOneChecked(_ db: Database) throws -> RowDecoder? {
        try Row.fetchOne(db, self).map(RowDecoder.init(row:))
    }
}

extension FetchableRecord {
    static func fetchAllChecked(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }

    static func fetchOneChecked(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        try Row.fetchOne(db, sql: sql, arguments: arguments).map(Self.init(row:))
    }
}
