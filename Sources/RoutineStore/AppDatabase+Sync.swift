import Foundation
import GRDB
import RoutineCore

/// A change this store made, as the outbox holds it.
public struct OutgoingChange: Sendable, Equatable {
    public var localID: Int64
    /// The change's own uid: a push that is retried after a crash is stored once.
    public var uid: String
    public var clock: Int64
    public var kind: String
    /// The JSON array of items (`SyncSchema`), as one Zstandard frame.
    public var packed: [UInt8]

    /// The items as JSON.
    public func items() throws -> String {
        guard let bytes = try Zstd.decompress(packed) else { throw ZstdError.cannotUnpack }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A change pulled from the server, opened.
public struct IncomingChange: Sendable, Equatable {
    public var device: String
    public var seq: Int64
    public var clock: Int64
    public var kind: String
    public var items: String

    public init(device: String, seq: Int64, clock: Int64, kind: String, items: String) {
        (self.device, self.seq, self.clock, self.kind, self.items) = (device, seq, clock, kind, items)
    }
}

extension AppDatabase.Sync {
    /// Sets this store up to sync as `device`: from now on every write appends a
    /// change, and everything the store holds goes into the outbox once, as a snapshot.
    /// `join` does the server's part inside the store's transaction, after the snapshot
    /// (so a slow key derivation can run beside it), and returns the server's id; when it
    /// throws, the store is left as it was. A store set up already with `knownServer`
    /// only joins. With another server, the outbox and the cursors start again (the new
    /// server has nothing of ours).
    public func enableSync(
        device: String, knownServer: String?, name: String? = nil, at now: Date, join: () throws -> String
    ) throws {
        try writeSync { db in
            if let knownServer, try String.fetchOne(db, sql: "SELECT server FROM sync_self") == knownServer {
                _ = try join()
                try db.execute(sql: "UPDATE sync_self SET name = ?", arguments: [name])
                return
            }
            if try !SyncSchema.hasCaptureTriggers(db) { try db.execute(sql: SyncSchema.captureTriggers) }
            try db.execute(sql: "DELETE FROM sync_self")
            try db.execute(sql: "DELETE FROM sync_outbox")
            try db.execute(sql: "DELETE FROM sync_cursor")
            try db.execute(sql: "DELETE FROM sync_pending")
            let start = HybridClock.next(last: 0, nowMilliseconds: Int64(now.timeIntervalSince1970 * 1000))
            try db.execute(
                sql: "INSERT INTO sync_self (only, device, server, capturing, hlc) VALUES (1, ?, ?, 1, ?)",
                arguments: [device, knownServer ?? "", start])
            try SyncSnapshot.write(db)
            try db.execute(sql: "UPDATE sync_self SET server = ?, name = ?", arguments: [try join(), name])
        }
    }

    /// `write`, letting what is not the store's own failure out as it was thrown: the
    /// server's part of `enableSync` fails with the server's line (not "STORE: …"), and a
    /// log that breaks `SyncSequence` with its own.
    func writeSync<T>(_ body: (Database) throws -> T) throws -> T {
        var foreign: Error?
        do {
            return try write { db in
                do {
                    return try body(db)
                } catch let error where !(error is DatabaseError || error is RowDecodingError || error is StoreError) {
                    foreign = error
                    throw error
                }
            }
        } catch {
            throw foreign ?? error
        }
    }

    /// Sets this store up to sync with `server` as `device`, with nothing more to do
    /// on the server's side.
    public func enableSync(device: String, server: String, at now: Date) throws {
        try enableSync(device: device, knownServer: server, at: now) { server }
    }

    /// How many rows this process's connection has written since the store was opened
    /// (SQLite's total changes): a command wrote when it moved. The automatic sync of
    /// SPEC §20 starts after such a command.
    public func rowsWritten() -> Int {
        (try? writer.read { $0.totalChangesCount }) ?? 0
    }

    /// This store's sync identity, or nil when it was never set up.
    public func syncIdentity() throws -> SyncIdentity? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT device, server, hlc, last_sync, name, pushed FROM sync_self")
            else {
                return nil
            }
            let lastSync: String? = row["last_sync"]
            return SyncIdentity(
                device: row["device"], server: row["server"], clock: try Self.clock(row),
                lastSync: lastSync.flatMap { Instant.parse($0) },
                waiting: try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_outbox") ?? 0,
                pending: try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_pending") ?? 0,
                name: row["name"], pushed: try Self.integer(row, "pushed"))
        }
    }

