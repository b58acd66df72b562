/// The one amount grammar (SPEC §4.2), everywhere an amount enters: a run's prompt,
/// `log`, `edit --value`, a goal's `--target`, a condition, a test file, a CSV import.
/// Typed amounts take it as it is (`TypedAmount` adds a unit and a decimal comma around
/// it, for people typing); data (CSV files) also takes an exponent, since exports write
/// one for tiny values (`1e-07`, `JSONValue.numberText`).
public enum Quantity {
    /// The largest value accepted anywhere a value enters (1,000,000,000). Far above
    /// any amount a person records for a habit, and low enough that the sums and
    /// averages of a lifetime of entries stay finite and exact to the unit (values
    /// near 1e308 summed to `inf` in `stats`).
    public static let maximum: Double = 1_000_000_000

    /// What typed text means as an amount.
    public enum Reading: Equatable, Sendable {
        case value(Double)
        /// Shaped like an amount but above ``Quantity/maximum``.
        case tooLarge
        /// Not an amount at all.
        case notAnAmount
    }

    /// Digits with an optional decimal fraction, ≥ 0 (`12`, `12.5`, `.5`), surrounding
    /// white space ignored; nil for anything else (signs, exponents, `nan`, `inf`) and
    /// for amounts above ``maximum``.
    public static func parse(_ text: String) -> Double? {
        if case .value(let value) = read(text) { return value }
        return nil
    }

    /// Where an amount comes from: what differs is only whether an exponent is read.
    public enum Form: Sendable {
        /// Typed by a person: digits with an optional decimal fraction.
        case typed
        /// Read from a file: also an exponent (`1e-07`, `2.5E+3`), as exports write.
        case data
    }

    /// Like ``parse(_:)``, telling a too large amount from text that is no amount:
    /// ASCII digits with an optional decimal fraction, at least one digit in all (`12`,
    /// `12.5`, `.5`, and `12.`, read as 12), and with `.data` an exponent after them;
    /// surrounding white space ignored. No sign, no `nan`/`inf`, no thousands separators
    /// or decimal commas, no other scripts' digits.
    public static func read(_ text: String, form: Form = .typed) -> Reading {
        let text = text.trimmingWhitespace()
        var digits = 0
        var points = 0
        var exponent: (at: String.Index, digits: Int)?
        for index in text.utf8.indices {
            let byte = text.utf8[index]
            switch byte {
            case 48...57:
                if exponent != nil { exponent?.digits += 1 } else { digits += 1 }
            case UInt8(ascii: ".") where exponent == nil:
                points += 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard form == .data, exponent == nil, digits > 0 else { return .notAnAmount }
                exponent = (index, 0)
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                // Only right after the `e`.
                guard let mark = exponent, mark.digits == 0, text.utf8.index(after: mark.at) == index else {
                    return .notAnAmount
                }
            default:
                return .notAnAmount
            }
        }
        guard digits > 0, points <= 1, exponent.map({ $0.digits > 0 }) ?? true else { return .notAnAmount }
        let normalized = text.hasSuffix(".") ? String(text.dropLast()) : text
        let padded = normalized.hasPrefix(".") ? "0" + normalized : normalized
        guard let value = Double(padded), value.isFinite else { return .notAnAmount }
        return isAllowed(value) ? .value(value) : .tooLarge
    }

    /// Whether `value` may be recorded: finite, ≥ 0 and at most ``maximum``.
    public static func isAllowed(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= maximum
    }

    /// The one line for an amount above ``maximum``: `'TEXT' is too large: amounts go up to 1000000000`.
    /// A long text is cut to its first 40 characters, so the line stays one short line.
    public static func tooLargeMessage(_ text: String) -> String {
        "'\(clipped(text))' is too large: amounts go up to \(JSONValue.numberText(maximum))"
    }

    private static func clipped(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }

    /// The one line saying why `text` is not an amount, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        switch read(text) {
        case .value: nil
        case .tooLarge: tooLargeMessage(text.trimmingWhitespace())
        case .notAnAmount:
            "'\(clipped(text))' is not an amount: use digits with an optional decimal fraction, like 12 or 2.5"
        }
    }
}
