/// Amounts as people type them, everywhere one is typed (a run's prompt, `log`,
/// `edit --value`, a goal's `--target`, a CSV import): one rule, SPEC §4.2's.
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

    /// Like ``parse(_:)``, telling a too large amount from text that is no amount.
    public static func read(_ text: String) -> Reading {
        AnswerReader.readQuantity(text.trimmingWhitespace())
    }

    /// Whether `value` may be recorded: finite, ≥ 0 and at most ``maximum``.
    public static func isAllowed(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= maximum
    }

    /// The one line for an amount above ``maximum``: `'TEXT' is too large: amounts go up to 1000000000`.
    /// A long text is cut to its first 40 characters, so the line stays one short line.
    public static func tooLargeMessage(_ text: String) -> String {
        "'\(clipped(text))' is too large: amounts go up to \(JSONText.number(maximum))"
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