    /// The oldest changes waiting to go, at most `limit`, in the order they were made.
    public func outbox(limit: Int) throws -> [OutgoingChange] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT id, uid, hlc, kind, payload FROM sync_outbox ORDER BY id LIMIT ?", arguments: [limit]
            ).map { row in
                // A trigger's change is JSON text; a snapshot's is packed already.
                let payload: DatabaseValue = row["payload"]
                let packed: [UInt8] =
                    switch payload.storage {
                    case .blob(let data): Array(data)
                    default: try Zstd.compress(Array((String.fromDatabaseValue(payload) ?? "[]").utf8))
                    }
                return OutgoingChange(
                    localID: row["id"], uid: row["uid"], clock: try Self.clock(row), kind: row["kind"], packed: packed)
            }
        }
    }

    /// The server holds the outbox up to `localID` now, as this device's changes
    /// `firstSeq...lastSeq`. They leave the outbox; and when the server held nothing of
    /// ours that this store had not seen (`firstSeq` follows this device's cursor), the
    /// cursor moves past them: they need not come back. (A store restored from a backup
    /// is behind its own changes on the server: its cursor stays, and the pull brings
    /// them back.)
    public func markPushed(upTo localID: Int64, firstSeq: Int64, lastSeq: Int64, device: String) throws {
        try write { db in
            // SQLite as Debian builds it zeroes every page it frees (secure_delete): for
            // a first sync's outbox, 74 MB of zeros written to the log and again to the
            // file, for copies of rows the store still holds. FAST zeroes only where it
            // costs no writing.
            let secureDelete = try Int.fetchOne(db, sql: "PRAGMA secure_delete") == 2 ? "FAST" : "1"
            try db.execute(sql: "PRAGMA secure_delete = FAST")
            defer { try? db.execute(sql: "PRAGMA secure_delete = \(secureDelete)") }
            try db.execute(sql: "DELETE FROM sync_outbox WHERE id <= ?", arguments: [localID])
            try db.execute(sql: "UPDATE sync_self SET pushed = max(pushed, ?)", arguments: [lastSeq])
            let cursor = try Int64.fetchOne(
                db, sql: "SELECT seq FROM sync_cursor WHERE device = ?", arguments: [device])
            if (cursor ?? 0) == firstSeq - 1 {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO sync_cursor (device, seq) VALUES (?, ?)", arguments: [device, lastSeq])
            }
        }
    }

    /// How far this store has applied each device's changes (device id → last seq).
    public func syncCursors() throws -> [String: Int64] {
        try read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT device, seq FROM sync_cursor").map { ($0["device"], $0["seq"]) },
                uniquingKeysWith: max)
        }
    }

    /// How much of each device's log this store knows the server held: its cursors, and
    /// for this device also what it pushed (`SyncSequence.checkServer`).
    public func syncKnown() throws -> [String: Int64] {
        var known = try syncCursors()
        if let identity = try syncIdentity() {
            known[identity.device] = max(known[identity.device] ?? 0, identity.pushed)
        }
        return known
    }

    /// An integer column of `row`, or the store's one line for a damaged value: a REAL
    /// there made GRDB stop the process (issue 31 item 5).
    static func integer(_ row: Row, _ column: String) throws -> Int64 {
        let value: DatabaseValue = row[column]
        guard case .int64(let integer) = value.storage else {
            throw DamagedValue(table: "sync_self", row: nil, column: column, problem: "is not an integer")
        }
        return integer
    }

    /// The `hlc` of `row`, or one line naming what is wrong with it.
    static func clock(_ row: Row) throws -> Int64 {
        let value: DatabaseValue = row["hlc"]
        guard case .int64(let clock) = value.storage else {
            throw DamagedValue(
                table: "sync", row: nil, column: "hlc",
                problem: "is not an integer (a clock past the year 6429, stored by an older routine)")
        }
        return clock
    }

    /// Notes a sync that completed at `now`.
    public func recordSync(at now: Date) throws {
        try write { db in
            try db.execute(sql: "UPDATE sync_self SET last_sync = ?", arguments: [Instant.format(now)])
        }
    }
}
