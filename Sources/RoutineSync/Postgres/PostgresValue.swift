/// A value sent to PostgreSQL as a statement parameter or a COPY field.
///
/// Text, integers and booleans travel in PostgreSQL's text form and let the server infer
/// or cast the type from the statement; bytes travel binary as `bytea` (no hex doubling
/// on the way out, and no escaping to get wrong).
public enum PostgresValue: Equatable, Sendable {
    case null
    case text(String)
    case int(Int64)
    case bool(Bool)
    case bytes([UInt8])

    /// The type the parameter is declared with (0 lets the server infer it from the
    /// statement, so text can fill a uuid or a timestamptz column).
    var typeOID: UInt32 {
        switch self {
        case .null, .text: 0
        case .int: 20  // int8
        case .bool: 16  // bool
        case .bytes: 17  // bytea
        }
    }

    /// The UTF-8 text form of a scalar (nil for NULL and bytes), refusing a NUL
    /// character, which libpq would silently cut the value at.
    func textForm() throws(PostgresError) -> String? {
        switch self {
        case .null, .bytes: return nil
        case .int(let value): return String(value)
        case .bool(let value): return value ? "t" : "f"
        case .text(let value):
            if value.utf8.contains(0) {
                throw .badParameter("text holds a NUL character, which PostgreSQL cannot store")
            }
            return value
        }
    }
}
