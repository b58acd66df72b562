import Foundation

/// A bad `--timezone`, `--day-start` or `ROUTINE_NOW`, with where it came from.
public struct TimeSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension TimeContext {
    /// The live time context of SPEC §7, resolved once at start-up.
    ///
    /// - Time zone: `timeZone` (the `--timezone` flag), else `$TZ` (a leading `:` is
    ///   allowed, as glibc allows it), else the system's.
    /// - Day start: `dayStart` (`--day-start HH:MM`), else `$ROUTINE_DAY_START`, else 00:00.
    /// - Now: `$ROUTINE_NOW` (ISO 8601 with a zone, e.g. `2026-11-22T06:30:00Z`; fractional
    ///   seconds allowed) fixes the instant, else the system clock.
    ///
    /// Empty values count as unset. An invalid value throws, naming its source: a
    /// mistyped zone must not silently file entries under another day.
    public static func resolve(
        timeZone flag: String?, dayStart dayStartFlag: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> TimeContext {
        func value(_ text: String?) -> String? {
            guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }
        let zone: TimeZone
        if let name = value(flag) {
            guard let parsed = TimeZone(identifier: name) else {
                throw TimeSettingsError("unknown time zone '\(name)' (--timezone)")
            }
            zone = parsed
        } else if var name = value(environment["TZ"]) {
            if name.hasPrefix(":") { name.removeFirst() }
            guard let parsed = TimeZone(identifier: name) else {
                throw TimeSettingsError("unknown time zone '\(name)' (from $TZ)")
            }
            zone = parsed
        } else {
            zone = TimeZone.current
        }
        var dayStart = 0
        if let text = value(dayStartFlag) {
            guard let minutes = parseDayStart(text) else {
                throw TimeSettingsError("invalid day start '\(text)' (--day-start): expected HH:MM, 00:00 to 23:59")
            }
            dayStart = minutes
        } else if let text = value(environment["ROUTINE_DAY_START"]) {
            guard let minutes = parseDayStart(text) else {
                throw TimeSettingsError("invalid day start '\(text)' (from $ROUTINE_DAY_START): expected HH:MM")
            }
            dayStart = minutes
        }
        if let text = value(environment["ROUTINE_NOW"]) {
            guard let instant = parseInstant(text) else {
                throw TimeSettingsError(
                    "invalid instant '\(text)' (from $ROUTINE_NOW): expected e.g. 2026-11-22T06:30:00Z")
            }
            // Checked after the zone shift: 9999-12-31T23:59:59Z is already 10000-01-01 in
            // Pacific/Kiritimati, which no day key, timestamp or store check can hold.
            let today = DayKey(instant: instant, timeZone: zone, dayStartMinutes: dayStart)
            guard today.isInSupportedRange else {
                throw TimeSettingsError(
                    "instant '\(text)' (from $ROUTINE_NOW) falls on \(today) in \(zone.identifier): "
                        + "days from 0001-01-01 to 9999-12-31 are supported")
            }
            return TimeContext(now: { instant }, timeZone: zone, dayStartMinutes: dayStart)
        }
        return TimeContext(now: { Date() }, timeZone: zone, dayStartMinutes: dayStart)
    }

    /// Parses an ISO 8601 instant with a zone (`Z` or `±HH:MM`), with or without
    /// fractional seconds; nil for anything else.
    public static func parseInstant(_ text: String) -> Date? {
        // The usual form (`2026-11-22T06:30:00Z`, or `±HH:MM`) is read by hand: an
        // `ISO8601DateFormatter` costs milliseconds of ICU set-up at every start-up.
        // Anything else goes to the formatters, which define what is accepted.
        if let date = parseCommonInstant(text) { return date }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// Exactly `YYYY-MM-DDTHH:MM:SS` then `Z` or `±HH:MM`, a real date of years
    /// 0001–9999 on the proleptic Gregorian calendar (as DayKeys and stored timestamps
    /// count; ICU's formatter would read dates before 1583 as Julian ones, ten days
    /// off), hours below 24, minutes and seconds below 60; nil (not "invalid") for
    /// anything else.
    static func parseCommonInstant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<(start + length)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            hour < 24, minute < 60, second < 60,
            let date = DayKey(year: year, month: month, day: day)
        else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            let sign = bytes[19]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                let hours = number(20, 2), let minutes = number(23, 2), hours <= 18, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = date.ordinal * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
