import Foundation
import GRDB
import RoutineCore

/// Entries, recorded steps, pauses and goals: rows with a uid, made once on one device,
/// then changed field by field (the latest change of each field wins).
extension SyncApplier {
    static let entryColumns = [
        "day": "day_key", "at": "timestamp", "tz": "time_zone", "value": "value", "note": "note",
        "deleted": "deleted_at",
    ]

    /// An entry: made by the first change that names its uid with all its fields
    /// (`insertNewEntries`), then changed field by field.
    mutating func applyEntry(uid: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        let item = try JSONSerialization.data(withJSONObject: [["uid": uid, "f": fields]])
        // One item: one entry made is this uid's.
        if try insertNewEntries(String(decoding: item, as: UTF8.self), from: stamp.device).count == 1 {
            return true
        }
        guard let id = try id("habit_entry", uid: uid) else { return false }
        let won = try winning("entry", uid, fields, stamp)
        try update(table: "habit_entry", id: id, fields: won, columns: Self.entryColumns)
        if let habit = won["habit"] as? String {
            guard let habitID = try habitID(habit) else { return false }
            try db.executeCached(sql: "UPDATE habit_entry SET habit_id = ? WHERE id = ?", arguments: [habitID, id])
        }
        return true
    }

    /// The entries one statement of `insertNewEntries` made: `count` rows, the ones whose
    /// id is above `after` (SQLite gives a new row the largest id plus one, so the rows a
    /// statement inserts are exactly those above the largest id before it).
    struct InsertedEntries {
        var count: Int
        var after: Int64
        /// The items of the change, when read in Swift (`SyncEntryItems`).
        var items: Int?
        /// Whether no two of them name the same uid text, when read in Swift and some
        /// made no entry (the only time it is asked).
        var uidsDistinct: Bool?
    }

    /// Inserts, in one statement, the entries of `items` (a JSON array of entry items)
    /// whose uid is not stored and whose fields are whole — a habit the store has (its
    /// uid, or one merged into it), a day, an instant and a time zone as text; a value,
    /// a note and a deleted instant of their types or absent. The one place an entry is
    /// made from a change: a first pull of 365,000 entries goes in a thousand at a time,
    /// without parsing them in Swift. What follows from the rows made is written by SQL
    /// over their ids, not read back row by row (through `RETURNING`, decoding each
    /// row's uid in Swift cost a tenth of a first pull): an entry made on another device
    /// keeps that device as its origin, and the habit and day of each live one go to
    /// `temp.sync_added` (`sameDayEntries`). `insertedUIDs` gives their uids when needed.
    mutating func insertNewEntries(_ items: String, from origin: String) throws -> InsertedEntries {
        var text = items
        let read = scanning ? text.withUTF8 { SyncEntryItems.scan($0) } : nil
        return try insertNewEntries(text, read: read, from: origin)
    }

    /// `insertNewEntries`, the items already read by `SyncEntryItems.scan` (`read`, its
    /// spans into `items`' bytes) or left to SQLite's JSON (nil).
    mutating func insertNewEntries(
        _ items: String, read: SyncEntryItems?, from origin: String
    ) throws
        -> InsertedEntries
    {
        let after = try db.fetchOneCached(Int64.self, sql: "SELECT max(id) FROM habit_entry") ?? 0
        var text = items
        // In the shape every device writes, the items are read in Swift (`SyncEntryItems`);
        // anything else goes through SQLite's JSON.
        let scanned = try text.withUTF8 { bytes -> (count: Int, items: Int, uidsDistinct: Bool?)? in
            guard let read else { return nil }
            let count = try insertScanned(read, in: bytes)
            return (count, read.count, count == read.count ? nil : read.uidsDistinct(in: bytes))
        }
        if let scanned {
            var inserted = try noteInserted(count: scanned.count, after: after, from: origin)
            (inserted.items, inserted.uidsDistinct) = (scanned.items, scanned.uidsDistinct)
            return inserted
        }
        try db.executeCached(
            sql: """
                INSERT INTO habit_entry (habit_id, day_key, timestamp, time_zone, value, note, uid, deleted_at)
                SELECT h.id, j.value ->> '$.f.day', j.value ->> '$.f.at', j.value ->> '$.f.tz',
                  j.value ->> '$.f.value', j.value ->> '$.f.note', uid_blob(j.value ->> '$.uid'), j.value ->> '$.f.deleted'
                FROM json_each(?1) j
                LEFT JOIN json_each(?2) a ON a.key = j.value ->> '$.f.habit'
                JOIN habit h ON h.uid = coalesce(a.value, j.value ->> '$.f.habit')
                WHERE uid_blob(j.value ->> '$.uid') IS NOT NULL AND json_type(j.value, '$.f.habit') = 'text'
                  AND json_type(j.value, '$.f.day') = 'text' AND json_type(j.value, '$.f.at') = 'text'
                  AND json_type(j.value, '$.f.tz') = 'text'
                  AND coalesce(json_type(j.value, '$.f.value'), 'null') IN ('null', 'integer', 'real', 'text')
                  AND coalesce(json_type(j.value, '$.f.note'), 'null') IN ('null', 'text')
                  AND coalesce(json_type(j.value, '$.f.deleted'), 'null') IN ('null', 'text')
                ORDER BY j.key
                ON CONFLICT (uid) DO NOTHING
                """, arguments: [items, resolvedAliases])
        return try noteInserted(count: db.changesCount, after: after, from: origin)
    }

