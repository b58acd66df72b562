import Foundation
import Glibc
import RoutineCore
import RoutineStore

/// What a sync did.
public struct SyncReport: Sendable, Equatable {
    public var pushed = 0
    public var pulled = 0
    public var apply = SyncApplyReport()
}

/// This device and the server as `sync status` shows them.
public struct SyncStatus: Sendable, Equatable {
    public var identity: SyncIdentity
    public var deviceName: String?
    public var devices: [SyncDevice]
}

/// `routine sync`, end to end (SPEC §16): the store's outbox pushed to PostgreSQL,
/// sealed, then every other device's changes pulled, opened and applied. The store stays
/// the working copy; only these calls touch the network.
public struct SyncEngine {
    /// Not public: front ends reach the store through RoutineApp alone (its
    /// `SyncEngine.init(store: AppServices, …)`), never through the engine.
    var store: AppDatabase
    public var storePath: String
    public var url: String
    public var keyFile: KeyFile
    public var passphrase: PassphraseSource
    /// Reads a routine version's source as `import` reads a file.
    public var readRoutine: @Sendable (String) -> Routine?
    public var now: () -> Date

    /// Changes per push transaction, and per pull (one local transaction each).
    static let pushBatch = 500
    static let pullBatch = 500

    public init(
        store: AppDatabase, storePath: String, url: String, keyFile: KeyFile, passphrase: PassphraseSource,
        readRoutine: @escaping @Sendable (String) -> Routine?, now: @escaping () -> Date
    ) {
        (self.store, self.storePath, self.url, self.keyFile) = (store, storePath, url, keyFile)
        (self.passphrase, self.readRoutine, self.now) = (passphrase, readRoutine, now)
    }

    // MARK: - init and key

    /// Prepares the server (its tables, once), makes or checks the key, registers this
    /// device under `deviceName`, and sets the store up to sync (its history goes into
    /// the outbox). Returns whether this call set the server up.
    ///
    /// The key's derivation (scrypt, a third of a second by design) runs on another
    /// thread while the store writes its snapshot; the server's part runs inside the
    /// store's transaction, so when any of it fails the store is as it was.
    @discardableResult
    public func initialize(deviceName: String) throws -> Bool {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        let server = SyncServer(connection: connection, url: url)
        let existing = try server.meta()
        // What the key needs: a new server's passphrase (asked twice) and salt; a server
        // set up already, its passphrase, unless the key file holds its key.
        let secret: String?
        var salt = SyncKey.newSalt()
        var parameters = KDFParameters.standard
        if let existing {
            secret = keyFileOpens(existing) ? nil : try passphrase.passphrase(confirm: false)
            (salt, parameters) = (existing.salt, existing.kdf)
        } else {
            secret = try passphrase.passphrase(confirm: true)
            parameters = try KDFParameters.forNewServer(environment: passphrase.environment)
        }
        let derivation = secret.map { KeyDerivation(passphrase: $0, salt: salt, parameters: parameters) }
        let identity = try store.sync.syncIdentity()
        let device =
            identity.flatMap { existing != nil && $0.server == existing?.serverID ? $0.device : nil }
            ?? UUID().uuidString.lowercased()
        var made = false
        try store.sync.enableSync(device: device, knownServer: existing?.serverID, name: deviceName, at: now()) {
            var meta: SyncServer.Meta
            var key = try derivation?.key()
            if let existing {
                meta = existing
            } else {
                let serverID = UUID().uuidString.lowercased()
                meta = try server.create {
                    guard let key else { throw SyncCryptoError.emptyPassphrase(from: nil) }
                    made = true
                    return SyncServer.Meta(
                        serverID: serverID, salt: salt, kdf: parameters,
                        keyCheck: try KeyCheck.make(key: key, serverID: serverID))
                }
                // Another device set the server up a moment before: its salt, not ours.
                if !made, let secret {
                    key = try SyncKey.derive(passphrase: secret, salt: meta.salt, parameters: meta.kdf)
                }
            }
            if let key {
                try KeyCheck.verify(meta.keyCheck, key: key, serverID: meta.serverID)
                try keyFile.write(serverID: meta.serverID, key: key)
            }
            try server.register(device: device, name: deviceName)
            return meta.serverID
        }
        return made
    }

