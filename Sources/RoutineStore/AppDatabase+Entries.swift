import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Entries {
    /// Appends one entry by hand (`routine log`), creating the habit if it is new.
    ///
    /// SPEC §5.4: a new habit is a quantity habit when a value is given (in `unit`, else
    /// a plain count: unit `count`, type `count`), else binary. A value for a binary
    /// habit, no value for a quantity habit without target, or a unit other than the
    /// habit's throws; a quantity habit with a target records the target when no value
    /// is given. Every call appends: two walks on one day are two entries.
    public func logEntry(
        habit: String, value: Double?, unit: String?, dayKey: DayKey, at instant: Date, timeZone: String,
        note: String?, createHabit: Bool = true
    ) throws -> EntryInfo {
        try AppDatabase.checkText(note, what: "the note", allowingLineBreaks: true)
        try AppDatabase.checkText(unit, what: "the unit")
        return try write { db in
            var resolver = HabitResolver(db: db, now: instant)
            if !createHabit, try resolver.find(habit) == nil { throw StoreError.unknownHabit(HabitName.display(habit)) }
            let (row, resolved) = try resolver.habitForEntry(habit, value: value, unit: unit)
            let id = try AppDatabase.insertEntry(
                db, habitID: row.id, dayKey: dayKey, at: instant, timeZone: timeZone, value: resolved,
                note: AppDatabase.cleanNote(note), runID: nil)
            return try AppDatabase.fetchEntry(db, id: id)
        }
    }

    /// Entries, oldest DayKey first (then by id), optionally for one habit and between two
    /// DayKeys (inclusive). Deleted entries only with `includeDeleted`. An unknown habit
    /// name throws `unknownHabit`.
    public func list(
        habit: String? = nil, from: DayKey? = nil, to: DayKey? = nil, includeDeleted: Bool = false
    ) throws -> [EntryInfo] {
        try read { db in
            var (clauses, arguments) = try AppDatabase.entryFilter(db, habit: habit, from: from, to: to)
            if !includeDeleted { clauses.append("e.deleted_at IS NULL") }
            let filter = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
            return try EntryListing.fetchAllChecked(
                db, sql: "\(AppDatabase.entrySelect) \(filter) ORDER BY e.day_key, e.id", arguments: arguments
            ).map(\.info)
        }
    }

    /// One entry by id (deleted or not), or nil.
    public func entry(id: EntryID) throws -> EntryInfo? {
        try read { db in
            try EntryListing.fetchOneChecked(db, sql: "\(AppDatabase.entrySelect) WHERE e.id = ?", arguments: [id])?
                .info
        }
    }

    /// Soft-deletes an entry: sets its `deletedAt`; metrics stop counting it.
    /// An unknown id throws `unknownEntry`, an already deleted one `entryAlreadyDeleted`.
    @discardableResult
    public func deleteEntry(id: EntryID, at instant: Date) throws -> EntryInfo {
        try write { db in try Self.deleteEntry(db, id: id, at: instant) }
    }

    /// The live entry recorded last: the highest id, since ids grow with each entry
    /// written to this store (`log`, a run, an import), whatever day it is for.
    public func lastRecordedEntry() throws -> EntryInfo? {
        try read { db in
            try EntryListing.fetchOneChecked(
                db, sql: "\(AppDatabase.entrySelect) WHERE e.deleted_at IS NULL ORDER BY e.id DESC LIMIT 1"
            )?.info
        }
    }

    /// Soft-deletes several entries in one transaction: all of them, or none when one is
    /// unknown or already deleted (`delete 54 55` never half-happens).
    @discardableResult
    public func deleteEntries(ids: [EntryID], at instant: Date) throws -> [EntryInfo] {
        try write { db in try ids.map { try Self.deleteEntry(db, id: $0, at: instant) } }
    }

    private static func deleteEntry(_ db: Database, id: EntryID, at instant: Date) throws -> EntryInfo {
        let entry = try AppDatabase.fetchEntry(db, id: id)
        guard entry.deletedAt == nil else { throw StoreError.entryAlreadyDeleted(id) }
        try EntryRecord.filter(key: id).updateAll(db, EntryRecord.Columns.deletedAt.set(to: StoredInstant(instant)))
        return try AppDatabase.fetchEntry(db, id: id)
    }

    /// Corrects an entry's value, checked against its habit's kind: binary habits take
    /// no value, quantity habits a finite value ≥ 0. A deleted entry cannot be edited.
    @discardableResult
    public func editEntry(id: EntryID, value: Double?) throws -> EntryInfo {
        try editEntry(id: id, corrections: [.value(value)])
    }

    /// Applies corrections to one live entry in one transaction: all or none.
    /// A note holding a control character throws `controlCharacter`; an empty note
    /// removes it.
    @discardableResult
    public func editEntry(id: EntryID, corrections: [EntryCorrection]) throws -> EntryInfo {
        try write { db in
            let entry = try AppDatabase.fetchEntry(db, id: id)
            guard entry.deletedAt == nil else { throw StoreError.entryDeleted(id) }
            for correction in corrections {
                switch correction {
                case .value(let value):
                    guard let habit = try HabitResolver.lookup(db, entry.habit) else {
                        throw StoreError.unknownHabit(entry.habit)
                    }
                    let checked = try habit.entryValue(value, orTarget: false)
                    try EntryRecord.filter(key: id).updateAll(db, EntryRecord.Columns.value.set(to: checked))
                case .note(let note):
                    try AppDatabase.checkText(note, what: "the note", allowingLineBreaks: true)
                    try EntryRecord.filter(key: id).updateAll(
                        db, EntryRecord.Columns.note.set(to: AppDatabase.cleanNote(note)))
                }
            }
            return try AppDatabase.fetchEntry(db, id: id)
        }
    }

    /// Brings back a deleted entry: metrics count it again. An unknown id throws
    /// `unknownEntry`, a live one `entryNotDeleted`.
    @discardableResult
    public func undeleteEntry(id: EntryID) throws -> EntryInfo {
        try write { db in
            let entry = try AppDatabase.fetchEntry(db, id: id)
            guard entry.deletedAt != nil else { throw StoreError.entryNotDeleted(id) }
            try EntryRecord.filter(key: id).updateAll(db, EntryRecord.Columns.deletedAt.set(to: nil))
            return try AppDatabase.fetchEntry(db, id: id)
        }
    }
}