    /// What follows from the `count` entries made above id `after`: their origin, and
    /// the habit and day of each live one.
    private mutating func noteInserted(count: Int, after: Int64, from origin: String) throws -> InsertedEntries {
        guard count > 0 else { return InsertedEntries(count: 0, after: after) }
        if notesAddedDays {
            try db.executeCached(
                sql: """
                    INSERT INTO temp.sync_added (habit, day)
                    SELECT habit_id, day_key FROM habit_entry WHERE id > ? AND deleted_at IS NULL
                    """, arguments: [after])
        }
        addedOrigins.insert(origin)
        if origin != device {
            // One statement for the batch, not one a row.
            try db.executeCached(
                sql: "INSERT INTO sync_origin (entry, device) SELECT id, ? FROM habit_entry WHERE id > ?",
                arguments: [origin, after])
        }
        return InsertedEntries(count: count, after: after)
    }

    /// The uids (as text, the form changes give them: a uid reads back lower-case) of
    /// the entries `inserted` made.
    func insertedUIDs(_ inserted: InsertedEntries) throws -> Set<String> {
        guard inserted.count > 0 else { return [] }
        let rows = try db.fetchRowsCached(sql: "SELECT uid FROM habit_entry WHERE id > ?", arguments: [inserted.after])
        return Set(try rows.map { try StoredRow($0, table: "habit_entry")("uid", as: StoredUID.self).text })
    }

    static let stepColumns = [
        "position": "position", "node": "node_id", "kind": "kind", "text": "text", "outcome": "outcome",
        "option": "option_text", "optionPosition": "option_position", "value": "value", "reason": "reason",
        "day": "day_key", "at": "recorded_at", "tz": "time_zone", "retracted": "retracted_at", "note": "note",
    ]

    /// A recorded step (an answer, a habit's outcome). Its run stays on the device that
    /// walked it (SPEC §16.2): pulled, it has none, as an imported answer.
    mutating func applyStep(uid: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        if let id = try id("run_step", uid: uid) {
            try update(
                table: "run_step", id: id, fields: try winning("step", uid, fields, stamp), columns: Self.stepColumns)
            return true
        }
        guard let stored = Self.stored(uid, in: "run_step"), let slug = fields["routine"] as? String,
            let routineID = try db.fetchOneCached(
                Int64.self, sql: "SELECT id FROM routine WHERE slug = ?", arguments: [slug])
        else { return false }
        var entryID: Int64?
        if let entry = fields["entry"] as? String {
            guard let id = try id("habit_entry", uid: entry) else { return false }
            entryID = id
        }
        let columns = Self.stepColumns.sorted { $0.key < $1.key }
        try db.executeCached(
            sql: """
                INSERT INTO run_step (uid, routine_id, entry_id, \(columns.map(\.value).joined(separator: ", ")))
                VALUES (?, ?, ?, \(columns.map { _ in "?" }.joined(separator: ", ")))
                """,
            arguments: StatementArguments([stored, routineID, entryID] + columns.map { Self.value(fields[$0.key]) }))
        return true
    }

    /// A pause or a goal: its table, its link table, its columns.
    struct Plan {
        var kind: String
        var table: String
        var links: String
        var owner: String
        var columns: [String: String]
    }

    static let pause = Plan(
        kind: "pause", table: "pause", links: "pause_habit", owner: "pause_id",
        columns: ["from": "from_day", "to": "to_day", "note": "note", "created": "created_at"])

    static let goal = Plan(
        kind: "goal", table: "goal", links: "goal_link", owner: "goal_id",
        columns: [
            "title": "title", "target": "target", "unit": "unit", "from": "from_day", "to": "to_day",
            "created": "created_at",
        ])

