import Foundation
import GRDB
import RoutineCore

// The rows of goals, pauses and routines (see Records.swift for how records read).

/// A `goal` row.
struct GoalRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "goal"
    var id: GoalID?
    var title: String
    var target: Double
    var unit: String?
    var fromDay: DayKey
    var toDay: DayKey
    var createdAt: StoredInstant
    /// Its identity across devices (SPEC §16.2).
    var uid: String?

    enum CodingKeys: String, CodingKey {
        case id, title, target, unit, uid
        case fromDay = "from_day"
        case toDay = "to_day"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    init(
        id: GoalID? = nil, title: String, target: Double, unit: String?, fromDay: DayKey, toDay: DayKey,
        createdAt: StoredInstant, uid: String? = AppDatabase.newUID()
    ) {
        (self.id, self.title, self.target, self.unit, self.uid) = (id, title, target, unit, uid)
        (self.fromDay, self.toDay, self.createdAt) = (fromDay, toDay, createdAt)
    }

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        self.init(
            id: try stored.optional("id"), title: try stored("title"), target: try stored("target"),
            unit: try stored.optional("unit"), fromDay: try stored("from_day"), toDay: try stored("to_day"),
            createdAt: try stored("created_at"), uid: try stored.optional("uid"))
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = GoalID(rawValue: inserted.rowID)
    }
}

/// A `pause` row.
struct PauseRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "pause"
    var id: Int64?
    var fromDay: DayKey
    var toDay: DayKey
    var note: String?
    var createdAt: StoredInstant
    /// Its identity across devices (SPEC §16.2); 16 bytes in the store (v13-uid-blobs).
    var uid: StoredUID?

    enum CodingKeys: String, CodingKey {
        case id, note, uid
        case fromDay = "from_day"
        case toDay = "to_day"
        case createdAt = "created_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let fromDay = Column(CodingKeys.fromDay)
    }

    init(
        id: Int64? = nil, fromDay: DayKey, toDay: DayKey, note: String?, createdAt: StoredInstant,
        uid: StoredUID? = StoredUID(text: AppDatabase.newUID())
    ) {
        (self.id, self.fromDay, self.toDay, self.note, self.createdAt) = (id, fromDay, toDay, note, createdAt)
        self.uid = uid
    }

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        self.init(
            id: try stored.optional("id"), fromDay: try stored("from_day"), toDay: try stored("to_day"),
            note: try stored.optional("note"), createdAt: try stored("created_at"), uid: try stored.optional("uid"))
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
    var archivedAt: StoredInstant?

    enum CodingKeys: String, CodingKey {
        case id, slug
        case archivedAt = "archived_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let slug = Column(CodingKeys.slug)
        static let archivedAt = Column(CodingKeys.archivedAt)
    }

    init(id: Int64? = nil, slug: String, archivedAt: StoredInstant? = nil) {
        (self.id, self.slug, self.archivedAt) = (id, slug, archivedAt)
    }

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        self.init(
            id: try stored.optional("id"), slug: try stored("slug"), archivedAt: try stored.optional("archived_at"))
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
    var importedAt: StoredInstant
    /// Its identity across devices (SPEC §16.2).
    var uid: String?

    enum CodingKeys: String, CodingKey {
        case id, number, title, source, uid
        case routineID = "routine_id"
        case importedAt = "imported_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let routineID = Column(CodingKeys.routineID)
        static let number = Column(CodingKeys.number)
    }

    init(
        id: Int64? = nil, routineID: Int64, number: Int, title: String?, source: String, importedAt: StoredInstant,
        uid: String? = AppDatabase.newUID()
    ) {
        (self.id, self.routineID, self.number, self.title) = (id, routineID, number, title)
        (self.source, self.importedAt, self.uid) = (source, importedAt, uid)
    }

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName)
        self.init(
            id: try stored.optional("id"), routineID: try stored("routine_id"), number: try stored("number"),
            title: try stored.optional("title"), source: try stored("source"), importedAt: try stored("imported_at"),
            uid: try stored.optional("uid"))
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
