import Foundation
import GRDB
import RoutineCore

// The rows of the store's tables as GRDB records: plain `Codable` structs, one per table,
// with the column names in `CodingKeys` and `Columns` for the query interface. Day keys,
// run statuses, schedules and instants are typed (`StoredValues.swift` has their stored
// forms); a record with a typed column reads itself through `StoredRow`, so a value that
// does not convert is an error naming the table, the row and the column, never a default.
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
    var createdAt: StoredInstant
    /// A `days:`/`every:` schedule; a frequency is in `frequency` (v9-habit-targets).
    var schedule: Schedule?
    var archivedAt: StoredInstant?
    /// Its identity across devices (SPEC §16.2): given at insert, never changed.
    var uid: String?
    /// A `per:N/P` frequency (SPEC §18.1); when set, `schedule` is NULL.
    var frequency: Schedule? = nil
    var dayTarget: DayTarget? = nil
    /// What the person wrote about the habit (v11-habit-notes; Loop's question).
    var description: String? = nil

    enum CodingKeys: String, CodingKey {
        case id, name, target, weekly, schedule, uid, frequency, description
        case nameKey = "name_key"
        case measureID = "measure_id"
        case createdAt = "created_at"
        case archivedAt = "archived_at"
        case dayTarget = "day_target"
    }

    /// The habit's schedule, whichever column holds it.
    var anySchedule: Schedule? { frequency ?? schedule }

    /// The assignments that store `schedule` (nil: daily): a frequency in `frequency`,
    /// anything else in `schedule`, the other column cleared (they exclude each other).
    static func scheduleAssignments(_ schedule: Schedule?) -> [ColumnAssignment] {
        let frequency: Schedule?
        if case .per = schedule { frequency = schedule } else { frequency = nil }
        return [
            Columns.schedule.set(to: frequency == nil ? schedule : nil), Columns.frequency.set(to: frequency),
        ]
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
        static let frequency = Column(CodingKeys.frequency)
        static let dayTarget = Column(CodingKeys.dayTarget)
        static let description = Column(CodingKeys.description)
    }

    init(
        id: Int64?, name: String, nameKey: HabitKey, measureID: Int64?, target: Double?, weekly: Double?,
        createdAt: StoredInstant, schedule: Schedule?, archivedAt: StoredInstant?, uid: String? = AppDatabase.newUID(),
        dayTarget: DayTarget? = nil
    ) {
        (self.id, self.name, self.nameKey, self.measureID, self.uid) = (id, name, nameKey, measureID, uid)
        (self.target, self.weekly, self.createdAt, self.archivedAt) = (target, weekly, createdAt, archivedAt)
        if case .per = schedule { self.frequency = schedule } else { self.schedule = schedule }
        self.dayTarget = dayTarget
    }

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        self.init(
            id: try stored.optional("id"), name: try stored("name"), nameKey: try stored("name_key"),
            measureID: try stored.optional("measure_id"), target: try stored.optional("target"),
            weekly: try stored.optional("weekly"), createdAt: try stored("created_at"),
            schedule: try stored.optional("schedule"), archivedAt: try stored.optional("archived_at"),
            uid: try stored.optional("uid"), dayTarget: try stored.optional("day_target"))
        frequency = try stored.optional("frequency")
        description = try stored.optional("description")
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A habit with its measure (none for a binary habit): what every habit read needs.
struct HabitWithMeasure: FetchableRecord {
    var habit: HabitRecord
    var measure: MeasureRecord?

    /// Every habit (alias `h`) with its measure; callers add WHERE and ORDER BY. Plain
    /// SQL rather than the query interface's association decoded through `Decodable`:
    /// every command that reads a habit paid for building those generic types at run
    /// time on its first read (docs/PERFORMANCE.md, "Start-up").
    static let select = """
        SELECT h.*, m.id AS "measure.id", m.unit AS "measure.unit", m.type AS "measure.type"
        FROM habit h LEFT JOIN measure m ON m.id = h.measure_id
        """

    init(row: Row) throws {
        habit = try HabitRecord(row: row)
        let stored = StoredRow(row, table: MeasureRecord.databaseTableName, idColumn: "measure.id")
        if let id: Int64 = try stored.optional("measure.id") {
            measure = MeasureRecord(id: id, unit: try stored("measure.unit"), type: try stored("measure.type"))
        } else {
            measure = nil
        }
    }

    static func fetchAll(_ db: Database, where clause: String, arguments: StatementArguments = []) throws -> [Self] {
        // Decoded from the statement's own row, not copies: a copied row finds a column by
        // lowercasing every column name on each lookup, the statement's row in a
        // dictionary made once — reading every habit was a tenth of `today --short`, and
        // it reads them several times (docs/PERFORMANCE.md, "`today --short` under 20 ms").
        // `StoredRow` converts each value strictly from either.
        try Array(Row.fetchCursor(db, sql: select + " " + clause, arguments: arguments).map(Self.init(row:)))
    }

