import Foundation
import RoutineCore

/// What JSON-RPC messages are made of: the project's one JSON value (RoutineCore's
/// `JSONValue`). Small on purpose (the protocol's types are read and built through it,
/// not through a Codable struct per message), so that a message with a missing or
/// mistyped field is a value to check, never a throw that loses the request's id.
/// Messages are written with their keys sorted (`JSONValue.sortedText`), as they always were.
public typealias JSON = JSONValue

extension JSONValue {
    /// Parses one JSON text; nil when it is not JSON (or nests deeper than 512).
    public static func parse(_ data: Data) -> JSONValue? { parse([UInt8](data)) }
}
