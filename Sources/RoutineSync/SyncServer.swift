import Foundation
import RoutineCore

/// The sync server's tables in PostgreSQL (SPEC §16): a schema of their own,
/// `routine_sync`, so a database that holds other things is fine, and a version row so a
/// device refuses a server made by a newer routine. The server holds ciphertext only:
/// each change's body is sealed (`ChangeSealer`); device, seq, kind and clock are the
/// authenticated data and the order, what the operator can see besides sizes and times.
struct SyncServer {
    static let schemaVersion: Int64 = 1

    /// What `meta` holds.
    struct Meta {
        var serverID: String
        var salt: [UInt8]
        var kdf: KDFParameters
        var keyCheck: [UInt8]
    }

    let connection: PostgresConnection
    let url: String

    static let createSQL = [
        "CREATE SCHEMA routine_sync",
        """
        CREATE TABLE routine_sync.meta (
          only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
          version bigint NOT NULL,
          server_id text NOT NULL,
          salt bytea NOT NULL,
          kdf text NOT NULL,
          key_check bytea NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE routine_sync.device (
          id text PRIMARY KEY,
          name text NOT NULL UNIQUE,
          registered_at timestamptz NOT NULL DEFAULT now(),
          last_sync timestamptz,
          last_seq bigint NOT NULL DEFAULT 0
        )
        """,
        """
        CREATE TABLE routine_sync.change (
          device text NOT NULL REFERENCES routine_sync.device(id),
          seq bigint NOT NULL,
          hlc bigint NOT NULL,
          kind text NOT NULL,
          uid text NOT NULL UNIQUE,
          body bytea NOT NULL,
          stored_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (device, seq)
        )
        """,
        "CREATE INDEX change_order ON routine_sync.change (hlc, device, seq)",
        // Ciphertext does not compress: storing it as it is spares the server's CPU.
        "ALTER TABLE routine_sync.change ALTER COLUMN body SET STORAGE EXTERNAL",
    ]

    /// The server's meta row; nil when the database has no `routine_sync` schema yet.
    /// A schema without our meta, or of a newer version, is refused.
    func meta() throws -> Meta? {
        let exists = try connection.execute(
            "SELECT to_regclass('routine_sync.meta') IS NOT NULL AS meta, to_regnamespace('routine_sync') IS NOT NULL AS schema"
        )
        guard try exists.bool(0, "schema") else { return nil }
        guard try exists.bool(0, "meta") else { throw SyncError.notOurs(url: url) }
        let rows = try connection.execute("SELECT version, server_id, salt, kdf, key_check FROM routine_sync.meta")
        guard rows.count == 1 else { throw SyncError.notOurs(url: url) }
        let version = try rows.int64(0, "version")
        guard version <= Self.schemaVersion else { throw SyncError.newerServer(url: url, version: version) }
        guard version >= 1 else { throw SyncError.badVersion(url: url, version: version) }
        return Meta(
            serverID: try rows.string(0, "server_id"), salt: try rows.bytes(0, "salt"),
            kdf: try KDFParameters(text: try rows.string(0, "kdf")), keyCheck: try rows.bytes(0, "key_check"))
    }

    /// Creates the tables and the meta row, unless another device did it first (an
    /// advisory lock makes two first devices take turns). Returns the meta that holds.
    func create(makeMeta: () throws -> Meta) throws -> Meta {
        try connection.transaction { connection in
            _ = try connection.execute("SELECT pg_advisory_xact_lock(727274)")
            if let meta = try meta() { return meta }
            let meta = try makeMeta()
            for sql in Self.createSQL { _ = try connection.execute(sql) }
            _ = try connection.execute(
                "INSERT INTO routine_sync.meta (version, server_id, salt, kdf, key_check) VALUES ($1, $2, $3, $4, $5)",
                [
                    .int(Self.schemaVersion), .text(meta.serverID), .bytes(meta.salt), .text(meta.kdf.text),
                    .bytes(meta.keyCheck),
                ])
            return meta
        }
    }

    /// Registers a device (again: its name may change). A name another device holds is
    /// refused: two devices of one name could not be told apart in `sync status`.
    func register(device: String, name: String) throws {
        let taken = try connection.execute(
            "SELECT id FROM routine_sync.device WHERE name = $1 AND id <> $2", [.text(name), .text(device)])
        guard taken.count == 0 else { throw SyncError.deviceNameTaken(name) }
        _ = try connection.execute(
            """
            INSERT INTO routine_sync.device (id, name) VALUES ($1, $2)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name
            """, [.text(device), .text(name)])
    }

    /// Each registered device's name and last seq.
    func marks() throws -> ServerMarks {
        let rows = try connection.execute("SELECT id, name, last_seq FROM routine_sync.device")
        var marks = ServerMarks()
        for row in 0..<rows.count {
            let id = try rows.string(row, "id")
            marks.lastSeq[id] = try rows.int64(row, "last_seq")
            marks.names[id] = try rows.string(row, "name")
        }
        return marks
    }

    /// The registered devices, by name.
    func devices() throws -> [SyncDevice] {
        let rows = try connection.execute(
            """
            SELECT id, name, last_seq, to_char(last_sync AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_sync
            FROM routine_sync.device ORDER BY name
            """)
        return try (0..<rows.count).map { row in
            SyncDevice(
                id: try rows.string(row, "id"), name: try rows.string(row, "name"),
                changes: try rows.int64(row, "last_seq"),
                lastSync: try rows.isNull(row, "last_sync") ? nil : Instant.parse(try rows.string(row, "last_sync")))
        }
    }
}

/// A device as the server lists it.
public struct SyncDevice: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Changes it has pushed in all.
    public var changes: Int64
    public var lastSync: Date?
}
