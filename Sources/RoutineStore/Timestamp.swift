import Foundation
import RoutineCore

/// The store's instant format: ISO 8601 UTC with milliseconds, `2026-11-22T06:30:00.000Z`.
///
/// Fixed width, so text order is time order. Written and read by hand rather than with
/// `ISO8601DateFormatter`: a 365,000-row CSV import parses one per row.
enum Timestamp {
    /// Formats an instant, rounded to the millisecond.
    static func format(_ date: Date) -> String {
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
        let day = DayKey(ordinal: Int(days))
        let clock = [secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60].map { pad($0) }
        return "\(day)T" + clock.joined(separator: ":") + "." + pad(millis, width: 3) + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else.
    static func parse(_ text: String) -> Date? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 20, utf8.count <= 40 else { return nil }
        return utf8.withUnsafeBufferPointer { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        let count = bytes.count
        guard count >= 20 else { return nil }
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

    private static func pad(_ value: Int64, width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
