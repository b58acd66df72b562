import Foundation
import GRDB
import RoutineCore

extension AppDatabase.Bulk {
    /// Live entries as rows, in day order then the order they were recorded, with the
    /// same filters as `entries`; `unit` is the habit's measure (nil for a binary habit),
    /// so that a fresh store recreates the habit as it was. The rows go to `body` one at
    /// a time, inside one read transaction (a consistent snapshot); `RoutineFile`'s
    /// `EntriesCSVWriter` turns them into the CSV backup.
    public func exportEntryRows(
        habit: String? = nil, from: DayKey? = nil, to: DayKey? = nil, _ body: (EntryRow) throws -> Void
    ) throws {
        try read { db in
            var (clauses, arguments) = try AppDatabase.entryFilter(db, habit: habit, from: from, to: to)
            clauses.append("e.deleted_at IS NULL")
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT h.name, e.day_key, e.value, e.note, e.timestamp, e.time_zone, e.uid, m.unit, e.id
                    FROM habit_entry e JOIN habit h ON h.id = e.habit_id LEFT JOIN measure m ON m.id = h.measure_id
                    WHERE \(clauses.joined(separator: " AND ")) ORDER BY e.day_key, e.id
                    """, arguments: arguments)
            while let row = try rows.next() {
                // A day or a timestamp that does not read back (edited by hand) stops the
                // export with the row named: a backup never carries a made-up date.
                let stored = StoredRow(row, table: EntryRecord.databaseTableName)
                try body(
                    EntryRow(
                        habit: try stored.at(0, "name"), dayKey: try stored.at(1, "day_key"),
                        value: try stored.optional(at: 2, "value"), unit: try stored.optional(at: 7, "unit"),
                        note: try stored.optional(at: 3, "note"),
                        timestamp: try stored.at(4, "timestamp", as: StoredInstant.self).date,
                        timeZone: try stored.at(5, "time_zone"),
                        uid: (try stored.optional(at: 6, "uid", as: StoredUID.self)).flatMap {
                            UUID(uuidString: $0.text)
                        }))
            }
        }
    }

    /// `importEntries(from:now:)` over rows already in memory; an error names the
    /// columns of the CSV header `uid,habit,dayKey,value,unit,…`.
    public func importEntries(rows: [EntryRow], now: Date, createHabits: Bool = true) throws -> EntryImportResult {
        var source = EntryRowList(rows)
        return try importEntries(from: &source, now: now, createHabits: createHabits)
    }

    /// Writes checked entry rows in one transaction: all rows or none.
    ///
    /// Each row follows `logEntry`'s rules and goes through the same get-or-create path
    /// (a new habit is binary without a value, else a quantity in the row's unit). A
    /// row whose `uid` is already stored (deleted entries included), or came earlier
    /// from the same source, is skipped and counted, so loading a file twice changes
    /// nothing; a row without a uid gets a new one, unless it equals an entry stored
    /// before the import (habit, day, value, note and timestamp; deleted entries
    /// included, as for uids; the timestamp only when the row gives one): then it is
    /// skipped and counted too, so a file written by
    /// hand can be loaded twice as well. Rows of one file are never compared with each
    /// other (two equal rows are two entries). The first row a rule refuses throws
    /// `StoreError.invalidEntryRow` with its line and the source's column for the
    /// field; a habit the store does not have throws `unknownHabitInRow` unless
    /// `createHabits` (`import-entries --new`, as `log --new`). An error of the source
    /// itself (a CSV file that cannot be read) comes through unchanged. `now` is when
    /// new habits are created.
    public func importEntries(
        from source: inout some EntryRowSource, now: Date, createHabits: Bool = true
    ) throws
        -> EntryImportResult
    {
        // A bulk load reads its rows on a thread of their own (`PrefetchedEntryRows`).
        guard source.rowsAtMost >= Self.bulkLoadRows else {
            return try importRows(from: &source, now: now, createHabits: createHabits)
        }
        var prefetched = PrefetchedEntryRows(source)
        defer { prefetched.stop() }
        return try importRows(from: &prefetched, now: now, createHabits: createHabits)
    }

    /// The rows a load must have at least to be loaded in bulk: its rows read ahead, the
    /// entry table's indexes built again after (`dropEntryIndexesForBulkLoad`).
    static let bulkLoadRows = 50_000

    private func importRows(
        from source: inout some EntryRowSource, now: Date, createHabits: Bool
    ) throws
        -> EntryImportResult
    {
        // `write` turns any error it does not know into `StoreError.database`: the
        // source's own error is kept here and thrown as it was.
        var sourceError: (any Error)?
        do {
            // A bulk load's habit ids are the resolver's, found or made in its transaction.
            return try write(checkingForeignKeys: source.rowsAtMost < Self.bulkLoadRows) { db in
                try db.withLargePageCache {
                    let stored = try StoredEntrySignatures(db)
                    // Into an empty store no row can be one already stored: no uid lookups.
                    // Uids read from the file are random: their index is built once at the
                    // end like the others. Uids made here come in order (`UIDPool`): their
                    // index grows at one edge as the rows go in, cheaper than a sort.
                    let capture = try SyncSnapshot.suspendEntryCapture(db)
                    let indexes = try AppDatabase.dropEntryIndexesForBulkLoad(
                        db, rowsAtMost: source.rowsAtMost, includingUIDs: stored.isEmpty && source.carriesUIDs)
                    var resolver = HabitResolver(db: db, now: now)
                    var inserter = try EntryBulkInserter(db)
                    let uids = UIDPool(now: now)
                    var count = 0
                    var skipped = 0
                    var seenUIDs: Set<UUID> = []
                    while let row = try AppDatabase.next(keeping: &sourceError, { try source.next() }) {
                        var givenUID: (UInt64, UInt64)?
                        if let given = row.uid {
                            let uid = AppDatabase.uidBytes(given)
                            if try !seenUIDs.insert(given).inserted || (!stored.isEmpty && inserter.exists(uid: uid)) {
                                skipped += 1
                                continue
                            }
                            givenUID = uid
                        }
                        let resolved: (id: Int64, value: Double?)
                        do {
                            if !createHabits, try !resolver.exists(row.habit) {
                                throw StoreError.unknownHabitInRow(
                                    line: row.line, column: source.column(of: .habit),
                                    name: HabitName.display(row.habit))
                            }
                            resolved = try resolver.entryHabit(row.habit, value: row.value, unit: row.unit)
                        } catch let error as StoreError {
                            if case .unknownHabitInRow = error { throw error }
                            throw StoreError.invalidEntryRow(
                                line: row.line, column: source.column(of: AppDatabase.field(blamedBy: error)),
                                message: error.message)
                        }
                        let note = AppDatabase.cleanNote(row.note)
                        if row.uid == nil, !stored.isEmpty,
                            stored.contains(
                                habitID: resolved.id, dayKey: row.dayKey.description, value: resolved.value, note: note,
                                timestamp: row.timestampGiven ? Instant.format(row.timestamp) : nil)
                        {
                            skipped += 1
                            continue
                        }
                        try inserter.insert(
                            habitID: resolved.id, dayKey: row.dayKey, timestamp: row.timestamp,
                            timestampText: row.timestampText, timeZone: row.timeZone, value: resolved.value, note: note,
                            uid: givenUID ?? uids.next())
                        count += 1
                    }
                    try inserter.finish()
                    for sql in indexes { try db.execute(sql: sql) }
                    try SyncSnapshot.resumeEntryCapture(db, capture)
                    return EntryImportResult(imported: count, alreadyPresent: skipped)
                }
            }
        } catch {
            throw sourceError ?? error
        }
    }
}

extension AppDatabase {
    /// A source's next row (a bulk load's); the source's own error is kept in
    /// `sourceError` as well as thrown, for the caller to throw as it was after `write`
    /// (which turns any error it does not know into `StoreError.database`).
    static func next<Row>(keeping sourceError: inout (any Error)?, _ read: () throws -> Row?) throws -> Row? {
        do {
            return try read()
        } catch {
            sourceError = error
            throw error
        }
    }

    /// The field an entry-rule error is about.
    static func field(blamedBy error: StoreError) -> EntryRow.Field {
        switch error {
        case .valueForBinaryHabit, .valueRequired, .invalidValue: .value
        case .unitMismatch: .unit
        default: .habit
        }
    }

    /// For a load that may be larger than the entries already stored (and at least
    /// `atLeast` rows: 50,000 unless a test says), drops the entry table's indexes and
    /// returns their SQL, to be run again after the rows are in: building an index once
    /// from sorted keys is cheaper than updating it row by row (an import, a pull:
    /// `PulledEntryIndexes`). All in the load's transaction, so a failed import
    /// rolls the indexes back with the rows. The uid index stays unless
    /// `includingUIDs` (an empty store, where no row is looked up in it): each row of a
    /// load into a store with entries is looked up in it.
    static func dropEntryIndexesForBulkLoad(
        _ db: Database, rowsAtMost: Int, includingUIDs: Bool, atLeast: Int = Bulk.bulkLoadRows
    ) throws
        -> [String]
    {
        guard rowsAtMost >= atLeast else { return [] }
        let stored = try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entry") ?? 0
        guard rowsAtMost > stored else { return [] }
        // The trigger that gives a row without a uid one: every loaded row has one, and
        // SQLite still ran the trigger's test for each (a seventh of the load).
        return try setAside(
            db,
            where: """
                tbl_name = 'habit_entry'
                  AND ((type = 'index' AND (? OR name <> 'habit_entry_uid'))
                    OR (type = 'trigger' AND name = 'habit_entry_uid_default'))
                """, arguments: [includingUIDs])
    }

    /// Drops the triggers of these names that the store has and returns their SQL, to be
    /// run again after a bulk write (in the same transaction) that none of them acts on:
    /// SQLite enters a row trigger for every row, even when its WHEN is false.
    static func setAside(_ db: Database, triggers names: [String]) throws -> [String] {
        try setAside(db, type: "trigger", names: names)
    }

    /// Drops the indexes of these names that the store has and returns their SQL, to be
    /// run again later in the same transaction (`PulledEntryIndexes`: the uid index).
    static func setAside(_ db: Database, indexes names: [String]) throws -> [String] {
        try setAside(db, type: "index", names: names)
    }

    private static func setAside(_ db: Database, type: String, names: [String]) throws -> [String] {
        try setAside(
            db, where: "type = ? AND name IN (\(databaseQuestionMarks(count: names.count)))",
            arguments: StatementArguments([type] + names))
    }

    /// Drops the indexes and triggers `filter` keeps (an SQL condition on `sqlite_master`)
    /// and returns their SQL, to be run again later in the same transaction.
    private static func setAside(
        _ db: Database, where filter: String, arguments: StatementArguments
    ) throws
        -> [String]
    {
        let dropped = try Row.fetchAll(
            db,
            sql: "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND \(filter) ORDER BY type, name",
            arguments: arguments)
        var statements: [String] = []
        for item in dropped {
            let name: String = item["name"]
            try db.execute(sql: "DROP \(item["type"] as String) \(name.quotedDatabaseIdentifier)")
            statements.append(item["sql"])
        }
        return statements
    }
}
