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
            guard let instant = Instant.parse(text) else {
                throw TimeSettingsError(
                    "invalid instant '\(text)' (from $ROUTINE_NOW): expected YYYY-MM-DDTHH:MM:SS with Z or ±HH:MM, "
                        + "years 0001 to 9999, e.g. 2026-11-22T06:30:00Z")
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
}
