import Foundation
import GRDB
import RoutineCore

/// What applying pulled changes did (SPEC §16.3).
public struct SyncApplyReport: Sendable, Equatable {
    /// Items applied (an item is one row's change).
    public var applied = 0
    /// Items that wait for what they refer to (kept; tried again on every sync).
    public var waiting = 0
    /// Habits with more than one live entry on a day after the pull: two devices recorded
    /// the same habit on the same day while apart. Both are kept; the person decides.
    public var sameDay: [SameDayEntries] = []
    /// What could not be applied and why, one line each.
    public var problems: [String] = []

    public init() {}
}

/// Two or more live entries of one habit on one day.
public struct SameDayEntries: Sendable, Equatable {
    public var habit: String
    public var day: DayKey
    public var ids: [EntryID]
}

extension AppDatabase.Sync {
    /// Applies pulled changes in the order given (the engine orders them by clock), then
    /// the ones that waited, in one transaction with the cursors and the clock: a crash
    /// leaves none of it, and the next sync pulls them again. Capturing is off meanwhile
    /// (a pulled change is not sent back), except where applying makes a decision other
    /// devices must learn (two habits of one name merged).
    ///
    /// Each device's changes must continue its cursor one by one (`SyncSequence`): a
    /// hole or a repeat is refused with nothing applied, so a cursor never passes a
    /// change this store has not seen (issue 31 item 1). `name` names a device in that line.
    public func applySyncChanges(
        _ changes: [IncomingChange], readRoutine: @escaping (String) -> Routine?, at now: Date,
        name: (String) -> String = { "'\($0)'" }
    ) throws -> SyncApplyReport {
        try applySyncChanges(changes, readRoutine: readRoutine, at: now, name: name, scanning: true)
    }

    /// `scanning` false: every change's entries through SQLite's JSON alone, the way the
    /// changes `SyncEntryItems` does not read go (for the tests that compare the two).
    /// `bulkRows`: the least entries for which a pull sets the entry indexes aside
    /// (`PulledEntryIndexes`; fewer in tests).
    func applySyncChanges(
        _ changes: [IncomingChange], readRoutine: @escaping (String) -> Routine?, at now: Date,
        name: (String) -> String, scanning: Bool, bulkRows: Int = AppDatabase.Bulk.bulkLoadRows
    ) throws -> SyncApplyReport {
        // The pull's statements and savepoints journal every page they change that was
        // there before (a first pull of 365,000 entries, a hundred rows a statement:
        // 160,880 pages, 660 MB, by strace), in a file unless temporary storage is in
        // memory: the kernel's part was a fifth of the pull. Set outside the transaction
        // (SQLite refuses it inside), put back after; it stores nothing.
        let temporary = try? writer.writeWithoutTransaction { db in
            let before = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            return before
        }
        defer {
            if let temporary {
                _ = try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA temp_store = \(temporary)")
                }
            }
        }
        return try writeSync { db in
            let cursors =
                Dictionary(
                    try Row.fetchAll(db, sql: "SELECT device, seq FROM sync_cursor").map { ($0["device"], $0["seq"]) },
                    uniquingKeysWith: max) as [String: Int64]
            try SyncSequence.checkContinues(changes.map { ($0.device, $0.seq) }, cursors: cursors, name: name)
            return try db.withLargePageCache {
                try db.executeCached(sql: "UPDATE sync_self SET capturing = 0")
                // An entry's insert triggers act on none of a pull's (each comes with its
                // uid, and capturing is off: no entry is made while it is on), yet SQLite
                // entered both for every row: two thirds of a first pull. Set aside in the
                // pull's transaction, put back as they were.
                let triggers =
                    changes.contains { $0.kind == "entry" }
                    ? try AppDatabase.setAside(db, triggers: ["habit_entry_uid_default", "sync_habit_entry_insert"])
                    : []
                StoredUID.addBlobFunction(db)
                var applier = try SyncApplier(db: db, now: now, readRoutine: readRoutine)
                applier.scanning = scanning
                applier.indexes = PulledEntryIndexes(atLeast: bulkRows)
                try applier.noteAddedDaysIfNamed(of: changes)
                for (position, change) in changes.enumerated() {
                    try applier.indexes.before(change, remaining: changes[position...], in: db)
                    try applier.apply(change)
                }
                try applier.indexes.putBack(in: db)
                try applier.retryPending()
                for sql in triggers { try db.execute(sql: sql) }
                var report = applier.report
                var seen = Set<String>()
                report.problems = report.problems.filter { seen.insert($0).inserted }
                report.sameDay = try applier.sameDayEntries()
                report.waiting = try db.fetchOneCached(Int.self, sql: "SELECT count(*) FROM sync_pending") ?? 0
                for change in changes {
                    try db.executeCached(
                        sql: """
                            INSERT INTO sync_cursor (device, seq) VALUES (?, ?)
                            ON CONFLICT (device) DO UPDATE SET seq = max(seq, excluded.seq)
                            """, arguments: [change.device, change.seq])
                }
                let clock = HybridClock.observed(changes.map(\.clock).max() ?? 0)
                try db.executeCached(sql: "UPDATE sync_self SET capturing = 1, hlc = max(hlc, ?)", arguments: [clock])
                return report
            }
        }
    }
}