    static func fetchOne(_ db: Database, where clause: String, arguments: StatementArguments) throws -> Self? {
        try fetchOneChecked(db, sql: select + " " + clause + " LIMIT 1", arguments: arguments)
    }

    var id: Int64 { habit.id ?? 0 }
    var measureValue: Measure? { measure.map { Measure(unit: $0.unit, type: $0.type) } }

    var info: HabitInfo {
        HabitInfo(
            id: id, name: habit.name, key: habit.nameKey, measure: measureValue, target: habit.target,
            weekly: habit.weekly, schedule: habit.anySchedule, createdAt: habit.createdAt.date,
            archivedAt: habit.archivedAt?.date, dayTarget: habit.dayTarget, description: habit.description)
    }

    /// The write paths' view.
    var row: HabitRow {
        HabitRow(
            id: id, name: habit.name, key: habit.nameKey, measureID: habit.measureID, measure: measureValue,
            target: habit.target, weekly: habit.weekly, schedule: habit.anySchedule, dayTarget: habit.dayTarget)
    }
}

/// A `habit_entry` row. Entries are inserted through `AppDatabase.insertEntrySQL` (the
/// statement the bulk inserter shares); the record reads and updates them.
struct EntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "habit_entry"
    var id: EntryID
    var habitID: Int64
    var dayKey: DayKey
    var timestamp: StoredInstant
    var timeZone: String
    var value: Double?
    var note: String?
    var runID: RunID?
    var deletedAt: StoredInstant?
    /// 16 bytes in the store (v13-uid-blobs).
    var uid: StoredUID?

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

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        id = try stored("id")
        habitID = try stored("habit_id")
        dayKey = try stored("day_key")
        timestamp = try stored("timestamp")
        timeZone = try stored("time_zone")
        value = try stored.optional("value")
        note = try stored.optional("note")
        runID = try stored.optional("run_id")
        deletedAt = try stored.optional("deleted_at")
        uid = try stored.optional("uid")
    }
}

/// The requests of entries the store makes again and again (GRDB's recommended shape:
/// `EntryRecord.all().of(habit: id).live()`).
extension DerivableRequest<EntryRecord> {
    /// The entries of one habit (by its row id), deleted ones included.
    func of(habit id: Int64) -> Self { filter(EntryRecord.Columns.habitID == id) }

    /// The entries not deleted.
    func live() -> Self { filter(EntryRecord.Columns.deletedAt == nil) }
}

/// An entry with its habit's shown name, read by `AppDatabase.entrySelect`.
struct EntryListing: FetchableRecord {
    var entry: EntryRecord
    var habit: String

    init(row: Row) throws {
        entry = try EntryRecord(row: row)
        habit = try StoredRow(row, table: EntryRecord.databaseTableName)("habit")
    }

    var info: EntryInfo {
        EntryInfo(
            id: entry.id, habit: habit, dayKey: entry.dayKey, timestamp: entry.timestamp.date,
            timeZone: entry.timeZone, value: entry.value, note: entry.note, runID: entry.runID,
            deletedAt: entry.deletedAt?.date, uid: entry.uid?.text ?? "")
    }
}

/// A `run` row; `walker_state` is the walker's JSON, opaque here.
struct RunRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "run"
    var id: RunID
    var routineVersionID: Int64
    var dayKey: DayKey
    var timeZone: String
    /// The run's one recorded status (the saved walker state holds none: docs/store.md).
    var status: RunStatus
    var startedAt: StoredInstant
    var updatedAt: StoredInstant
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

    init(
        id: RunID, routineVersionID: Int64, dayKey: DayKey, timeZone: String, status: RunStatus,
        startedAt: StoredInstant, updatedAt: StoredInstant, walkerState: Data
    ) {
        (self.id, self.routineVersionID, self.dayKey, self.timeZone) = (id, routineVersionID, dayKey, timeZone)
        (self.status, self.startedAt, self.updatedAt, self.walkerState) = (status, startedAt, updatedAt, walkerState)
    }

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        self.init(
            id: try stored("id"), routineVersionID: try stored("routine_version_id"), dayKey: try stored("day_key"),
            timeZone: try stored("time_zone"), status: try stored("status"), startedAt: try stored("started_at"),
            updatedAt: try stored("updated_at"), walkerState: try stored("walker_state"))
    }
}

/// A run with its routine's slug and version number, read by `AppDatabase.Runs.runSelect`.
struct RunListing: FetchableRecord {
    var run: RunRecord
    var slug: String
    var versionNumber: Int

    init(row: Row) throws {
        run = try RunRecord(row: row)
        let stored = StoredRow(row, table: RunRecord.databaseTableName)
        slug = try stored("slug")
        versionNumber = try stored("version_number")
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
