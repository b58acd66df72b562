import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to PostgreSQL through libpq: statements with parameters, transactions,
/// and bulk loads with COPY.
///
/// The URL goes to libpq unchanged (as a URI or as key=value pairs), so everything libpq
/// documents works: `sslmode`, `host=/socket/folder`, `connect_timeout`, passwords in the
/// URL, `PGPASSWORD`, `~/.pgpass`, service files. Underneath it, this client sets only
/// defaults the URL can still override: a 10-second connect timeout (unless
/// `PGCONNECT_TIMEOUT` is set), UTF-8 as the client encoding, hex `bytea` output, and the
/// application name `routine` for operators reading `pg_stat_activity`.
///
/// Use a connection from one thread at a time (libpq's rule). Server notices (such as
/// "relation already exists, skipping") are dropped rather than printed on stderr.
public final class PostgresConnection {
    let library: LibPQ
    var connection: OpaquePointer?
    /// Seconds a statement may take (`statement_timeout` and `lock_timeout` on the
    /// server); the client gives up `answerGrace` seconds after that on its own.
    let timeout: Int

    /// The statement timeout when `ROUTINE_SYNC_TIMEOUT` does not set one.
    public static let defaultTimeout = 60
    /// What the client waits beyond the server's own timeout before it gives up on a
    /// server that does not answer at all.
    static let answerGrace = 2

    /// `ROUTINE_SYNC_TIMEOUT` (whole seconds, 1 to 86,400), else `defaultTimeout`.
    public static func timeout(environment: [String: String]) -> Int {
        guard let text = environment["ROUTINE_SYNC_TIMEOUT"], let seconds = Int(text), (1...86_400).contains(seconds)
        else { return defaultTimeout }
        return seconds
    }