    /// Whether the key file holds `meta`'s server's key (it opens the key check).
    private func keyFileOpens(_ meta: SyncServer.Meta) -> Bool {
        guard keyFile.exists, let stored = try? keyFile.read(), stored.serverID == meta.serverID else { return false }
        return (try? KeyCheck.verify(meta.keyCheck, key: stored.key, serverID: meta.serverID)) != nil
    }

    /// Derives the key from the passphrase and keeps it in the key file, after checking
    /// it against the server's key check (a wrong passphrase is refused here, before
    /// anything is pushed or applied).
    public func setKey() throws {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        guard let meta = try SyncServer(connection: connection, url: url).meta() else {
            throw SyncError.serverNotSetUp(url: url)
        }
        try deriveAndKeep(meta)
    }

    private func deriveAndKeep(_ meta: SyncServer.Meta) throws {
        let secret = try passphrase.passphrase(confirm: false)
        let key = try SyncKey.derive(passphrase: secret, salt: meta.salt, parameters: meta.kdf)
        try KeyCheck.verify(meta.keyCheck, key: key, serverID: meta.serverID)
        try keyFile.write(serverID: meta.serverID, key: key)
    }

    // MARK: - sync

    /// Pushes what the server lacks, then pulls and applies every other device's
    /// changes. One sync of a store at a time (a lock file beside the store); the server
    /// takes one push of a device at a time (its device row, locked).
    ///
    /// A server that holds less of some device's log than this store has seen (rolled
    /// back to an older copy) is refused before anything is pushed; every change of the
    /// pull is checked (no hole, no repeat, no size over `maximumChangeBytes`, every seal
    /// opens) before any is applied (issue 31 items 1–4).
    public func sync() throws -> SyncReport {
        guard let identity = try store.sync.syncIdentity() else { throw SyncError.notSetUp }
        let lock = try FileLock.open(syncLockPath)
        _ = try lock.take(.exclusive, wait: .forever)
        defer { lock.release() }
        return try sync(identity)
    }

    /// `sync()`, unless another sync of this store holds its lock: then nil at once,
    /// having done nothing (the automatic sync of SPEC §20 never runs twice at once).
    public func syncIfIdle() throws -> SyncReport? {
        guard let identity = try store.sync.syncIdentity() else { throw SyncError.notSetUp }
        let lock = try FileLock.open(syncLockPath)
        guard try lock.take(.exclusive, wait: .once) else { return nil }
        defer { lock.release() }
        return try sync(identity)
    }

    /// The lock file beside the store that one sync at a time holds (`FileLock`).
    private var syncLockPath: String { storePath + ".sync-lock" }

