/// Minimal JSON text for the values the metrics write.
public enum MetricJSON {
    /// A JSON string literal: quotes, backslashes and control characters escaped;
    /// everything else (including `/` and non-ASCII) written as is.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A JSON number: whole values without a fraction (`10`), others in Swift's
    /// shortest round-tripping form (`11.5`, `1e-05`); `null` for nan and infinities,
    /// which JSON cannot write.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(describing: value)
    }
}
