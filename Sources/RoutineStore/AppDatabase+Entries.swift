import Foundation
import GRDB
import RoutineCore

extension AppDatabase {
    /// Appends one entry by hand (`routine log`), creating the habit if it is new.
    ///
    /// SPEC §5.4: a new habit is a quantity habit when a value is given (in `unit`, else
    /// a plain count: unit `count`, type `count`), else binary. A value for a binary
    /// habit, no value for a quantity habit without target, or a unit other than the
    /// habit's throws; a quantity habit with a target records the target when no value
    /// is given. Every call appends: two walks on one day are two entries.
    public func logEntry(
        habit: String, value: Double?, unit: String?, dayKey: DayKey, at instant: Date, timeZone: String,
        note: String?
    ) throws -> EntryInfo {
        try write { db in
            var resolver = HabitResolver(db: db, now: instant)
            let (row, resolved) = try resolver.habitForEntry(habit, value: value, unit: unit)
            let id = try Self.insertEntry(
                db, habitID: row.id, dayKey: dayKey, at: instant, timeZone: timeZone, value: resolved,
                note: Self.cleanNote(note), runID: nil)
            return try Self.fetchEntry(db, id: id)
        }
    }

    /// Entries, oldest DayKey first (then by id), optionally for one habit and between two
    /// DayKeys (inclusive). Deleted entries only with `includeDeleted`. An unknown habit
    /// name throws `unknownHabit`.
    public func entries(
        habit: String? = nil, from: DayKey? = nil, to: DayKey? = nil, includeDeleted: Bool = false
    ) throws -> [EntryInfo] {
        try read { db in
            var (clauses, arguments) = try Self.entryFilter(db, habit: habit, from: from, to: to)
            if !includeDeleted { clauses.append("e.deleted_at IS NULL") }
            let filter = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
            return try Row.fetchAll(
                db, sql: "\(Self.entrySelect) \(filter) ORDER BY e.day_key, e.id", arguments: arguments
            ).map(Self.entryInfo)
        }
    }

    /// One entry by id (deleted or not), or nil.
    public func entry(id: Int64) throws -> EntryInfo? {
        try read { db in
            try Row.fetchOne(db, sql: "\(Self.entrySelect) WHERE e.id = ?", arguments: [id]).map(Self.entryInfo)
        }
    }

    /// Soft-deletes an entry: sets its `deletedAt`; metrics stop counting it.
    /// An unknown id throws `unknownEntry`, an already deleted one `entryAlreadyDeleted`.
    @discardableResult
    public func deleteEntry(id: Int64, at instant: Date = Date()) throws -> EntryInfo {
        try write { db in
            let entry = try Self.fetchEntry(db, id: id)
            guard entry.deletedAt == nil else { throw StoreError.entryAlreadyDeleted(id) }
            try db.execute(
                sql: "UPDATE habit_entry SET deleted_at = ? WHERE id = ?", arguments: [Timestamp.format(instant), id])
            return try Self.fetchEntry(db, id: id)
        }
    }

    /// Corrects an entry's value, checked against its habit's kind: binary habits take
    /// no value, quantity habits a finite value ≥ 0. A deleted entry cannot be edited.
    @discardableResult
    public func editEntry(id: Int64, value: Double?) throws -> EntryInfo {
        try write { db in
            let entry = try Self.fetchEntry(db, id: id)
            guard entry.deletedAt == nil else { throw StoreError.entryDeleted(id) }
            var resolver = HabitResolver(db: db, now: Date())
            guard let habit = try resolver.find(entry.habit) else { throw StoreError.unknownHabit(entry.habit) }
            if habit.measure == nil {
                if value != nil { throw StoreError.valueForBinaryHabit(habit: habit.name) }
            } else {
                guard let value else { throw StoreError.valueRequired(habit: habit.name) }
                guard value.isFinite, value >= 0 else { throw StoreError.invalidValue(habit: habit.name, value: value) }
            }
            try db.execute(sql: "UPDATE habit_entry SET value = ? WHERE id = ?", arguments: [value, id])
            return try Self.fetchEntry(db, id: id)
        }
    }