    /// One sync, under the store's sync lock.
    private func sync(_ identity: SyncIdentity) throws -> SyncReport {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        let server = SyncServer(connection: connection, url: url)
        guard let meta = try server.meta() else { throw SyncError.serverNotSetUp(url: url) }
        guard meta.serverID == identity.server else { throw SyncError.otherServer }
        let stored = try keyFile.read()
        guard stored.serverID == meta.serverID else { throw SyncError.keyForOtherServer(path: keyFile.path) }
        do {
            try KeyCheck.verify(meta.keyCheck, key: stored.key, serverID: meta.serverID)
        } catch SyncCryptoError.wrongKey {
            throw SyncCryptoError.keyFileDoesNotMatch(path: keyFile.path)
        }
        let sealer = ChangeSealer(key: stored.key)
        let marks = try server.marks()
        try SyncSequence.checkServer(holds: marks.lastSeq, known: try store.sync.syncKnown(), name: marks.name)
        var report = SyncReport()
        report.pushed = try push(connection, device: identity.device, pushed: identity.pushed, sealer: sealer)
        var pulled = try fetchPull(server, sealer: sealer)
        var batches = pulled.takeBatches(of: Self.pullBatch)
        for index in batches.indices {
            let changes = try batches[index].map { try $0.opened(with: sealer) }
            batches[index] = []
            let applied = try store.sync.applySyncChanges(
                changes, readRoutine: readRoutine, at: now(), name: pulled.marks.name)
            report.pulled += changes.count
            report.apply.applied += applied.applied
            report.apply.waiting = applied.waiting
            // A day named by an earlier batch, named again, is named once (as it is now).
            let named = Set(applied.sameDay.map { "\($0.habit)\n\($0.day)" })
            report.apply.sameDay.removeAll { named.contains("\($0.habit)\n\($0.day)") }
            report.apply.sameDay += applied.sameDay
            report.apply.problems += applied.problems
        }
        try store.sync.recordSync(at: now())
        _ = try? connection.execute(
            "UPDATE routine_sync.device SET last_sync = now() WHERE id = $1", [.text(identity.device)])
        return report
    }

    /// The largest sealed change a device pushes or fetches: a body over it is refused
    /// by its length, before its bytes are fetched (a forged 200 MB body cost 21 s and
    /// 1 GB). A change holds at most 1,000 entries or one routine version, a few
    /// hundred KB sealed; a routine file of 100,000 nodes is about 1 MB sealed.
    public static let maximumChangeBytes = 16 << 20

    private func push(
        _ connection: PostgresConnection, device: String, pushed mark: Int64, sealer: ChangeSealer
    ) throws -> Int {
        var pushed = 0
        var checked = false
        while true {
            let batch = try store.sync.outbox(limit: Self.pushBatch)
            guard let last = batch.last else { return pushed }
            if !checked {
                try checkOwnChangesBeyond(pushed: mark, connection, device: device, sealer: sealer)
                checked = true
            }
            let range: (first: Int64, last: Int64) = try connection.transaction { connection in
                let row = try connection.execute(
                    "SELECT last_seq FROM routine_sync.device WHERE id = $1 FOR UPDATE", [.text(device)])
                guard row.count == 1 else { throw SyncError.notRegistered }
                var seq = try row.int64(0, "last_seq")
                let first = seq + 1
                // A push retried after a crash between the server's commit and the
                // store's: those changes are there already, under their uids.
                let present = try connection.execute(
                    "SELECT uid FROM routine_sync.change WHERE uid = ANY(string_to_array($1, ','))",
                    [.text(batch.map(\.uid).joined(separator: ","))])
                let known = Set(try (0..<present.count).map { try present.string($0, "uid") })
                var rows: [[PostgresValue]] = []
                for change in batch where !known.contains(change.uid) {
                    seq += 1
                    let body = try sealer.seal(
                        ChangeBody.plaintext(clock: change.clock, packed: change.packed), device: device, seq: seq,
                        kind: change.kind)
                    guard body.count <= Self.maximumChangeBytes else {
                        throw SyncError.changeTooLarge(device: "this device", seq: seq, bytes: body.count)
                    }
                    rows.append([
                        .text(device), .int(seq), .int(change.clock), .text(change.kind), .text(change.uid),
                        .bytes(body),
                    ])
                }
                if !rows.isEmpty {
                    do {
                        _ = try connection.copyIn(
                            "routine_sync.change (device, seq, hlc, kind, uid, body)", rows: rows, binary: true)
                    } catch let error as PostgresError where error.sqlState == "23505" {
                        throw SyncError.changeExists(seq: first)
                    }
                    _ = try connection.execute(
                        "UPDATE routine_sync.device SET last_seq = $2 WHERE id = $1", [.text(device), .int(seq)])
                }
                return (first, seq)
            }
            try store.sync.markPushed(upTo: last.localID, firstSeq: range.first, lastSeq: range.last, device: device)
            pushed += Int(range.last - range.first + 1)
        }
    }