/// Applies pulled items to the store's rows, field by field under `MergeRules`.
struct SyncApplier {
    let db: Database
    let now: Date
    let readRoutine: (String) -> Routine?
    var report = SyncApplyReport()
    var aliases: [String: String]
    /// Each merged uid and the habit it ends in (`MergeRules.resolve`), as a JSON object
    /// for `insertNewEntries`; made again with `aliases`.
    var resolvedAliases = "{}"
    /// The same, keyed by each merged uid's bytes (`insertScanned`).
    var resolvedAliasBytes: [[UInt8]: String] = [:]
    /// This store's device id.
    let device: String
    /// The devices whose entries this pull added (the habit and day of each live one
    /// are in `temp.sync_added`).
    var addedOrigins: Set<String> = []
    /// The largest entry id before the pull (0: the store had no entry).
    let entriesBefore: Int64
    /// Whether a change's entry items are read in Swift when they can be (`SyncEntryItems`).
    var scanning = true
    /// The entry indexes a large pull sets aside (`PulledEntryIndexes`).
    var indexes = PulledEntryIndexes(atLeast: AppDatabase.Bulk.bulkLoadRows)
    /// Whether the habit and day of each live entry made go to `temp.sync_added`: only
    /// when `sameDayEntries` may read them (`noteAddedDaysIfNamed`).
    var notesAddedDays = true

    init(db: Database, now: Date, readRoutine: @escaping (String) -> Routine?) throws {
        self.db = db
        self.now = now
        self.readRoutine = readRoutine
        device = try String.fetchOne(db, sql: "SELECT device FROM sync_self") ?? ""
        entriesBefore = try Int64.fetchOne(db, sql: "SELECT max(id) FROM habit_entry") ?? 0
        // The pull's own table, gone with the connection (rolled back with the pull).
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS sync_added (habit INTEGER NOT NULL, day TEXT NOT NULL)")
        try db.execute(sql: "DELETE FROM temp.sync_added")
        aliases = [:]
        try reloadAliases()
    }

    /// The merged habit uids, as the store holds them now.
    mutating func reloadAliases() throws {
        aliases = Dictionary(
            try db.fetchRowsCached(sql: "SELECT uid, into_uid FROM habit_alias").map { ($0["uid"], $0["into_uid"]) },
            uniquingKeysWith: { first, _ in first })
        let resolved = Dictionary(
            uniqueKeysWithValues: aliases.keys.map { ($0, MergeRules.resolve($0, aliases: aliases)) })
        resolvedAliases = String(decoding: try JSONSerialization.data(withJSONObject: resolved), as: UTF8.self)
        resolvedAliasBytes = Dictionary(uniqueKeysWithValues: resolved.map { (Array($0.key.utf8), $0.value) })
    }

