import Foundation

/// The user's subjective day, `YYYY-MM-DD`: the calendar date in their time zone,
/// shifted back by the day-start hour. Stored with each record; never recomputed.
///
/// Internally a count of days since 1970-01-01 (proleptic Gregorian), so that
/// arithmetic across month ends, year ends and leap days is plain integer arithmetic.
public struct DayKey: StoredText, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let ordinal: Int

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// A valid calendar date, or nil (month 1–12, day within the month, year 1–9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...DayKey.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        ordinal = DayKey.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits), rejecting impossible dates.
    public init?(_ text: String) {
        // Read in place (a store's lifetime of rows parses tens of thousands of days).
        let parts =
            text.utf8.withContiguousStorageIfAvailable(Self.parts)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.parts)
        guard let (year, month, day) = parts else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes where they lie (a database row),
    /// rejecting impossible dates.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let (year, month, day) = Self.parts(bytes) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Year, month and day of exactly `YYYY-MM-DD` in ASCII digits, unchecked as a date.
    private static func parts(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        return (year, month, day)
    }

    /// The DayKey of `instant` for a person in `timeZone` whose day starts at
    /// `dayStartMinutes` after midnight: wall-clock times before the day start belong
    /// to the previous calendar date.
    ///
    /// The wall clock is the instant plus the zone's offset at that instant, counted on
    /// the proleptic Gregorian calendar like every other date here (and like stored
    /// timestamps): `Calendar` would switch to the Julian calendar before 1582 and
    /// fold years before 1 into its eras. The result may lie outside years 1–9999
    /// (see ``isInSupportedRange``); instants beyond ±30 million years are clamped.
    ///
    /// A day never steps back: when the clocks went back less than three hours ago, the
    /// wall clock repeats an hour, and a day start inside that hour was already passed
    /// the first time round. The day is then at least the day of the last instant before
    /// the change (docs/time.md).
    public init(instant: Date, timeZone: TimeZone, dayStartMinutes: Int = 0) {
        let limit = 1e15
        let seconds = Int(min(limit, max(-limit, instant.timeIntervalSince1970.rounded(.down))))
        let day = Self.wallClockDay(seconds, timeZone, dayStartMinutes)
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        var before = seconds - 3 * 3600
        guard timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(before))) > offset else {
            ordinal = day
            return
        }
        // The last second before the change: `before` has the larger offset, `after` not.
        var after = seconds
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(middle))) > offset {
                before = middle
            } else {
                after = middle
            }
        }
        ordinal = max(day, Self.wallClockDay(before, timeZone, dayStartMinutes))
    }

    /// The day the wall clock shows at `seconds` after 1970 (day start applied).
    private static func wallClockDay(_ seconds: Int, _ timeZone: TimeZone, _ dayStartMinutes: Int) -> Int {
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        let local = seconds + offset - dayStartMinutes * 60
        // Floor division: an instant before 1970 belongs to the day it falls in, not the next.
        let (quotient, remainder) = local.quotientAndRemainder(dividingBy: 86_400)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The first and last days the program works with (years 0001–9999: what
    /// `YYYY-MM-DD` can write and the store's checks accept).
    public static let supportedRange = DayKey(ordinal: -719_162)...DayKey(ordinal: 2_932_896)

    /// Whether this day is within ``supportedRange``.
    public var isInSupportedRange: Bool { Self.supportedRange.contains(self) }

    public var year: Int { DayKey.civilFromDays(ordinal).year }
    public var month: Int { DayKey.civilFromDays(ordinal).month }
    public var day: Int { DayKey.civilFromDays(ordinal).day }

    /// 0 = Monday … 6 = Sunday.
    public var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

    public func adding(days: Int) -> DayKey { DayKey(ordinal: ordinal + days) }

    public var description: String {
        let (y, m, d) = DayKey.civilFromDays(ordinal)
        if (0...9999).contains(y) {
            // Fixed width, written in place (a small string: no allocation). A bulk
            // load writes one per row.
            return String(unsafeUninitializedCapacity: 10) { bytes in
                DayKey.write(year: y, month: m, day: d, into: bytes)
                return 10
            }
        }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        // A year before 1 (only ever shown, in the message refusing it) as `-0001`.
        return "\(y < 0 ? "-" : "")\(pad(abs(y), 4))-\(pad(m, 2))-\(pad(d, 2))"
    }

    public static func < (a: DayKey, b: DayKey) -> Bool { a.ordinal < b.ordinal }

    /// `description`'s UTF-8 bytes appended to `bytes`: a bulk load writes one per row
    /// into the buffer it binds its statement from, with no string between.
    public func appendText(to bytes: inout [UInt8]) {
        let (y, m, d) = DayKey.civilFromDays(ordinal)
        guard (0...9999).contains(y) else {
            bytes.append(contentsOf: description.utf8)
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 10))
        bytes.withUnsafeMutableBufferPointer {
            DayKey.write(year: y, month: m, day: d, into: UnsafeMutableBufferPointer(rebasing: $0[start...]))
        }
    }

    /// Writes `YYYY-MM-DD` (a year 0–9999) into `bytes[0..<10]`: the fixed-width form
    /// `description` and `Instant.format` share.
    static func write(year: Int, month: Int, day: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        putDigits(year, into: bytes, endingAt: 3, width: 4)
        bytes[4] = UInt8(ascii: "-")
        putDigits(month, into: bytes, endingAt: 6, width: 2)
        bytes[7] = UInt8(ascii: "-")
        putDigits(day, into: bytes, endingAt: 9, width: 2)
    }

    /// The last `width` decimal digits of `value` (≥ 0), zero-padded, ending at `end`.
    static func putDigits(_ value: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, endingAt end: Int, width: Int) {
        var rest = value
        for offset in 0..<width {
            bytes[end - offset] = UInt8(48 + rest % 10)
            rest /= 10
        }
    }

    /// `YYYY-MM-DD`, in the store, JSON and saved walkers alike (`StoredText`).
    public var storedText: String { description }

    public init?(storedText text: String) { self.init(text) }

    public static var storedTextKind: String { "a YYYY-MM-DD day" }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