    /// Refuses to number new changes after a change of this device that this store did
    /// not push and that does not open: a server that copied a row under this device's
    /// next seq would otherwise have every later change numbered after the forgery, a
    /// hole no backup of the server could mend. (A store restored from a backup finds
    /// its own earlier changes there, and they open.)
    private func checkOwnChangesBeyond(
        pushed: Int64, _ connection: PostgresConnection, device: String, sealer: ChangeSealer
    ) throws {
        let rows = try connection.execute(
            """
            SELECT seq, hlc, kind, octet_length(body) AS size,
              CASE WHEN octet_length(body) <= $3 THEN body ELSE '\\x'::bytea END AS body
            FROM routine_sync.change WHERE device = $1 AND seq > $2 ORDER BY seq
            """, [.text(device), .int(pushed), .int(Int64(Self.maximumChangeBytes))])
        for row in 0..<rows.count {
            let seq = try rows.int64(row, "seq")
            let size = try rows.int64(row, "size")
            guard size <= Self.maximumChangeBytes else {
                throw SyncError.changeTooLarge(device: "this device", seq: seq, bytes: Int(size))
            }
            let change = PulledChanges.Sealed(
                device: device, seq: seq, clock: try rows.int64(row, "hlc"), kind: try rows.string(row, "kind"),
                size: Int(size), body: try rows.bytes(row, "body"))
            _ = try change.opened(with: sealer)
        }
    }

    /// Every change of the other devices after this store's cursors, from one snapshot
    /// of the server, checked whole before any is applied: the devices' marks against
    /// what this store has seen, each device's seqs without a hole up to its mark, each
    /// body's length, and every seal (opened here; what is kept until its batch is
    /// applied is the plaintext still compressed, a seventh of the opened size — but for
    /// the first batch's changes, whose items are kept as the check decompressed them:
    /// the first batch is opened whole as soon as this returns, so keeping them raises
    /// no peak, and a pull of up to `pullBatch` changes a device decompresses once).
    private func fetchPull(_ server: SyncServer, sealer: ChangeSealer) throws -> PulledChanges {
        let cursors = try store.sync.syncCursors()
        let devices = cursors.keys.sorted()
        return try server.connection.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
            connection in
            let marks = try server.marks()
            try SyncSequence.checkServer(holds: marks.lastSeq, known: try store.sync.syncKnown(), name: marks.name)
            let rows = try connection.execute(
                """
                WITH cursor_row AS (
                  SELECT * FROM unnest(string_to_array($1, ','), string_to_array($2, ',')::bigint[]) AS c(device, seq))
                SELECT ch.device, ch.seq, ch.hlc, ch.kind, octet_length(ch.body) AS size
                FROM routine_sync.change ch LEFT JOIN cursor_row c ON c.device = ch.device
                WHERE ch.seq > coalesce(c.seq, 0)
                ORDER BY ch.device, ch.seq
                """,
                [
                    .text(devices.joined(separator: ",")),
                    .text(devices.map { String(cursors[$0] ?? 0) }.joined(separator: ",")),
                ])
            var headers: [PulledChanges.Sealed] = []
            for row in 0..<rows.count {
                let device = try rows.string(row, "device")
                let seq = try rows.int64(row, "seq")
                let size = try rows.int64(row, "size")
                guard size <= Self.maximumChangeBytes else {
                    throw SyncError.changeTooLarge(device: "device " + marks.name(device), seq: seq, bytes: Int(size))
                }
                headers.append(
                    PulledChanges.Sealed(
                        device: device, seq: seq, clock: try rows.int64(row, "hlc"), kind: try rows.string(row, "kind"),
                        size: Int(size)))
            }
            try SyncSequence.checkContinues(
                headers.map { ($0.device, $0.seq) }, cursors: cursors, through: marks.lastSeq, name: marks.name)
            // The bodies, a device's run of seqs at a time.
            var index = 0
            var run = 0  // where the device's changes begin
            while index < headers.count {
                let first = headers[index]
                if index == 0 || headers[index - 1].device != first.device { run = index }
                var end = index
                var bytes = 0
                while end < headers.count, headers[end].device == first.device, end - index < Self.pullBatch,
                    bytes < Self.maximumChangeBytes
                {
                    bytes += headers[end].size
                    end += 1
                }
                let bodies = try connection.execute(
                    """
                    SELECT seq, body FROM routine_sync.change WHERE device = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq
                    """, [.text(first.device), .int(first.seq), .int(headers[end - 1].seq)])
                guard bodies.count == end - index else {
                    throw SyncError.tampered(device: first.device, seq: first.seq)
                }
                for row in 0..<bodies.count {
                    guard try bodies.int64(row, "seq") == headers[index + row].seq else {
                        throw SyncError.tampered(device: first.device, seq: headers[index + row].seq)
                    }
                    headers[index + row].body = try bodies.bytes(row, "body")
                    try headers[index + row].unseal(with: sealer, keepingItems: index + row - run < Self.pullBatch)
                }
                index = end
            }
            return PulledChanges(changes: headers, marks: marks)
        }
    }

    // MARK: - status

    /// This device, and the server's devices when it can be reached (else the error).
    public func status() throws -> (SyncStatus, Error?) {
        guard let identity = try store.sync.syncIdentity() else { throw SyncError.notSetUp }
        var status = SyncStatus(identity: identity, deviceName: nil, devices: [])
        do {
            status.devices = try devices()
            status.deviceName = status.devices.first { $0.id == identity.device }?.name
            return (status, nil)
        } catch {
            return (status, error)
        }
    }

    public func devices() throws -> [SyncDevice] {
        let connection = try PostgresConnection(url: url)
        defer { connection.close() }
        let server = SyncServer(connection: connection, url: url)
        guard try server.meta() != nil else { throw SyncError.serverNotSetUp(url: url) }
        return try server.devices()
    }
}