extension AppDatabase {
    /// Throws `controlCharacter` when a text from outside holds a control character
    /// (SPEC §11: text is text, never terminal commands; `TerminalText` says which are).
    /// An entry's note may hold line breaks; no other text does.
    static func checkText(_ text: String?, what: String, allowingLineBreaks: Bool = false) throws {
        guard let text, let scalar = TerminalText.firstControl(in: text, allowingLineBreaks: allowingLineBreaks)
        else { return }
        throw StoreError.controlCharacter(what: what, scalar: TerminalText.name(scalar))
    }
}

extension AppDatabase.Entries {
    /// Keys (`HabitName.key`) of habits with a live entry on `dayKey`: what a run shows
    /// as `already-done`.
    public func liveHabitKeys(on dayKey: DayKey) throws -> Set<HabitKey> {
        try read { db in try readCache.liveHabitKeys(db, on: dayKey) { try Self.liveHabitKeys(db, on: dayKey) } }
    }

    private static func liveHabitKeys(_ db: Database, on dayKey: DayKey) throws -> Set<HabitKey> {
        // A day target decides (SPEC §18.1): an at-least habit below it is not done yet
        // (a run asks for more), and an at-most habit is asked how many whatever is logged.
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT h.name_key, h.day_target, h.measure_id IS NOT NULL, count(*), total(e.value)
                FROM habit_entry e JOIN habit h ON h.id = e.habit_id
                WHERE e.day_key = ? AND e.deleted_at IS NULL GROUP BY h.id
                """, arguments: [dayKey.description])
        var keys = Set<HabitKey>()
        for row in rows {
            let stored = StoredRow(row, table: "habit")
            let target: DayTarget? = try stored.optional(at: 1, "day_target")
            if target?.isAtMost == true { continue }
            let rule = DoneRule(target: target, isQuantity: row[2])
            if rule.isDone(count: row[3], sum: row[4]) { keys.insert(try stored.at(0, "name_key")) }
        }
        return keys
    }

    /// Live entries reduced for metrics, in one query: optionally only some habits (by
    /// `HabitName.key`) and from a DayKey, up to `to` inclusive; ordered by habit key,
    /// DayKey, id.
    public func metricEntries(habitKeys: Set<HabitKey>? = nil, from: DayKey? = nil, to: DayKey) throws -> [MetricEntry]
    {
        try read { db in
            var sql = """
                SELECT h.name_key, e.day_key, e.value, e.id FROM habit_entry e JOIN habit h ON h.id = e.habit_id
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
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row -> MetricEntry in
                let stored = StoredRow(row, table: EntryRecord.databaseTableName)
                return MetricEntry(
                    habitKey: try stored.at(0, "name_key"), dayKey: try stored.at(1, "day_key"),
                    value: try stored.optional(at: 2, "value"))
            }
        }
    }
}

extension AppDatabase.Habits {
    /// Every habit, by shown name; archived ones only with `includeArchived`.
    public func all(includeArchived: Bool = true) throws -> [HabitInfo] {
        try read { db in
            try readCache.habits(db, includeArchived: includeArchived) {
                try HabitWithMeasure.fetchAll(
                    db, where: (includeArchived ? "" : "WHERE h.archived_at IS NULL ") + "ORDER BY h.name_key"
                ).map(\.info)
            }
        }
    }

