import Foundation

/// An amount as a person types it for a habit (a run's prompt, `log HABIT VALUE`): the
/// number of ``Quantity``, optionally followed by a unit (`12 min`, `5km`), with a
/// decimal comma where it cannot be read as a thousands separator (`7,5`, not `1,500`).
///
/// A unit that is another spelling of the habit's (`minutes` for `min`) is that unit; a
/// unit of the same kind converts when the result is exact (`1.5 km` for a habit in m is
/// 1500; `100 min` for one in h is not exact and is refused). Files and CSV imports keep
/// the strict ``Quantity`` grammar: this is for people typing, not for data.
public enum TypedAmount {
    /// What typed text means for a habit measured in some unit.
    public enum Reading: Equatable, Sendable {
        case value(Double)
        /// Not usable, with the one line that says why.
        case problem(String)
    }

    /// The number and the unit as typed, before the habit's unit is known (a habit
    /// `log --new` creates takes the unit typed); nil when the number is no amount.
    public static func parts(_ text: String) -> (number: Double, unit: String?)? {
        if case .number(let number, let unit, _) = split(text) { return (number, unit) }
        return nil
    }

    /// Why the number part of `text` is no amount; nil when it is one.
    public static func problem(_ text: String) -> String? {
        if case .problem(let message) = split(text) { return message }
        return nil
    }

    /// `text` as an amount in `unit` (nil: a plain count, which takes no unit).
    public static func read(_ text: String, unit: String?) -> Reading {
        let (number, given, decimal): (Double, String?, Decimal)
        switch split(text) {
        case .problem(let message): return .problem(message)
        case .number(let value, let typed, let exact): (number, given, decimal) = (value, typed, exact)
        }
        guard let given else { return .value(number) }
        let wanted = unit.map(UnitName.canonical) ?? ""
        let typed = UnitName.canonical(given)
        if typed == wanted { return .value(number) }
        guard !wanted.isEmpty else {
            return .problem("this habit has no unit: type the number without '\(given)'")
        }
        guard let (times, per) = UnitConversion.factor(from: typed, to: wanted) else {
            return .problem("'\(given)' is not a unit of this habit, which is measured in \(unit ?? wanted)")
        }
        // Multiply first, then divide, and check the division came out even: 90 min is
        // 1.5 h; 100 min is 1.666… h, which no stored number would be exactly.
        let converted = decimal * times / per
        guard converted * per == decimal * times else {
            return .problem(
                "\(text.trimmingWhitespace()) is not an exact amount of \(unit ?? wanted): type it in \(unit ?? wanted)"
            )
        }
        let value = NSDecimalNumber(decimal: converted).doubleValue
        guard Quantity.isAllowed(value) else { return .problem(Quantity.tooLargeMessage(text.trimmingWhitespace())) }
        return .value(value)
    }

    private enum Split {
        case number(Double, unit: String?, decimal: Decimal)
        case problem(String)
    }

    private static func split(_ text: String) -> Split {
        let trimmed = text.trimmingWhitespace()
        let numberEnd =
            trimmed.firstIndex { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == ",")) } ?? trimmed.endIndex
        var number = String(trimmed[..<numberEnd])
        let unit = String(trimmed[numberEnd...]).trimmingWhitespace()
        if !unit.isEmpty, unit.contains(where: { !$0.isLetter && $0 != " " }) || unit.count > 30 {
            return .problem(Quantity.problem(trimmed) ?? "'\(trimmed)' is not an amount")
        }
        if number.contains(",") {
            let pieces = number.split(separator: ",", omittingEmptySubsequences: false)
            guard pieces.count == 2, !number.contains(".") else { return .problem(notAnAmount(trimmed)) }
            if pieces[1].count == 3 {
                return .problem(
                    "'\(number)' could be \(pieces[0])\(pieces[1]) or \(pieces[0]).\(pieces[1]): write it without the comma, or with a point"
                )
            }
            number = pieces.joined(separator: ".")
        }
        switch Quantity.read(number) {
        case .value(let value):
            let decimal = Decimal(string: number.hasPrefix(".") ? "0" + number : number) ?? Decimal(value)
            return .number(value, unit: unit.isEmpty ? nil : unit, decimal: decimal)
        case .tooLarge: return .problem(Quantity.tooLargeMessage(trimmed))
        case .notAnAmount: return .problem(notAnAmount(trimmed))
        }
    }

    private static func notAnAmount(_ text: String) -> String {
        Quantity.problem(text).map { $0.replacingOccurrences(of: "like 12 or 2.5", with: "like 12, 2.5 or 12 min") }
            ?? "'\(text)' is not an amount"
    }
}

/// Exact factors between units of one kind, by canonical symbol (`UnitName`): only
/// conversions defined exactly (a mile is 1.609344 km by definition, a pound
/// 0.45359237 kg), so a converted amount is never a rounding.
enum UnitConversion {
    /// One `from` is `times / per` of `to` (a fraction, so that no inexact quotient is
    /// taken before the amount is multiplied); nil when the two are not of one kind.
    static func factor(from: String, to: String) -> (times: Decimal, per: Decimal)? {
        guard let a = table[from], let b = table[to], a.kind == b.kind else { return nil }
        return (a.base, b.base)
    }

    /// Each unit's size in its kind's base unit.
    private static let table: [String: (kind: String, base: Decimal)] = [
        "m": ("length", 1), "km": ("length", 1000), "mi": ("length", Decimal(string: "1609.344") ?? 1609),
        "s": ("time", 1), "min": ("time", 60), "h": ("time", 3600),
        "g": ("mass", 1), "kg": ("mass", 1000), "lb": ("mass", Decimal(string: "453.59237") ?? 453),
        "ml": ("volume", 1), "l": ("volume", 1000),
    ]
}