/// The plaintext of a sealed change: the clock (8 bytes, big-endian: the server's
/// plaintext copy of it orders the pull, and a server that changed it is caught here)
/// then the items' JSON as one Zstandard frame (compressed before it is sealed: the
/// server stores, and other devices fetch, about a seventh of the JSON's size).
enum ChangeBody {
    static func plaintext(clock: Int64, packed: [UInt8]) -> [UInt8] {
        withUnsafeBytes(of: clock.bigEndian) { Array($0) } + packed
    }
}

extension ChangeBody {
    struct Opened {
        var clock: Int64
        var items: String
    }

    /// The clock and items of a plaintext, or nil when it is not one `plaintext` made.
    static func open(_ bytes: [UInt8]) throws(ZstdError) -> Opened? {
        guard bytes.count >= 8 else { return nil }
        let clock = bytes.prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        guard let items = try Zstd.decompress(Array(bytes.dropFirst(8))) else { return nil }
        return Opened(clock: clock, items: String(decoding: items, as: UTF8.self))
    }
}

/// A key derived on a thread of its own (scrypt takes a third of a second and 128 MiB
/// by design), so that `sync init` writes the store's snapshot meanwhile.
final class KeyDerivation: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<SyncKey, Error>?

    init(passphrase: String, salt: [UInt8], parameters: KDFParameters) {
        Thread.detachNewThread { [self] in
            result = Result { try SyncKey.derive(passphrase: passphrase, salt: salt, parameters: parameters) }
            done.signal()
        }
    }

    /// The key, once derived (waits for it), or the derivation's error.
    func key() throws -> SyncKey {
        done.wait()
        done.signal()
        return try result!.get()
    }
}