    /// A pause or a goal. Deleting one is final: a change that comes after (or was made
    /// apart) finds its tombstone and changes nothing.
    mutating func applyPlan(_ plan: Plan, uid: String, fields: [String: Any], stamp: ChangeStamp) throws -> Bool {
        let existing = try id(plan.table, uid: uid)
        if fields["deleted"] != nil {
            if let existing {
                try db.executeCached(sql: "DELETE FROM \(plan.table) WHERE id = ?", arguments: [existing])
            }
            try setTombstone(plan.kind, uid)
            return true
        }
        if try isTombstone(plan.kind, uid) { return true }
        var linked: [Int64]?
        if let habits = fields["habits"] as? [Any] {
            var ids: [Int64] = []
            for case let habit as String in habits {
                guard let id = try habitID(habit) else { return false }
                if !ids.contains(id) { ids.append(id) }
            }
            linked = ids
        }
        let id: Int64
        if let existing {
            let won = try winning(plan.kind, uid, fields, stamp)
            try update(table: plan.table, id: existing, fields: won, columns: plan.columns)
            if won["habits"] == nil { linked = nil }
            id = existing
        } else {
            let required = plan.columns.keys.filter { $0 != "note" && $0 != "unit" }
            guard required.allSatisfy({ fields[$0] != nil }), let stored = Self.stored(uid, in: plan.table) else {
                return false
            }
            let columns = plan.columns.sorted { $0.key < $1.key }
            try db.executeCached(
                sql: """
                    INSERT INTO \(plan.table) (uid, \(columns.map(\.value).joined(separator: ", ")))
                    VALUES (?, \(columns.map { _ in "?" }.joined(separator: ", ")))
                    """,
                arguments: StatementArguments([stored] + columns.map { Self.value(fields[$0.key]) }))
            id = db.lastInsertedRowID
        }
        if let linked {
            try db.executeCached(sql: "DELETE FROM \(plan.links) WHERE \(plan.owner) = ?", arguments: [id])
            for (position, habit) in linked.enumerated() {
                try db.executeCached(
                    sql: "INSERT INTO \(plan.links) (\(plan.owner), habit_id, position) VALUES (?, ?, ?)",
                    arguments: [id, habit, position])
            }
        }
        return true
    }

    /// Sets `notesAddedDays` for a pull of `changes`: false when `sameDayEntries` cannot
    /// read `temp.sync_added` — into a store without entries, the entries of one device
    /// alone. An entry is made only from an entry item: one of these changes, or one that
    /// waits in `sync_pending` (retried after them), under its change's device. (A first
    /// pull of 365,000 entries wrote as many rows there for nothing.)
    mutating func noteAddedDaysIfNamed(of changes: [IncomingChange]) throws {
        guard entriesBefore == 0 else { return }
        var devices = Set(changes.lazy.filter { $0.kind == "entry" }.map(\.device))
        devices.formUnion(
            try String.fetchAll(db, sql: "SELECT DISTINCT device FROM sync_pending WHERE kind = 'entry'"))
        notesAddedDays = devices.count > 1
    }

    /// Habits with live entries from two or more devices (this one among them) on a day
    /// this pull added an entry to: recorded apart (SPEC §16.3). One device's own
    /// entries of a day (a count logged twice) are not named. One query for them all.
    func sameDayEntries() throws -> [SameDayEntries] {
        // Into a store that had no entry, entries from one device alone cannot make two
        // devices' entries on a day (a first pull: 365,000 pairs looked up for nothing).
        guard !addedOrigins.isEmpty, entriesBefore > 0 || addedOrigins.count > 1 else { return [] }
        let rows = try db.fetchRowsCached(
            sql: """
                WITH added(habit, day) AS (SELECT DISTINCT habit, day FROM temp.sync_added)
                SELECT h.name, e.day_key AS day, json_group_array(e.id) AS ids
                FROM added a JOIN habit_entry e ON e.habit_id = a.habit AND e.day_key = a.day
                JOIN habit h ON h.id = e.habit_id
                LEFT JOIN sync_origin o ON o.entry = e.id
                WHERE e.deleted_at IS NULL
                GROUP BY e.habit_id, e.day_key
                HAVING count(DISTINCT coalesce(o.device, '')) > 1
                ORDER BY e.day_key, h.name
                """)
        return try rows.compactMap { row in
            let text: String = row["ids"]
            guard let day = DayKey(row["day"] as String),
                let ids = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Int64]
            else { return nil }
            return SameDayEntries(habit: row["name"], day: day, ids: ids.sorted().map { EntryID(rawValue: $0) })
        }
    }
}