    /// One habit by name (any spelling with the same key), or nil.
    public func habit(named name: String) throws -> HabitInfo? {
        try read { db in
            try HabitWithMeasure.fetchOne(db, where: "WHERE h.name_key = ?", arguments: [HabitKey(name)])?.info
        }
    }

    /// Every habit's properties keyed by `HabitName.key`, as the walker takes them.
    public func habitSpecs() throws -> [HabitKey: HabitSpec] {
        // Not `uniqueKeysWithValues`: two stored keys that differ in bytes but are
        // canonically equivalent (a hand-edited store) must not trap; the older wins.
        Dictionary(
            try all().sorted { $0.id < $1.id }.map { ($0.key, $0.spec) }, uniquingKeysWith: { first, _ in first })
    }
}

extension AppDatabase {
    // MARK: - Shared by entries, runs and CSV

    /// The WHERE clauses and arguments of the `habit`/`from`/`to` filters of `entries`
    /// and `exportEntryRows` (alias `e` for `habit_entry`). An unknown habit throws.
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
                    db, sql: "SELECT id FROM habit WHERE name_key = ?", arguments: [HabitKey(habit)])
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

    /// Entries with their habit's shown name, as `EntryListing` reads them (a join, so SQL;
    /// callers add the WHERE and ORDER BY, alias `e` for `habit_entry`).
    static let entrySelect = "SELECT e.*, h.name AS habit FROM habit_entry e JOIN habit h ON h.id = e.habit_id"

    static func fetchEntry(_ db: Database, id: EntryID) throws -> EntryInfo {
        guard let entry = try EntryListing.fetchOneChecked(db, sql: "\(entrySelect) WHERE e.id = ?", arguments: [id])
        else { throw StoreError.unknownEntry(id) }
        return entry.info
    }

    /// An empty or all-white-space note is no note.
    static func cleanNote(_ note: String?) -> String? {
        guard let note, !note.allSatisfy(\.isWhitespace) else { return nil }
        return note
    }

    /// A new entry uid: a random UUID (version 4), lower-case (the form CSV and JSON
    /// show). From `SystemRandomNumberGenerator` (`getrandom`): Foundation's `UUID()`
    /// opens, reads and closes /dev/urandom for each one on Linux, three system calls
    /// per row of a bulk load (a quarter of a 365,000-row import). Written by hand:
    /// `UUID.uuidString` formats through `snprintf`, a tenth of such an import's
    /// instructions.
    static func newUID() -> String {
        uidText(bytes: newUIDBytes())
    }

    /// A new uid's 16 bytes (version 4), as the store keeps them (v13-uid-blobs).
    static func newUIDBytes() -> (UInt64, UInt64) {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
        }
        return bytes
    }

    /// The uid text of 16 bytes as they are (version and variant set by the caller).
    static func uidText(bytes: (UInt64, UInt64)) -> String {
        withUnsafeBytes(of: bytes) { hexText($0) }
    }

    /// The stored (lower-case) text of a uid read from a file: `UUID.uuidString`
    /// formats through `snprintf`, and a bulk load of exported rows has one per row.
    static func uidText(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { hexText($0) }
    }

    /// The 16 bytes of a uid read from a file, as the store keeps them.
    static func uidBytes(_ uuid: UUID) -> (UInt64, UInt64) {
        unsafeBitCast(uuid.uuid, to: (UInt64, UInt64).self)
    }

    /// 16 bytes as `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lower-case.
    private static func hexText(_ raw: UnsafeRawBufferPointer) -> String {
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = hex(raw[index] >> 4)
                text[position + 1] = hex(raw[index] & 0x0F)
                position += 2
            }
            return position
        }
    }

    /// The one statement that writes an entry: every way in (a run's answer, `log`, a
    /// CSV bulk load through `EntryBulkInserter`) binds these eight values.
    static let insertEntrySQL = insertEntriesSQL(rows: 1)

    /// The same statement for `rows` entries at once (a bulk load).
    static func insertEntriesSQL(rows: Int) -> String {
        "INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone, value, note, run_id, uid) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    static func insertEntry(
        _ db: Database, habitID: Int64, dayKey: DayKey, at instant: Date, timeZone: String, value: Double?,
        note: String?, runID: RunID?
    ) throws -> EntryID {
        try db.cachedStatement(sql: insertEntrySQL).execute(arguments: [
            habitID, dayKey.description, Instant.format(instant), timeZone, value, note, runID,
            StoredUID.blob(newUIDBytes()),
        ])
        return EntryID(rawValue: db.lastInsertedRowID)
    }
}
