/// What can go wrong talking to PostgreSQL, each said in one line a person can act on.
///
/// libpq's own messages run over several lines (a hint indented under the failure) and
/// name the socket or host that failed; the cases keep the first meaningful line of them
/// as `detail`. No case ever holds the connection URL, and messages that might quote part
/// of it have its password removed before they get here (`ConnectionFailure`).
public enum PostgresError: Error, CustomStringConvertible, Equatable, Sendable {
    /// libpq.so.5 could not be loaded (or lacks a function this client calls).
    case libpqMissing
    /// No server answered: connection refused, no such host, no socket, a timeout.
    case unreachable(String)
    /// The server answered and refused the login: a wrong password, none given, no such role.
    case authenticationFailed(String)
    /// The server is there and the login was fine, but the database named in the URL is not.
    case databaseMissing(String)
    /// The URL asks for SSL (`sslmode=require` or stricter) and the server offers none.
    case sslRequired(String)
    /// The server turned away a connection made without SSL (pg_hba.conf has only
    /// `hostssl` for it): the URL says `sslmode=disable`, or the server offers no SSL.
    case sslRequiredByServer(String)
    /// Any other failure to connect (a malformed URL, the server starting up…).
    case connectionFailed(String)
    /// The connection broke while in use: the server stopped or the network went.
    case connectionLost(String)
    /// The server ran the statement and reported an error. `sqlState` tells callers
    /// which: 23505 unique violation, 42P01 undefined table, 40001 / 40P01 retry.
    case query(sqlState: String, message: String)
    /// The server did not answer a statement within `seconds` (the connection is closed).
    case noAnswer(seconds: Int)
    /// A value that cannot be sent: text with a NUL character (PostgreSQL text holds none).
    case badParameter(String)
    /// A read of a result that does not fit: a wrong column, a NULL, a wrong type.
    case badRead(String)

    /// The five-character SQLSTATE of a failed statement, nil for every other case.
    public var sqlState: String? {
        if case .query(let sqlState, _) = self { return sqlState }
        return nil
    }

    public var description: String {
        switch self {
        case .libpqMissing: "sync needs libpq: apt-get install libpq5"
        case .unreachable(let detail): "cannot reach the PostgreSQL server: \(detail)"
        case .authenticationFailed(let detail): "PostgreSQL refused the login: \(detail)"
        case .databaseMissing(let detail): "PostgreSQL has no such database: \(detail)"
        case .sslRequired(let detail):
            "the sync URL requires SSL but the PostgreSQL server does not offer it: \(detail)"
        case .sslRequiredByServer(let detail):
            "the PostgreSQL server accepts this connection only over SSL (sslmode=require): \(detail)"
        case .connectionFailed(let detail): "cannot connect to PostgreSQL: \(detail)"
        case .connectionLost(let detail): "the connection to PostgreSQL was lost: \(detail)"
        case .noAnswer(let seconds):
            "the PostgreSQL server did not answer within \(seconds) s; nothing more was sent (ROUTINE_SYNC_TIMEOUT sets the wait)"
        case .query("55P03", _):
            "the sync server is busy: a table it needs stayed locked by another session past the timeout "
                + "(ROUTINE_SYNC_TIMEOUT); try again later"
        case .query("57014", let message) where message.contains("statement timeout"):
            "the sync server did not finish a statement within the timeout (ROUTINE_SYNC_TIMEOUT); try again later"
        case .query(let sqlState, let message): "PostgreSQL: \(message) (SQLSTATE \(sqlState))"
        case .badParameter(let detail): "cannot send to PostgreSQL: \(detail)"
        case .badRead(let detail): "unexpected PostgreSQL result: \(detail)"
        }
    }
}
