/// Writes a string as a YAML scalar that every YAML reader gives back unchanged.
enum YAMLScalar {
    /// Words that YAML 1.1 or 1.2 readers turn into booleans or null when plain.
    private static let reserved: Set<String> = [
        "y", "n", "yes", "no", "true", "false", "on", "off", "null", "~",
    ]

    /// Plain when that is unambiguous to any YAML reader (letters first, no
    /// indicators, no reserved words, nothing number-like); otherwise double-quoted.
    static func render(_ text: String) -> String {
        isSafePlain(text) ? text : doubleQuoted(text)
    }

    static func isSafePlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first.properties.isAlphabetic || first == "_" else { return false }
        guard last != " " else { return false }
        if reserved.contains(text.lowercased()) { return false }
        for scalar in text.unicodeScalars {
            switch scalar {
            case ":", "#", ",", "[", "]", "{", "}", "\"", "'", "\\", "`":
                return false
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    return false
                }
            }
        }
        return !text.contains("  ")
    }

    /// A double-quoted scalar with YAML escapes for anything not printable.
    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{0}": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{A0}": out += "\\_"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) {
                    out += "\\x" + hex(value, width: 2)
                } else if value == 0xFEFF || (0xD800...0xDFFF).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    out += "\\u" + hex(value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
