import Foundation

/// Instants as text, written and read in one place: ISO 8601 in UTC. The store keeps
/// `2026-11-22T06:30:00.000Z` (milliseconds, fixed width, so text order is time order);
/// JSON output and `ROUTINE_NOW` use whole seconds. Read and written by hand rather than
/// with `ISO8601DateFormatter`: its ICU set-up costs milliseconds at every start-up, a
/// 365,000-row CSV import parses one per row, and it reads dates before 1583 as Julian.
public enum Instant {
    /// Formats an instant, rounded to the millisecond.
    public static func format(_ date: Date) -> String {
        // Written straight into the string's storage: no byte array per call.
        String(unsafeUninitializedCapacity: textLength) { bytes in
            write(date, into: bytes)
            return textLength
        }
    }

    /// `format`'s UTF-8 bytes appended to `bytes`: a bulk load writes one per row into the
    /// buffer it binds its statement from, with no string between.
    public static func appendText(of date: Date, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: textLength))
        bytes.withUnsafeMutableBufferPointer { write(date, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    /// The length of the stored form.
    public static let textLength = 24

    /// The stored form's 24 bytes held inline (no heap): a timestamp a file gives in a
    /// form whose stored text is its own bytes (``storedText(utf8:)``) is carried to the
    /// store as these instead of written again from its `Date`.
    public struct StoredText: Sendable, Equatable {
        public var bytes: (UInt64, UInt64, UInt64)

        public static func == (lhs: StoredText, rhs: StoredText) -> Bool { lhs.bytes == rhs.bytes }
    }

    /// The stored text of a timestamp ``parse(utf8:)`` has read, when it is the text's own
    /// bytes: `YYYY-MM-DDTHH:MM:SS` with at most 3 fraction digits and `Z` (upper case `T`
    /// and `Z`), the fraction padded with zeros to milliseconds. Exactly what `format`
    /// writes of the parsed `Date` (no rounding: the instant is whole milliseconds, within
    /// years 1–9999). nil for any other form (an offset, more digits, lower case), which
    /// goes through the `Date`.
    public static func storedText(utf8 bytes: UnsafeBufferPointer<UInt8>) -> StoredText? {
        let count = bytes.count
        guard count >= 20, count <= 24, bytes[10] == 84, bytes[count - 1] == 90 else { return nil }
        var text = StoredText(bytes: (0, 0, 0))
        withUnsafeMutableBytes(of: &text.bytes) { raw in
            for index in 0..<19 { raw[index] = bytes[index] }
            raw[19] = 46
            raw[20] = 48
            raw[21] = 48
            raw[22] = 48
            raw[23] = 90
            if count > 20 {
                for index in 20..<(count - 1) { raw[index] = bytes[index] }
            }
        }
        return text
    }

    /// The stored text's bytes appended to `bytes`.
    public static func appendText(_ text: StoredText, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: text.bytes) { bytes.append(contentsOf: $0) }
    }

    /// The stored form into `bytes[0..<24]`.
    private static func write(_ date: Date, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        let totalMillis = (date.timeIntervalSince1970 * 1000).rounded()
        // Clamp to years 1...9999 so that no input can produce an unparsable text.
        let clamped = Int64(max(-62_135_596_800_000, min(253_402_300_799_999, totalMillis)))
        var seconds = clamped / 1000
        var millis = clamped % 1000
        if millis < 0 {
            millis += 1000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(days)
        DayKey.write(year: year, month: month, day: day, into: bytes)
        bytes[10] = 84
        DayKey.putDigits(Int(secondOfDay / 3600), into: bytes, endingAt: 12, width: 2)
        bytes[13] = 58
        DayKey.putDigits(Int(secondOfDay % 3600 / 60), into: bytes, endingAt: 15, width: 2)
        bytes[16] = 58
        DayKey.putDigits(Int(secondOfDay % 60), into: bytes, endingAt: 18, width: 2)
        bytes[19] = 46
        DayKey.putDigits(Int(millis), into: bytes, endingAt: 22, width: 3)
        bytes[23] = 90
    }

    /// The instant in whole seconds, `2026-11-22T06:30:00Z` (the form of JSON output and
    /// of `ROUTINE_NOW`); the fraction is dropped, as `ISO8601DateFormatter` drops it.
    public static func formatSeconds(_ date: Date) -> String {
        let seconds = (date.timeIntervalSince1970).rounded(.down)
        let stored = format(Date(timeIntervalSince1970: seconds))
        return String(stored.prefix(19)) + "Z"
    }

    /// Year, month, day of a day count since 1970-01-01 (via DayKey's public fields).
    private static func civil(_ days: Int64) -> (Int, Int, Int) {
        let key = DayKey(ordinal: Int(days))
        return (key.year, key.month, key.day)
    }

    /// True when `text` is exactly in the stored form (24 bytes, `.mmmZ`), so a parsed
    /// text can be stored as it is.
    public static func isCanonical(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 24 else { return false }
        var index = utf8.startIndex
        for position in 0..<24 {
            let byte = utf8[index]
            switch position {
            case 4, 7: if byte != 45 { return false }
            case 10: if byte != 84 { return false }
            case 13, 16: if byte != 58 { return false }
            case 19: if byte != 46 { return false }
            case 23: if byte != 90 { return false }
            default: if byte < 48 || byte > 57 { return false }
            }
            index = utf8.index(after: index)
        }
        return true
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (`T` and `Z` in either case, up
    /// to 9 fraction digits, offsets below 24 hours), a real date of years 0001–9999 on
    /// the proleptic Gregorian calendar, as DayKeys count; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        var text = text  // withUTF8 reads a native string in place (no copy)
        return text.withUTF8(parse(utf8:))
    }

    /// ``parse(_:)`` over UTF-8 bytes where they lie (a CSV field).
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let count = bytes.count
        guard count >= 20, count <= 40 else { return nil }
        func digits(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= count else { return nil }
            var value = 0
            for index in start..<(start + length) {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116, bytes[13] == 58,
            bytes[16] == 58,
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            hour < 24, minute < 60, second < 60,
            let dayKey = DayKey(year: year, month: month, day: day)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let fractionStart = index
            while index < count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > fractionStart, index - fractionStart <= 9 else { return nil }
        }
        guard index < count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case 90, 122:  // Z z
            guard index + 1 == count else { return nil }
        case 43, 45:  // + -
            guard index + 6 == count, bytes[index + 3] == 58,
                let hours = digits(index + 1, 2), let minutes = digits(index + 4, 2), hours < 24, minutes < 60
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let seconds = dayKey.ordinal * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
