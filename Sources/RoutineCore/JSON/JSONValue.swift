/// The one JSON value of the project: every `--format json`, the studio's answers and
/// the language server's messages are built as one and written by its one serializer
/// (`text`, `write(to:)`), so that key order, number forms and escaping are decided in
/// one place.
///
/// Objects keep their keys in the order they were built (every command's JSON keeps
/// its documented key order; Foundation's encoder orders keys as it likes and writes
/// whole doubles inconsistently across platforms). A number written without a fraction
/// or exponent that fits an `Int` is kept as `.integer`, so an id past 2^53 goes back
/// digit for digit (issue 31 item 19); other numbers are doubles. The two compare equal
/// when they are the same number, and two objects compare equal when they hold the same
/// keys with equal values, in any order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    /// A whole number of any size, as its decimal digits (`paths`' combinations, past
    /// any Int); never read by the parser.
    case digits(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public subscript(index: Int) -> JSONValue? {
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

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isNull: Bool { self == .null }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.digits(let x), .digits(let y)): return x == y
        case (.integer(let x), .number(let y)), (.number(let y), .integer(let x)): return Int(exactly: y) == x
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)): return x == y
        default: return false
        }
    }

    /// Parses one JSON text; nil when it is not JSON (or nests deeper than 512). Object
    /// keys keep the order they were written in; a repeated key keeps its first place
    /// and its last value.
    public static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var parser = JSONParser(bytes: bytes)
        return parser.document()
    }

    public static func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }
}

// MARK: - Building

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object, its keys in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }

    public init(_ value: Int) { self = .integer(value) }
    public init(_ value: String) { self = .string(value) }
    public init(_ value: Bool) { self = .bool(value) }
    /// A number; nil is `null`.
    public init(_ value: Double?) { self = value.map(JSONValue.number) ?? .null }
    /// A string; nil is `null`.
    public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
    /// An integer; nil is `null`.
    public init(_ value: Int?) { self = value.map(JSONValue.integer) ?? .null }
    /// An array of strings.
    public init(_ values: [String]) { self = .array(values.map(JSONValue.string)) }
}

/// A JSON object's members in the order they were built. Reading a key finds its
/// member; setting one replaces its value in place or appends it; setting nil removes it.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    /// The members as (key, value), in order.
    public private(set) var members: [(String, JSONValue)]

    public init() { members = [] }

    /// Members in this order; their keys are distinct (the caller's duty: the literals
    /// in the code name each key once).
    public init(_ members: [(String, JSONValue)]) {
        self.members = members
    }

    /// The dictionary's members, keys sorted (a dictionary has no order of its own).
    public init(_ dictionary: [String: JSONValue]) {
        members = dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }

    public var count: Int { members.count }
    public var keys: [String] { members.map(\.0) }

    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.0 == key }?.1 }
        set {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                if let newValue { members[index].1 = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    /// Appends a member without looking for the key (the caller builds distinct keys).
    public mutating func append(_ key: String, _ value: JSONValue) { members.append((key, value)) }

    public func makeIterator() -> IndexingIterator<[(String, JSONValue)]> { members.makeIterator() }

    /// The same keys with equal values, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.members.count == b.members.count && a.members.allSatisfy { b[$0.0] == $0.1 }
    }
}

// MARK: - Writing

extension JSONValue {
    /// Compact JSON text (no white space), object keys in the order built.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Compact JSON text with every object's keys sorted (the language server's messages,
    /// as it has always written them).
    public var sortedText: String {
        var out = ""
        write(to: &out, sortingKeys: true)
        return out
    }

    /// An array written one element a line (`[{…},\n{…}]`: `entries --format json`), each
    /// element compact.
    /// Each element is written as it comes (a lazy sequence builds one at a time).
    public static func lines<Items: Sequence<JSONValue>>(_ items: Items) -> String {
        var out = "["
        var first = true
        for item in items {
            if !first { out += ",\n" }
            first = false
            item.write(to: &out)
        }
        out += "]"
        return out
    }

    /// Appends the compact JSON text to `out` (streaming writers append one element at a time).
    public func write(to out: inout String, sortingKeys: Bool = false) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += value.isFinite ? Self.numberText(value) : "null"
        case .integer(let value): out += String(value)
        case .digits(let value): out += value
        case .string(let value): Self.write(string: value, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out, sortingKeys: sortingKeys)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            let members = sortingKeys ? fields.members.sorted { $0.0 < $1.0 } : fields.members
            var first = true
            for (key, value) in members {
                if !first { out += "," }
                first = false
                Self.write(string: key, to: &out)
                out += ":"
                value.write(to: &out, sortingKeys: sortingKeys)
            }
            out += "}"
        }
    }

    /// A finite number as JSON writes it, and as amounts are written in text: whole
    /// numbers without a fraction (`10`, not `10.0`), others in Swift's shortest
    /// round-tripping form (`12.5`, `1e-07`).
    public static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(describing: value)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else (non-ASCII included) written as is.
    static func write(string text: String, to out: inout String) {
        // Most strings (ids, codes, messages, URIs) are printable ASCII without a quote or
        // backslash: written as they are, without a walk over their scalars.
        // Read as one buffer where the string has one (native and small strings do): the
        // generic `allSatisfy` over the view cost 5 % of `entries --format json`.
        let plain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C {
                    return false
                }
                return true
            } ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        out += "\""
        if plain {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
