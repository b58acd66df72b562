/// The one place JSON text is written by hand (transcripts, check reports, stats,
/// exports), so that key order and number forms are exactly those the spec shows (Foundation's encoder orders keys as it likes and writes
/// whole doubles inconsistently across platforms).
public enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else (non-ASCII included) written as is.
    public static func string(_ text: String) -> String {
        // Most strings (ids, codes, messages, URIs) are printable ASCII without a quote or
        // backslash: written as they are, without a walk over their scalars.
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        if plain { return "\"" + text + "\"" }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
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
        return out
    }

    /// A JSON number for a recorded value: whole numbers without a fraction (`10`,
    /// not `10.0`), others in Swift's shortest round-tripping form (`12.5`, `1e-07`).
    /// Values are finite (answers never produce nan or infinity); a non-finite one is
    /// written as `null` rather than as invalid JSON.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(describing: value)
    }

    /// `number(value)`, or `null`.
    public static func number(_ value: Double?) -> String {
        value.map { number($0) } ?? "null"
    }

    /// A JSON object of members already written as JSON, its keys in the order given
    /// (every command's JSON keeps its documented key order).
    public static func object(_ members: KeyValuePairs<String, String>) -> String {
        "{" + members.map { string($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// A JSON array of items already written as JSON.
    public static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// `string(text)`, or `null`.
    public static func string(_ text: String?) -> String {
        text.map { string($0) } ?? "null"
    }
}
