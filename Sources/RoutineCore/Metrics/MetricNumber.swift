/// Number handling shared by the metric renderers: tidy sums and locale-free text.
public enum MetricNumber {
    /// A value as it enters a sum: missing and non-finite values count as 0, so that one
    /// bad stored value can never turn a whole figure into `nan` or `inf`.
    public static func sample(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return 0 }
        return value
    }

    /// Rounds away binary floating-point noise (`0.1 + 0.2` → `0.3`) by rounding to 9
    /// decimal places; values too large for that to be meaningful are returned as is.
    public static func tidy(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e6 else { return value }
        return (value * 1e9).rounded() / 1e9
    }

    /// Locale-independent text with at most `decimals` decimal places and no trailing
    /// zeros: `10`, `12.5`, `0.33`. Never crashes, whatever the value.
    public static func text(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let places = max(0, min(decimals, 6))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(describing: value) }
        let units = Int(scaled)
        let whole = units / Int(scale)
        var fraction = units % Int(scale)
        var width = places
        while width > 0 && fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        let sign = value < 0 && units != 0 ? "-" : ""
        guard width > 0 else { return sign + String(whole) }
        let digits = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: width - digits.count) + digits
    }

    /// `text(value)` followed by the unit when there is one: `42.5 km`, `3`.
    public static func text(_ value: Double, unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return text(value) }
        return text(value) + " " + unit
    }
}
