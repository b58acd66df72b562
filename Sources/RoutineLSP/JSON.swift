import Foundation
import RoutineCore

/// A JSON value: what JSON-RPC messages are made of. Small on purpose (the protocol's
/// types are read and built through it, not through a Codable struct per message), so
/// that a message with a missing or mistyped field is a value to check, never a throw
/// that loses the request's id.
///
/// A number written without a fraction or exponent that fits an `Int` is kept as
/// `.integer`, so an id past 2^53 goes back digit for digit (issue 31 item 19); other
/// numbers are doubles. The two compare equal when they are the same number.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
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
        switch self {
        case .number(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }

    /// A whole number that fits an Int (LSP lines, characters, versions, ids).
    public var int: Int? {
        if case .integer(let value) = self { return value }
        guard let value = number, value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): return Int(exactly: y) == x
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
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
        case .integer(let value): out += String(value)
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
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    public init(_ value: Int) { self = .integer(value) }
    public init(_ value: String) { self = .string(value) }
}
