import Foundation
import GRDB
import RoutineCore

/// A habit's recorded outcome on a day (SPEC §14.1), as the ledger reads it: from a run
/// of this store or from steps without one (another device's run, pulled by sync).
public struct LedgerStep: Sendable, Equatable {
    public var routine: String
    public var day: DayKey
    /// The habit, by the name the step recorded: its index in `LedgerRecords.habits`.
    public var habit: Int
    /// `done`, `already-done`, `skipped`, `declined`, `later`, `not-due`, or a kind this
    /// version does not know (the ledger refuses it, naming it).
    public var outcome: String
    public var reason: String?
}

/// A run of this store as the ledger reads it: its routine, its day, whether it is finished.
public struct LedgerRun: Sendable, Equatable {
    public var routine: String
    public var day: DayKey
    public var finished: Bool
}

/// Everything the ledger reads of the store, from one read (one snapshot, so a writer
/// between two queries cannot make the entries and the steps disagree).
public struct LedgerRecords: Sendable {
    /// Every habit key the records name, each once: the stored habits' (in the table's
    /// order), then the names only steps recorded. The records name a habit by its index
    /// here (an array look-up where a name would be hashed: tens of thousands of steps).
    public var habits: [HabitKey]
    /// Each habit's live entries on or before the last day, by its index in `habits`
    /// (shorter than `habits`: the names only steps recorded have none), by day and then
    /// in the order they were written.
    public var entries: [[EntrySample]]
    /// Every live habit step on or before the last day, by day and routine, a routine-day's
    /// in the order they were written.
    public var steps: [LedgerStep]
    /// Every routine-day with steps (of any kind) recorded without a run of this store.
    public var elsewhere: Set<RoutineDayKey>
    /// Every run of this store on or before the last day.
    public var runs: [LedgerRun]
}

extension AppDatabase.Ledger {
    /// What the ledger reads of the runs and entries from `from` (nil: the first) through
    /// `to` (SPEC §17.5: a pulled run is a run): lean scans for lifetimes of rows. The big
    /// tables are read without joins (ids are mapped to names from the small tables
    /// first), through the indexes of migration v14-ledger-covering, which hold all the
    /// ledger reads of them (a window: through the day indexes); runs are read from their
    /// day index, never their saved states. Rows are decoded where SQLite holds them
    /// (`LedgerScan`), as strictly as elsewhere.
    ///
    /// With `entriesOf`, only those habits' entries are read (the others' are empty), so
    /// a ledger of a few habits costs their entries, not every one.
    public func records(
        from: DayKey? = nil, to: DayKey, entriesOf: Set<HabitKey>? = nil
    ) throws
        -> LedgerRecords
    {
        try read { db in
            let last = to.description
            let days = from == nil ? "day_key <= ?" : "day_key BETWEEN ? AND ?"
            let bounds: StatementArguments = from.map { [$0.description, last] } ?? [last]
            // Each habit key is interned once: the records carry its index.
            var habits: [HabitKey] = []
            var indexOfKey: [HabitKey: Int] = [:]
            func intern(_ key: HabitKey) -> Int {
                if let index = indexOfKey[key] { return index }
                indexOfKey[key] = habits.count
                habits.append(key)
                return habits.count - 1
            }
            var habitOfID: [Int64: Int] = [:]
            // The ids of the habits whose entries are read, in the table's order.
            var entryIDs: [Int64] = []
            for row in try Row.fetchAll(db, sql: "SELECT id, name_key FROM habit") {
                let stored = StoredRow(row, table: "habit")
                let (id, key): (Int64, HabitKey) = (try stored.at(0, "id"), try stored.at(1, "name_key"))
                habitOfID[id] = intern(key)
                if entriesOf?.contains(key) ?? true { entryIDs.append(id) }
            }
            var slugOfRoutine: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, slug FROM routine") {
                let stored = StoredRow(row, table: "routine")
                slugOfRoutine[try stored.at(0, "id")] = try stored.at(1, "slug")
            }
            var slugOfVersion: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, routine_id FROM routine_version") {
                let stored = StoredRow(row, table: "routine_version")
                slugOfVersion[try stored.at(0, "id")] = slugOfRoutine[try stored.at(1, "routine_id")]
            }