    mutating func apply(_ change: IncomingChange) throws {
        let stamp = ChangeStamp(clock: change.clock, device: change.device)
        // The clock first: what applying announces (a merge) comes after what it applies.
        try db.executeCached(
            sql: "UPDATE sync_self SET hlc = max(hlc, ?)", arguments: [HybridClock.observed(change.clock)])
        // A change's new entries go in at once; what is left (edits, entries that wait,
        // a change SQLite refuses as a whole) goes item by item. Only for a change whose
        // items name each uid once (every change a device makes): then an entry made
        // here is one item done.
        var inserted: Set<String> = []
        if change.kind == "entry" {
            // Read before the savepoint: a change the reader does not take goes through
            // the JSON statement's `ON CONFLICT (uid)`, which needs the uid index back,
            // and an index is put back outside any savepoint (`PulledEntryIndexes`).
            var text = change.items
            let read = scanning ? text.withUTF8 { SyncEntryItems.scan($0) } : nil
            if read == nil { try indexes.putBackUIDs(in: db) }
            try db.executeCached(sql: "SAVEPOINT sync_change")
            var made = InsertedEntries(count: 0, after: 0)
            do {
                made = try insertNewEntries(text, read: read, from: change.device)
            } catch is DatabaseError {
                try db.executeCached(sql: "ROLLBACK TO SAVEPOINT sync_change")
            }
            // Every item made an entry (so no uid came twice): nothing is left to apply.
            if made.count > 0,
                try made.items
                    ?? db.fetchOneCached(Int.self, sql: "SELECT json_array_length(?)", arguments: [change.items])
                    == made.count
            {
                try db.executeCached(sql: "RELEASE SAVEPOINT sync_change")
                report.applied += made.count
                return
            }
            // Else the entries made stand only for a change naming each uid once: one
            // named twice (made, then edited) is taken item by item, in order. Asked only
            // here: the question parses every item again (a tenth of a first pull). A
            // change that is not JSON fails the pull here, as it did when asked first.
            if try made.uidsDistinct
                ?? db.fetchOneCached(
                    Bool.self, sql: "SELECT count(*) = count(DISTINCT value ->> '$.uid') FROM json_each(?)",
                    arguments: [change.items]) != true, made.count > 0
            {
                try db.executeCached(sql: "ROLLBACK TO SAVEPOINT sync_change")
                made = InsertedEntries(count: 0, after: 0)
            }
            try db.executeCached(sql: "RELEASE SAVEPOINT sync_change")
            // The items left go one by one, each through `ON CONFLICT (uid)`.
            try indexes.putBackUIDs(in: db)
            report.applied += made.count
            inserted = try insertedUIDs(made)
        }
        guard let items = try? JSONSerialization.jsonObject(with: Data(change.items.utf8)) as? [Any] else {
            report.problems.append("change \(change.seq) from device \(change.device) is not a list of items")
            return
        }
        for case let item as [String: Any] in items {
            if let uid = item["uid"] as? String, inserted.contains(uid) { continue }
            try applyOrKeep(kind: change.kind, item: item, stamp: stamp, pendingID: nil)
        }
    }

    /// Applies one item in a savepoint; one that cannot be applied yet waits in
    /// `sync_pending` (a row it refers to has not come, or a routine that does not read).
    private mutating func applyOrKeep(
        kind: String, item: [String: Any], stamp: ChangeStamp, pendingID: Int64?
    )
        throws
    {
        guard let uid = item["uid"] as? String, let fields = item["f"] as? [String: Any] else {
            report.problems.append("a \(kind) change from device \(stamp.device) has no uid or fields")
            return
        }
        var applied = false
        // A savepoint of our own, its statements compiled once (GRDB's `inSavepoint`
        // compiles three a call: a fifth of a first pull).
        try db.executeCached(sql: "SAVEPOINT sync_item")
        do {
            applied = try applyItem(kind: kind, uid: uid, fields: fields, stamp: stamp)
        } catch let error as DatabaseError {
            report.problems.append("a \(kind) change from device \(stamp.device) was refused: \(error.message ?? "?")")
            applied = false
        }
        if !applied { try db.executeCached(sql: "ROLLBACK TO SAVEPOINT sync_item") }
        try db.executeCached(sql: "RELEASE SAVEPOINT sync_item")
        if applied {
            report.applied += 1
            if let pendingID {
                try db.executeCached(sql: "DELETE FROM sync_pending WHERE id = ?", arguments: [pendingID])
            }
        } else if pendingID == nil {
            let text = String(decoding: try JSONSerialization.data(withJSONObject: item), as: UTF8.self)
            try db.executeCached(
                sql: "INSERT INTO sync_pending (device, hlc, kind, item) VALUES (?, ?, ?, ?)",
                arguments: [stamp.device, stamp.clock, kind, text])
        }
    }

