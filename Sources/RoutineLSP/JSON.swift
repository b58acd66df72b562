import Foundation
import RoutineCore

/// A JSON value: what JSON-RPC messages are made of. Small on purpose (the protocol's
/// types are read and built through it, not through a Codable struct per message), so
/// that a message with a missing or mistyped field is a value to check, never a throw
/// that loses the request's id.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A whole number that fits an Int (LSP lines, characters, versions, ids).
    public var int: Int? {
        guard let value = number, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// Parses one JSON text; nil when it is not JSON (or nests deeper than 512).
    public static func parse(_ data: Data) -> JSON? {
        var parser = JSONParser(bytes: [UInt8](data))
        return parser.document()
    }

    public static func parse(_ text: String) -> JSON? { parse(Data(text.utf8)) }

    /// Compact JSON text; object keys sorted, so that output is stable.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += JSONText.number(value)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                fields[key]?.write(to: &out)
            }
            out += "}"
        }
    }

    /// Strings are written by the project's one JSON string writer.
    private static func quote(_ text: String, into out: inout String) {
        out += JSONText.string(text)
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    public init(_ value: Int) { self = .number(Double(value)) }
    public init(_ value: String) { self = .string(value) }
}
