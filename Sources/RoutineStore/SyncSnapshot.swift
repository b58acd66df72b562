import Foundation
import GRDB
import RoutineCore

/// Everything a store holds, as changes in its outbox: what a device sends the first time
/// it syncs (its history predates the capture triggers). Rows go in batches of
/// `batchSize` items per change, each with its own tick of the clock, in
/// `SyncSchema.all`'s order so that what a row refers to arrives before it.
enum SyncSnapshot {
    static let batchSize = 1000

    /// Rows per change for `captured`: a routine version goes alone, so that each has a
    /// stamp of its own and every device numbers them in the order they were made.
    static func batchSize(_ captured: SyncSchema.Captured) -> Int {
        captured.stampsInserts ? 1 : batchSize
    }

    static func write(_ db: Database) throws {
        for captured in SyncSchema.all {
            var after: Int64 = 0
            while true {
                let last = try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT max(rowid) FROM (SELECT rowid FROM \(captured.table) WHERE rowid > ?
                        ORDER BY rowid LIMIT \(batchSize(captured)))
                        """, arguments: [after])
                guard let last else { break }
                try append(db, captured, filter: "R.rowid > \(after) AND R.rowid <= \(last)")
                after = last
            }
        }
    }

    /// A bulk load of entries (`import-entries`) or answers (`import-answers`) writes its
    /// changes in batches, as a snapshot does, rather than one change per row through the
    /// trigger: the trigger is set aside for the load (inside its transaction) and put back
    /// as it was after.
    struct SuspendedCapture {
        var captured: SyncSchema.Captured
        var trigger: String?
        var after: Int64
    }

    static func suspendEntryCapture(_ db: Database) throws -> SuspendedCapture {
        try suspendCapture(db, SyncSchema.entry)
    }

    static func suspendCapture(_ db: Database, _ captured: SyncSchema.Captured) throws -> SuspendedCapture {
        let name = "sync_\(captured.table)_insert"
        let trigger = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [name])
        if trigger != nil { try db.execute(sql: "DROP TRIGGER \(name)") }
        let after = try Int64.fetchOne(db, sql: "SELECT max(rowid) FROM \(captured.table)") ?? 0
        return SuspendedCapture(captured: captured, trigger: trigger, after: after)
    }

    static func resumeEntryCapture(_ db: Database, _ suspended: SuspendedCapture) throws {
        try resumeCapture(db, suspended)
    }

    static func resumeCapture(_ db: Database, _ suspended: SuspendedCapture) throws {
        guard let trigger = suspended.trigger else { return }
        try db.execute(sql: trigger)
        guard try Int.fetchOne(db, sql: "SELECT capturing FROM sync_self") == 1 else { return }
        let table = suspended.captured.table
        var after = suspended.after
        while true {
            let last = try Int64.fetchOne(
                db,
                sql: """
                    SELECT max(rowid) FROM (SELECT rowid FROM \(table) WHERE rowid > ?
                    ORDER BY rowid LIMIT \(batchSize))
                    """, arguments: [after])
            guard let last else { return }
            try append(db, suspended.captured, filter: "R.rowid > \(after) AND R.rowid <= \(last)")
            after = last
        }
    }

    /// `sync_pack(text)`: the text as one Zstandard frame (a blob). A snapshot's changes
    /// go into the outbox packed, as they will be sent: ten years of entries are 74 MB
    /// of JSON and 11 MB packed, and the store writes each page twice (log, then file).
    static let pack = DatabaseFunction("sync_pack", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return Data(try Zstd.compress(Array(text.utf8)))
    }

    /// One change holding the rows of `captured` that `filter` keeps (none: no change).
    private static func append(_ db: Database, _ captured: SyncSchema.Captured, filter: String) throws {
        db.add(function: pack)
        try db.execute(sql: SyncSchema.tick)
        // One aggregate straight over the rows: through a subquery SQLite would hand
        // each item on as text, and parsing it again costs a third of the snapshot.
        try db.execute(
            sql: """
                INSERT INTO sync_outbox (uid, hlc, kind, payload)
                SELECT \(StoreMigrations.uuidSQL), (SELECT hlc FROM sync_self), '\(captured.kind)',
                  sync_pack(json_group_array(json_object('uid', \(captured.uid), 'f', \(SyncSchema.allFields(captured, row: "R")))))
                FROM \(captured.table) R WHERE \(filter)
                HAVING count(*) > 0
                """)
        if captured.stampsInserts {
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO sync_field (kind, uid, field, hlc, device, value)
                    SELECT '\(captured.kind)', R.uid, 'imported', s.hlc, s.device, NULL
                    FROM \(captured.table) R, sync_self s WHERE \(filter)
                    """)
        }
    }
}
