import Foundation

/// libpq, loaded with `dlopen` the first time a connection is opened.
///
/// `routine` is one binary and every command must start as fast as one that never syncs:
/// linking libpq would load about fifteen shared libraries (libssl, Kerberos, LDAP…) at
/// every start. So nothing here is linked; the library is opened once, on first use, and
/// only the functions this client calls are resolved, each cast to its C type. libpq's
/// API is stable across major versions (libpq.so.5 since PostgreSQL 8.x), and every
/// function below exists in any libpq5 Debian ships.
///
/// Immutable after loading, so sharing it across threads is safe (libpq itself is
/// thread-safe as long as one connection is used by one thread at a time).
final class LibPQ: @unchecked Sendable {
    typealias Conn = OpaquePointer
    typealias Result = OpaquePointer

    let connectdbParams:
        @convention(c) (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
        ) -> Conn?
    let status: @convention(c) (Conn?) -> Int32
    let errorMessage: @convention(c) (Conn?) -> UnsafePointer<CChar>?
    let finish: @convention(c) (Conn?) -> Void
    let setNoticeProcessor:
        @convention(c) (
            Conn?, (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void)?,
            UnsafeMutableRawPointer?
        ) -> UnsafeMutableRawPointer?
    let exec: @convention(c) (Conn?, UnsafePointer<CChar>?) -> Result?
    let execParams:
        @convention(c) (
            Conn?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Result?
    let resultStatus: @convention(c) (Result?) -> Int32
    let resultErrorMessage: @convention(c) (Result?) -> UnsafePointer<CChar>?
    let resultErrorField: @convention(c) (Result?, Int32) -> UnsafePointer<CChar>?
    let clear: @convention(c) (Result?) -> Void
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let fname: @convention(c) (Result?, Int32) -> UnsafePointer<CChar>?
    let ftype: @convention(c) (Result?, Int32) -> UInt32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> UnsafePointer<CChar>?
    let getlength: @convention(c) (Result?, Int32, Int32) -> Int32
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let cmdTuples: @convention(c) (Result?) -> UnsafePointer<CChar>?
    let getResult: @convention(c) (Conn?) -> Result?
    let putCopyData: @convention(c) (Conn?, UnsafePointer<CChar>?, Int32) -> Int32
    let putCopyEnd: @convention(c) (Conn?, UnsafePointer<CChar>?) -> Int32
    let sendQuery: @convention(c) (Conn?, UnsafePointer<CChar>?) -> Int32
    let sendQueryParams:
        @convention(c) (
            Conn?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    let consumeInput: @convention(c) (Conn?) -> Int32
    let isBusy: @convention(c) (Conn?) -> Int32
    let socket: @convention(c) (Conn?) -> Int32

    // The values of libpq's enums this client reads (libpq-fe.h, postgres_ext.h).
    static let connectionOK: Int32 = 0
    static let commandOK: Int32 = 1
    static let tuplesOK: Int32 = 2
    static let copyOut: Int32 = 3
    static let copyIn: Int32 = 4
    static let fatalError: Int32 = 7
    static let copyBoth: Int32 = 8
    static let diagnosticSQLState = Int32(UInt8(ascii: "C"))
    static let diagnosticPrimaryMessage = Int32(UInt8(ascii: "M"))

    /// The library, loaded on first use; every later call gets the same outcome.
    static func shared() throws(PostgresError) -> LibPQ {
        try loaded.get()
    }

    private static let loaded: Swift.Result<LibPQ, PostgresError> = load("libpq.so.5")

    /// Opens `name` and resolves every function, or says in one line what is missing.
    /// Internal so tests can ask for a library that is not there.
    static func load(_ name: String) -> Swift.Result<LibPQ, PostgresError> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.libpqMissing)
        }
        do {
            return .success(try LibPQ(handle: handle))
        } catch {
            return .failure(error)
        }
    }

    private init(handle: UnsafeMutableRawPointer) throws(PostgresError) {
        func symbol<T>(_ name: String, _: T.Type = T.self) throws(PostgresError) -> T {
            guard let address = dlsym(handle, name) else { throw .libpqMissing }
            return unsafeBitCast(address, to: T.self)
        }
        connectdbParams = try symbol("PQconnectdbParams")
        status = try symbol("PQstatus")
        errorMessage = try symbol("PQerrorMessage")
        finish = try symbol("PQfinish")
        setNoticeProcessor = try symbol("PQsetNoticeProcessor")
        exec = try symbol("PQexec")
        execParams = try symbol("PQexecParams")
        resultStatus = try symbol("PQresultStatus")
        resultErrorMessage = try symbol("PQresultErrorMessage")
        resultErrorField = try symbol("PQresultErrorField")
        clear = try symbol("PQclear")
        ntuples = try symbol("PQntuples")
        nfields = try symbol("PQnfields")
        fname = try symbol("PQfname")
        ftype = try symbol("PQftype")
        getvalue = try symbol("PQgetvalue")
        getlength = try symbol("PQgetlength")
        getisnull = try symbol("PQgetisnull")
        cmdTuples = try symbol("PQcmdTuples")
        getResult = try symbol("PQgetResult")
        putCopyData = try symbol("PQputCopyData")
        putCopyEnd = try symbol("PQputCopyEnd")
        sendQuery = try symbol("PQsendQuery")
        sendQueryParams = try symbol("PQsendQueryParams")
        consumeInput = try symbol("PQconsumeInput")
        isBusy = try symbol("PQisBusy")
        socket = try symbol("PQsocket")
    }
}
