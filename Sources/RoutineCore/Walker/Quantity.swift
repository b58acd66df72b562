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
        var text = text.trimmingWhitespace()
        return text.withUTF8 { readTrimmed($0, form: form) }
    }

    /// ``read(_:form:)`` over UTF-8 bytes where they lie (a CSV field): no string is made
    /// unless the bytes need trimming or the number is not a short plain decimal.
    public static func read(utf8 bytes: UnsafeBufferPointer<UInt8>, form: Form = .typed) -> Reading {
        // A first and last byte that is ASCII and no white space: nothing to trim
        // (`trimmingWhitespace`'s own test).
        guard let first = bytes.first, let last = bytes.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F
        else { return read(String(decoding: bytes, as: UTF8.self), form: form) }
        return readTrimmed(bytes, form: form)
    }

    private static func readTrimmed(_ bytes: UnsafeBufferPointer<UInt8>, form: Form) -> Reading {
        var digits = 0
        var points = 0
        var exponent: (at: Int, digits: Int)?
        for index in 0..<bytes.count {
            switch bytes[index] {
            case 48...57:
                if exponent != nil { exponent?.digits += 1 } else { digits += 1 }
            case UInt8(ascii: ".") where exponent == nil:
                points += 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard form == .data, exponent == nil, digits > 0 else { return .notAnAmount }
                exponent = (index, 0)
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                // Only right after the `e`.
                guard let mark = exponent, mark.digits == 0, mark.at + 1 == index else { return .notAnAmount }
            default:
                return .notAnAmount
            }
        }
        guard digits > 0, points <= 1, exponent.map({ $0.digits > 0 }) ?? true else { return .notAnAmount }
        guard let value = number(bytes, plain: exponent == nil), value.isFinite else { return .notAnAmount }
        return isAllowed(value) ? .value(value) : .tooLarge
    }

    /// The value of checked digits (`12`, `12.5`, `.5`, `12.`, `1e-07`), as `Double`
    /// reads it. A plain decimal of at most 19 digits whose integer is at most 2^53, with
    /// at most 22 after the point, is that integer over a power of ten: both exact as
    /// doubles, so the one division is correctly rounded, as the parser's result is
    /// (Clinger's fast path). Any other goes through `Double(String)`.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, plain: Bool) -> Double? {
        if plain {
            var mantissa: UInt64 = 0
            var count = 0
            var fraction = 0
            var afterPoint = false
            for byte in bytes {
                if byte == UInt8(ascii: ".") {
                    afterPoint = true
                    continue
                }
                count += 1
                guard count <= 19 else { break }
                mantissa = mantissa * 10 + UInt64(byte - 48)
                if afterPoint { fraction += 1 }
            }
            if count <= 19, mantissa <= 1 << 53, fraction < powersOfTen.count {
                return Double(mantissa) / powersOfTen[fraction]
            }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix(".") { text.removeLast() }
        if text.hasPrefix(".") { text = "0" + text }
        return Double(text)
    }

    /// 10^0 … 10^22, each exact as a double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

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