    /// Opens a connection, or fails with one line saying why (never quoting the password).
    ///
    /// Nothing waits without end (issue 31 item 6): libpq's `connect_timeout` bounds the
    /// connecting, TCP keepalives and `tcp_user_timeout` notice a peer that went away,
    /// the server cancels a statement after `timeout` seconds or one that waits for a
    /// lock as long, and the client itself gives up on a server that does not answer.
    public init(url: String, timeout: Int? = nil) throws(PostgresError) {
        let library = try LibPQ.shared()
        let timeout = timeout ?? Self.timeout(environment: ProcessInfo.processInfo.environment)
        var settings: [(String, String)] = [
            ("fallback_application_name", "routine"), ("client_encoding", "UTF8"),
            // The statement timeout half a second past the lock timeout: a statement that
            // waited for a lock says so.
            (
                "options",
                "-c bytea_output=hex -c lock_timeout=\(timeout)s -c statement_timeout=\(timeout * 1000 + 500)ms"
            ),
            ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"),
            ("keepalives_count", "3"), ("tcp_user_timeout", String((timeout + Self.answerGrace) * 1000)),
        ]
        if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
            settings.append(("connect_timeout", "10"))
        }
        // Last, and expanded: libpq lets what the URL says override every entry before it.
        settings.append(("dbname", url))
        let keywords = CStringArray(settings.map(\.0))
        let values = CStringArray(settings.map(\.1))
        defer {
            keywords.free()
            values.free()
        }
        guard let connection = library.connectdbParams(keywords.pointers, values.pointers, 1) else {
            throw .connectionFailed("libpq could not allocate a connection")
        }
        guard library.status(connection) == LibPQ.connectionOK else {
            let message = library.errorMessage(connection).map { String(cString: $0) } ?? ""
            library.finish(connection)
            throw ConnectionFailure.error(message: message, url: url)
        }
        _ = library.setNoticeProcessor(connection, { _, _ in }, nil)
        self.library = library
        self.connection = connection
        self.timeout = timeout
    }

    deinit { close() }

    /// Closes the connection; later calls fail with `connectionLost`. Safe to call twice.
    public func close() {
        if let connection { library.finish(connection) }
        connection = nil
    }

    /// Runs one statement with `$1…` parameters and returns its rows.
    ///
    /// Without parameters the text may hold several statements separated by semicolons
    /// (a schema script); the rows are then the last statement's.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresRows {
        let connection = try open()
        if parameters.isEmpty {
            guard library.sendQuery(connection, sql) == 1 else { throw failure(nil) }
            return try rows(of: try awaitResult())
        }
        var texts: [String?] = []
        for parameter in parameters { texts.append(try parameter.textForm()) }
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        defer { buffers.forEach { Foundation.free($0) } }
        for (parameter, text) in zip(parameters, texts) {
            if case .bytes(let bytes) = parameter {
                guard bytes.count <= Int32.max else { throw .badParameter("a bytea value over 2 GB") }
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
                bytes.withUnsafeBytes { source in
                    if let base = source.baseAddress {
                        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
                    }
                }
                buffers.append(buffer)
                lengths.append(Int32(bytes.count))
            } else {
                buffers.append(text.flatMap { strdup($0) })
                lengths.append(0)
            }
        }
        let types = parameters.map(\.typeOID)
        let formats: [Int32] = parameters.map { if case .bytes = $0 { 1 } else { 0 } }
        let values = buffers.map { UnsafePointer($0) }
        guard
            library.sendQueryParams(connection, sql, Int32(parameters.count), types, values, lengths, formats, 0) == 1
        else { throw failure(nil) }
        return try rows(of: try awaitResult())
    }

    /// Runs `body` between BEGIN and COMMIT; any error it throws rolls the transaction
    /// back and is rethrown as it was.
    public func transaction<T>(begin: String = "BEGIN", _ body: (PostgresConnection) throws -> T) throws -> T {
        try execute(begin)
        do {
            let value = try body(self)
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// The result of the statement sent, as `PQexec` gives it (the last one, or the
    /// first that failed; a COPY's as soon as it starts), waiting for the server at most
    /// `timeout` + `answerGrace` seconds: a server that stops answering closes the
    /// connection with one line instead of holding the sync (and its lock) for ever.
    func awaitResult() throws(PostgresError) -> OpaquePointer? {
        let connection = try open()
        let deadline = Date().addingTimeInterval(Double(timeout + Self.answerGrace))
        var kept: OpaquePointer?
        while true {
            while library.isBusy(connection) == 1 {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else {
                    if let kept { library.clear(kept) }
                    close()
                    throw .noAnswer(seconds: timeout + Self.answerGrace)
                }
                var descriptor = pollfd(fd: library.socket(connection), events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
                if ready < 0, errno != EINTR { break }
                if ready != 0, library.consumeInput(connection) != 1 { break }
            }
            guard let result = library.getResult(connection) else { return kept }
            let status = library.resultStatus(result)
            if [LibPQ.copyIn, LibPQ.copyOut, LibPQ.copyBoth].contains(status) {
                if let kept { library.clear(kept) }
                return result
            }
            if let kept, library.resultStatus(kept) == LibPQ.fatalError {
                library.clear(result)
            } else {
                if let kept { library.clear(kept) }
                kept = result
            }
        }
    }

    /// The open libpq connection, or `connectionLost` once closed.
    func open() throws(PostgresError) -> OpaquePointer {
        guard let connection else { throw .connectionLost("the connection was closed") }
        return connection
    }

    /// Reads a result into `PostgresRows` and frees it, or turns it into the error it holds.
    func rows(of result: OpaquePointer?) throws(PostgresError) -> PostgresRows {
        guard let result else { throw failure(nil) }
        defer { library.clear(result) }
        let status = library.resultStatus(result)
        if status == LibPQ.copyIn {
            _ = library.putCopyEnd(connection, "COPY FROM STDIN goes through copyIn")
            drainResults()
            throw .badParameter("COPY FROM STDIN goes through copyIn, not execute")
        }
        guard status == LibPQ.commandOK || status == LibPQ.tuplesOK else { throw failure(result) }
        return ResultReader(library: library, result: result).rows()
    }

    /// The error a failed result (or a missing one) stands for: the server's SQLSTATE
    /// and primary message, or `connectionLost` when the connection is gone.
    func failure(_ result: OpaquePointer?) -> PostgresError {
        func text(_ pointer: UnsafePointer<CChar>?) -> String? {
            pointer.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let sqlState = text(library.resultErrorField(result, LibPQ.diagnosticSQLState))
        let broken = connection.map { library.status($0) != LibPQ.connectionOK } ?? true
        let shutDown = sqlState.map { $0.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains($0) } ?? false
        let message =
            text(library.resultErrorField(result, LibPQ.diagnosticPrimaryMessage))
            ?? text(library.resultErrorMessage(result)).map(ConnectionFailure.firstLine(of:))
            ?? connection.flatMap { text(library.errorMessage($0)) }.map(ConnectionFailure.firstLine(of:))
            ?? "no message from libpq"
        if broken || shutDown { return .connectionLost(message) }
        // No SQLSTATE on a healthy connection: libpq refused the statement itself
        // (too many parameters…); XX000 is PostgreSQL's code for an internal error.
        return .query(sqlState: sqlState ?? "XX000", message: message)
    }

    /// Frees every pending result, leaving the connection ready for the next statement.
    func drainResults() {
        while let result = library.getResult(connection) { library.clear(result) }
    }
}

/// A NULL-terminated array of C strings, for libpq's keyword/value arrays.
struct CStringArray {
    let pointers: [UnsafePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { UnsafePointer(strdup($0)) } + [nil]
    }

    func free() { pointers.forEach { Foundation.free(UnsafeMutableRawPointer(mutating: $0)) } }
}