    /// Keys (`HabitName.key`) of habits with a live entry on `dayKey`: what a run shows
    /// as `already-done`.
    public func liveHabitKeys(on dayKey: DayKey) throws -> Set<String> {
        try read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT h.name_key FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                        WHERE e.day_key = ? AND e.deleted_at IS NULL
                        """, arguments: [dayKey.description]))
        }
    }

    /// Live entries reduced for metrics, in one query: optionally only some habits (by
    /// `HabitName.key`) and from a DayKey, up to `to` inclusive; ordered by habit key,
    /// DayKey, id.
    public func metricEntries(habitKeys: Set<String>? = nil, from: DayKey? = nil, to: DayKey) throws -> [MetricEntry] {
        try read { db in
            var sql = """
                SELECT h.name_key, e.day_key, e.value FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                WHERE e.deleted_at IS NULL AND e.day_key <= ?
                """
            var arguments: StatementArguments = [to.description]
            if let from {
                sql += " AND e.day_key >= ?"
                _ = arguments.append(contentsOf: [from.description])
            }
            if let habitKeys {
                guard !habitKeys.isEmpty else { return [] }
                sql += " AND h.name_key IN (\(Array(repeating: "?", count: habitKeys.count).joined(separator: ",")))"
                _ = arguments.append(contentsOf: StatementArguments(habitKeys.sorted()))
            }
            sql += " ORDER BY h.name_key, e.day_key, e.id"
            // Rows are copied (not read through a cursor) so that a value of the wrong
            // type written by hand is an error rather than SQLite's silent conversion.
            return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row -> MetricEntry? in
                guard let day = DayKey(try row.decode(atIndex: 1) as String) else { return nil }
                return MetricEntry(habitKey: try row.decode(atIndex: 0), dayKey: day, value: try row.decode(atIndex: 2))
            }
        }
    }

    /// Every habit, by shown name.
    public func habits() throws -> [HabitInfo] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT h.id, h.name, h.name_key, m.unit, m.type, h.target, h.weekly, h.created_at, h.schedule
                    FROM habit h LEFT JOIN measure m ON m.id = h.measure_id ORDER BY h.name_key
                    """
            ).map { row in
                let unit: String? = try row.decode(atIndex: 3)
                let type: String? = try row.decode(atIndex: 4)
                var measure: Measure?
                if let unit, let type { measure = Measure(unit: unit, type: type) }
                return HabitInfo(
                    id: try row.decode(atIndex: 0), name: try row.decode(atIndex: 1), key: try row.decode(atIndex: 2),
                    measure: measure, target: try row.decode(atIndex: 5), weekly: try row.decode(atIndex: 6),
                    schedule: (try row.decode(atIndex: 8) as String?).flatMap(Schedule.init(storedText:)),
                    createdAt: Timestamp.parse(try row.decode(atIndex: 7)) ?? Date(timeIntervalSince1970: 0))
            }
        }
    }

    /// One habit by name (any spelling with the same key), or nil.
    public func habit(named name: String) throws -> HabitInfo? {
        let key = HabitResolver.storeKey(name)
        return try habits().first { $0.key == key }
    }

    /// Every habit's properties keyed by `HabitName.key`, as the walker takes them.
    public func habitSpecs() throws -> [String: HabitSpec] {
        // Not `uniqueKeysWithValues`: two stored keys that differ in bytes but are
        // canonically equivalent (a hand-edited store) must not trap; the older wins.
        Dictionary(
            try habits().sorted { $0.id < $1.id }.map { ($0.key, $0.spec) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: - Shared by entries, runs and CSV

    /// The WHERE clauses and arguments of the `habit`/`from`/`to` filters of `entries`
    /// and `entriesCSV` (alias `e` for `habit_entry`). An unknown habit throws.
    static func entryFilter(
        _ db: Database, habit: String?, from: DayKey?, to: DayKey?
    ) throws
        -> (clauses: [String], arguments: StatementArguments)
    {
        var clauses: [String] = []
        var arguments: StatementArguments = []
        if let habit {
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT id FROM habit WHERE name_key = ?", arguments: [HabitResolver.storeKey(habit)])
            else { throw StoreError.unknownHabit(HabitName.display(habit)) }
            clauses.append("e.habit_id = ?")
            _ = arguments.append(contentsOf: [id])
        }
        if let from {
            clauses.append("e.day_key >= ?")
            _ = arguments.append(contentsOf: [from.description])
        }
        if let to {
            clauses.append("e.day_key <= ?")
            _ = arguments.append(contentsOf: [to.description])
        }
        return (clauses, arguments)
    }

    static let entrySelect = """
        SELECT e.id, h.name, e.day_key, e.timestamp, e.time_zone, e.value, e.note, e.run_id, e.deleted_at
        FROM habit_entry e JOIN habit h ON h.id = e.habit_id
        """

    static func entryInfo(_ row: Row) throws -> EntryInfo {
        let deleted: String? = try row.decode(atIndex: 8)
        return EntryInfo(
            id: try row.decode(atIndex: 0), habit: try row.decode(atIndex: 1),
            dayKey: DayKey(try row.decode(atIndex: 2) as String) ?? DayKey(ordinal: 0),
            timestamp: Timestamp.parse(try row.decode(atIndex: 3)) ?? Date(timeIntervalSince1970: 0),
            timeZone: try row.decode(atIndex: 4), value: try row.decode(atIndex: 5),
            note: try row.decode(atIndex: 6), runID: try row.decode(atIndex: 7),
            deletedAt: deleted.flatMap(Timestamp.parse))
    }

    static func fetchEntry(_ db: Database, id: Int64) throws -> EntryInfo {
        guard let row = try Row.fetchOne(db, sql: "\(entrySelect) WHERE e.id = ?", arguments: [id]) else {
            throw StoreError.unknownEntry(id)
        }
        return try entryInfo(row)
    }

    /// An empty or all-white-space note is no note.
    static func cleanNote(_ note: String?) -> String? {
        guard let note, !note.allSatisfy(\.isWhitespace) else { return nil }
        return note
    }

    static func insertEntry(
        _ db: Database, habitID: Int64, dayKey: DayKey, at instant: Date, timeZone: String, value: Double?,
        note: String?, runID: String?
    ) throws -> Int64 {
        try db.cachedStatement(
            sql: """
                INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone, value, note, run_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            habitID, dayKey.description, Timestamp.format(instant), timeZone, value, note, runID,
        ])
        return db.lastInsertedRowID
    }
}
