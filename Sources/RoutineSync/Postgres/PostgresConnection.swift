import Foundation

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

    /// Opens a connection, or fails with one line saying why (never quoting the password).
    public init(url: String) throws(PostgresError) {
        let library = try LibPQ.shared()
        var settings: [(String, String)] = [
            ("fallback_application_name", "routine"), ("client_encoding", "UTF8"),
            ("options", "-c bytea_output=hex"),
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
        if parameters.isEmpty { return try rows(of: library.exec(connection, sql)) }
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
        let result = library.execParams(connection, sql, Int32(parameters.count), types, values, lengths, formats, 0)
        return try rows(of: result)
    }

    /// Runs `body` between BEGIN and COMMIT; any error it throws rolls the transaction
    /// back and is rethrown as it was.
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body(self)
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
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