            // Entries by habit, each habit's in day order. The whole history: each habit's
            // rows from `habit_entry_ledger`, where they are together, by one statement
            // bound to each habit in turn (no row carries its habit, a column read per
            // row; the rows after the last day are not read; with `entriesOf`, the other
            // habits' rows are not stepped over). A window: through the day index, the
            // habits not asked for skipped.
            var entries = [[EntrySample]](repeating: [], count: habits.count)
            let lastOrdinal = to.ordinal
            if from != nil {
                let read = Set(entryIDs)
                var rows = try LedgerScan(
                    db, "habit_id, day_key, value", from: EntryRecord.databaseTableName,
                    where: "deleted_at IS NULL AND day_key BETWEEN ? AND ?", arguments: bounds)
                while try rows.next() {
                    let habitID = try rows.int64(0, "habit_id")
                    guard read.contains(habitID), let habit = habitOfID[habitID] else { continue }
                    entries[habit].append(
                        EntrySample(day: try rows.day(1, "day_key").ordinal, value: try rows.optionalDouble(2, "value"))
                    )
                }
            } else if let firstID = entryIDs.first {
                var rows = try LedgerScan(
                    db, "day_key, value", from: EntryRecord.databaseTableName, indexedBy: "habit_entry_ledger",
                    where: "deleted_at IS NULL AND habit_id = ?", arguments: [firstID])
                for id in entryIDs {
                    guard let habit = habitOfID[id] else { continue }
                    try rows.restart([id])
                    // Gathered apart, then stored: appending through `entries[habit]`
                    // checks both arrays' uniqueness per row.
                    var samples: [EntrySample] = []
                    while try rows.next() {
                        let day = try rows.day(0, "day_key").ordinal
                        if day > lastOrdinal { break }
                        samples.append(EntrySample(day: day, value: try rows.optionalDouble(1, "value")))
                    }
                    entries[habit] = samples
                }
            }

            var steps: [LedgerStep] = []
            // A step names its habit by text: each text is folded to its key and interned
            // once, then recognised by its bytes (no `String` made per step).
            var habitOfText: [String: Int] = [:]
            var textIndex = TextIndex()
            var stepRows = try LedgerScan(
                db, "routine_id, day_key, text, outcome, reason", from: "run_step", indexedBy: "run_step_ledger",
                where: "kind = 'habit' AND retracted_at IS NULL AND \(days)", arguments: bounds)
            // A run's steps are read together: its routine is looked up once.
            var (lastRoutineID, lastSlug): (Int64, String?) = (-1, nil)
            while try stepRows.next() {
                let routineID = try stepRows.int64(0, "routine_id")
                if routineID != lastRoutineID { (lastRoutineID, lastSlug) = (routineID, slugOfRoutine[routineID]) }
                guard let routine = lastSlug else { continue }
                let day = try stepRows.day(1, "day_key")
                let habit = try stepRows.withBytes(2, "text") { bytes in
                    if let known = textIndex[bytes] { return known }
                    let text = String(decoding: bytes, as: UTF8.self)
                    let habit: Int
                    if let known = habitOfText[text] {
                        habit = known
                    } else {
                        habit = intern(HabitKey(text))
                        habitOfText[text] = habit
                    }
                    textIndex.add(bytes, habit)
                    return habit
                }
                steps.append(
                    LedgerStep(
                        routine: routine, day: day, habit: habit, outcome: try stepRows.word(3, "outcome"),
                        reason: try stepRows.optionalText(4, "reason")))
            }

            // The routine-days with steps recorded without a run of this store (few: pulled).
            var elsewhere = Set<RoutineDayKey>()
            var pulledRows = try LedgerScan(
                db, "routine_id, day_key", from: "run_step", indexedBy: "run_step_pulled",
                where: "run_id IS NULL AND retracted_at IS NULL AND \(days)", arguments: bounds)
            while try pulledRows.next() {
                guard let routine = slugOfRoutine[try pulledRows.int64(0, "routine_id")] else { continue }
                elsewhere.insert(RoutineDayKey(routine: routine, day: try pulledRows.day(1, "day_key")))
            }