    /// Tries the waiting items again until a round applies none.
    mutating func retryPending() throws {
        while true {
            let rows = try db.fetchRowsCached(
                sql: "SELECT id, device, hlc, kind, item FROM sync_pending ORDER BY hlc, id")
            let before = report.applied
            for row in rows {
                let text: String = row["item"]
                guard let item = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                    try db.executeCached(sql: "DELETE FROM sync_pending WHERE id = ?", arguments: [row["id"] as Int64])
                    continue
                }
                try applyOrKeep(
                    kind: row["kind"], item: item, stamp: ChangeStamp(clock: row["hlc"], device: row["device"]),
                    pendingID: row["id"])
            }
            if report.applied == before { return }
        }
    }

    private mutating func applyItem(
        kind: String, uid: String, fields: [String: Any], stamp: ChangeStamp
    ) throws
        -> Bool
    {
        switch kind {
        case "entry": return try applyEntry(uid: uid, fields: fields, stamp: stamp)
        case "habit": return try applyHabit(uid: uid, fields: fields, stamp: stamp)
        case "merge": return try applyMerge(uid: uid, fields: fields, stamp: stamp)
        case "step": return try applyStep(uid: uid, fields: fields, stamp: stamp)
        case "pause": return try applyPlan(SyncApplier.pause, uid: uid, fields: fields, stamp: stamp)
        case "goal": return try applyPlan(SyncApplier.goal, uid: uid, fields: fields, stamp: stamp)
        case "routine": return try applyRoutine(slug: uid, fields: fields, stamp: stamp)
        case "version": return try applyVersion(uid: uid, fields: fields, stamp: stamp)
        default:
            report.problems.append("a change of an unknown kind '\(kind)' was skipped (a newer routine wrote it)")
            return true
        }
    }

    // MARK: - Fields

    /// The stamp a field holds (zero: unchanged since its row was made).
    func stamp(_ kind: String, _ uid: String, _ field: String) throws -> ChangeStamp {
        guard
            let row = try db.fetchRowCached(
                sql: "SELECT hlc, device FROM sync_field WHERE kind = ? AND uid = ? AND field = ?",
                arguments: [kind, uid, field])
        else { return .zero }
        return ChangeStamp(clock: row["hlc"], device: row["device"])
    }

    /// Stamps a field, keeping the value it was given (what a habit merged later takes
    /// from it when it is the latest: `resolveFields`).
    func setStamp(_ kind: String, _ uid: String, _ field: String, _ stamp: ChangeStamp, value: Any? = nil) throws {
        try db.executeCached(
            sql: "INSERT OR REPLACE INTO sync_field (kind, uid, field, hlc, device, value) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [kind, uid, field, stamp.clock, stamp.device, Self.value(value)])
    }

    /// The fields of `fields` that win over what the row holds, stamped as they are taken.
    func winning(
        _ kind: String, _ uid: String, _ fields: [String: Any], _ stamp: ChangeStamp
    ) throws
        -> [String: Any]
    {
        var won: [String: Any] = [:]
        for (field, value) in fields where MergeRules.wins(stamp, over: try self.stamp(kind, uid, field)) {
            won[field] = value
            try setStamp(kind, uid, field, stamp, value: value)
        }
        return won
    }

    /// A JSON value as SQLite takes it.
    static func value(_ any: Any?) -> (any DatabaseValueConvertible)? {
        switch any {
        case let text as String: return text
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }

    /// Sets `columns[field]` for each field given (fields without a column are the
    /// caller's).
    func update(table: String, id: Int64, fields: [String: Any], columns: [String: String]) throws {
        let set = fields.keys.sorted().compactMap { field in columns[field].map { ($0, field) } }
        guard !set.isEmpty else { return }
        try db.executeCached(
            sql: "UPDATE \(table) SET \(set.map { "\($0.0) = ?" }.joined(separator: ", ")) WHERE rowid = ?",
            arguments: StatementArguments(set.map { Self.value(fields[$0.1]) } + [id]))
    }

    func id(_ table: String, uid: String) throws -> Int64? {
        guard let stored = Self.stored(uid, in: table) else { return nil }
        return try db.fetchOneCached(Int64.self, sql: "SELECT rowid FROM \(table) WHERE uid = ?", arguments: [stored])
    }

    /// A change's uid as `table` stores it: 16 bytes in the tables of v13-uid-blobs (nil
    /// for a text that is not a uid, which no row there can hold), else the text.
    static func stored(_ uid: String, in table: String) -> DatabaseValue? {
        guard SyncSchema.blobUIDTables.contains(table) else { return uid.databaseValue }
        return StoredUID(text: uid)?.databaseValue
    }

    func isTombstone(_ kind: String, _ uid: String) throws -> Bool {
        try db.fetchOneCached(
            Bool.self,
            sql: "SELECT 1 FROM sync_tombstone WHERE kind = ? AND uid = ?", arguments: [kind, uid]) ?? false
    }

    func setTombstone(_ kind: String, _ uid: String) throws {
        try db.executeCached(
            sql: "INSERT OR IGNORE INTO sync_tombstone (kind, uid) VALUES (?, ?)", arguments: [kind, uid])
    }

    /// The local id of the habit a uid names now (through merges), or nil.
    func habitID(_ uid: String) throws -> Int64? {
        try id("habit", uid: MergeRules.resolve(uid, aliases: aliases))
    }

    /// Turns capturing on for `body`: what it writes goes to the other devices.
    func announcing<T>(_ body: () throws -> T) throws -> T {
        try db.executeCached(sql: "UPDATE sync_self SET capturing = 1")
        defer { try? db.executeCached(sql: "UPDATE sync_self SET capturing = 0") }
        return try body()
    }
}

/// The applier's statements, compiled once a pull: applying runs the same few for every
/// item, and compiling one (with the capture triggers of the table it writes) cost more
/// than running it — a first pull of 365,000 entries took two minutes.
extension Database {
    func executeCached(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }

    func fetchOneCached<T: DatabaseValueConvertible & StatementColumnConvertible>(
        _: T.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> T? {
        try T.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchRowCached(sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    func fetchRowsCached(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }
}