            var runs: [LedgerRun] = []
            var runRows = try LedgerScan(
                db, "routine_version_id, day_key, status IN ('completed', 'aborted')", from: "run",
                where: days, arguments: bounds)
            while try runRows.next() {
                guard let routine = slugOfVersion[try runRows.int64(0, "routine_version_id")] else { continue }
                runs.append(
                    LedgerRun(
                        routine: routine, day: try runRows.day(1, "day_key"), finished: try runRows.bool(2, "status")))
            }
            return LedgerRecords(habits: habits, entries: entries, steps: steps, elsewhere: elsewhere, runs: runs)
        }
    }

    /// Each habit's first day with a live entry or a recorded step (of this store's runs
    /// or pulled), whatever its day: what a ledger reading a window of days (SPEC §17)
    /// needs of the days before it. Index look-ups only (`habit_entry_ledger`, and
    /// `run_step_habit_day` per name a step recorded), however long the history.
    public func firstDays() throws -> [HabitKey: DayKey] {
        try read { db in
            var first: [HabitKey: DayKey] = [:]
            func note(_ key: HabitKey, _ day: DayKey) { first[key] = min(first[key] ?? day, day) }
            // One statement, bound to each habit in turn (a statement is costly to prepare).
            let firstEntry = try db.makeStatement(
                sql: """
                    SELECT day_key, id FROM habit_entry WHERE habit_id = ? AND deleted_at IS NULL
                    ORDER BY day_key LIMIT 1
                    """)
            for row in try Row.fetchAll(db, sql: "SELECT id, name_key FROM habit") {
                let stored = StoredRow(row, table: "habit")
                let key: HabitKey = try stored.at(1, "name_key")
                if let entry = try Row.fetchOne(firstEntry, arguments: [try stored.at(0, "id") as Int64]) {
                    note(key, try StoredRow(entry, table: EntryRecord.databaseTableName).at(0, "day_key"))
                }
            }
            // Each name a step recorded, and its first day: two index look-ups per name.
            let names = try Row.fetchAll(
                db,
                sql: """
                    WITH RECURSIVE name(text) AS (
                      SELECT min(text) FROM run_step WHERE kind = 'habit' AND retracted_at IS NULL
                      UNION ALL
                      SELECT (SELECT min(text) FROM run_step
                              WHERE kind = 'habit' AND retracted_at IS NULL AND text > name.text)
                      FROM name WHERE name.text IS NOT NULL)
                    SELECT text, (SELECT min(day_key) FROM run_step
                                  WHERE kind = 'habit' AND retracted_at IS NULL AND text = name.text)
                    FROM name WHERE text IS NOT NULL
                    """)
            for row in names {
                let stored = StoredRow(row, table: "run_step")
                note(HabitKey(try stored.at(0, "text") as String), try stored.at(1, "day_key"))
            }
            return first
        }
    }
}

/// Texts recognised by their bytes: an index per distinct text, found by an FNV-1a hash
/// of the bytes and confirmed by comparing them (a text whose hash another text holds is
/// not found, and is looked up by its `String` instead).
private struct TextIndex {
    private var known: [UInt64: (bytes: [UInt8], value: Int)] = [:]

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        return hash
    }

    subscript(bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let entry = known[Self.hash(bytes)], entry.bytes.count == bytes.count,
            bytes.isEmpty
                || entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
                )
        else { return nil }
        return entry.value
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Int) {
        let hash = Self.hash(bytes)
        if known[hash] == nil { known[hash] = (Array(bytes), value) }
    }
}

/// A routine on a day.
public struct RoutineDayKey: Sendable, Hashable {
    public var routine: String
    public var day: DayKey

    public init(routine: String, day: DayKey) {
        self.routine = routine
        self.day = day
    }
}
