import Foundation
import RoutineCore

/// What the process's environment and global options resolve to: the store path and
/// the time context. Resolved once per command from `GlobalOptions` and the
/// environment, with the precedence of SPEC §5.1 and §7 (flag, then variable, then
/// default).
public struct Settings: Sendable {
    public var storePath: String
    public var time: TimeContext
    /// The zone's name as the person gave it (`UTC` stays `UTC`), stored with entries.
    public var timeZoneName: String

    public init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        storePath = Settings.storePath(flag: options.store, environment: environment)
        let (zone, zoneName) = try Settings.timeZone(flag: options.timezone, environment: environment)
        let dayStart = try Settings.dayStart(flag: options.dayStart, environment: environment)
        let now = try Settings.fixedNow(environment: environment)
        timeZoneName = zoneName
        time = TimeContext(now: { now ?? Date() }, timeZone: zone, dayStartMinutes: dayStart)
    }

    static func storePath(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let value = environment["ROUTINE_STORE"], !value.isEmpty { return value }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return dataHome + "/routine/store.sqlite"
    }

    /// The zone and the name to record for it.
    static func timeZone(flag: String?, environment: [String: String]) throws -> (TimeZone, String) {
        if let flag {
            guard let zone = zone(named: flag) else {
                throw CLIError.usage("unknown time zone '\(flag)' for --timezone (use a name such as Europe/Paris or UTC)")
            }
            return zone
        }
        if let tz = environment["TZ"], !tz.isEmpty {
            guard let zone = zone(named: tz) else {
                throw CLIError("unknown time zone '\(tz)' in $TZ (use a name such as Europe/Paris or UTC)")
            }
            return zone
        }
        return (TimeZone.current, TimeZone.current.identifier)
    }

    /// A zone by IANA name or abbreviation; a leading `:` (POSIX `TZ=:Europe/Paris`) is allowed.
    static func zone(named raw: String) -> (TimeZone, String)? {
        let name = raw.hasPrefix(":") ? String(raw.dropFirst()) : raw
        guard !name.isEmpty else { return nil }
        if let zone = TimeZone(identifier: name) { return (zone, name) }
        if name.allSatisfy({ $0.isLetter }), let zone = TimeZone(abbreviation: name) { return (zone, zone.identifier) }
        return nil
    }

    static func dayStart(flag: String?, environment: [String: String]) throws -> Int {
        if let flag {
            guard let minutes = TimeContext.parseDayStart(flag) else {
                throw CLIError.usage("--day-start wants HH:MM between 00:00 and 23:59, not '\(flag)'")
            }
            return minutes
        }
        if let value = environment["ROUTINE_DAY_START"], !value.isEmpty {
            guard let minutes = TimeContext.parseDayStart(value) else {
                throw CLIError("$ROUTINE_DAY_START wants HH:MM between 00:00 and 23:59, not '\(value)'")
            }
            return minutes
        }
        return 0
    }

    /// `ROUTINE_NOW`, an ISO 8601 instant that fixes the clock (tests, demos).
    static func fixedNow(environment: [String: String]) throws -> Date? {
        guard let value = environment["ROUTINE_NOW"], !value.isEmpty else { return nil }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = plain.date(from: value) ?? fractional.date(from: value) else {
            throw CLIError("$ROUTINE_NOW wants an ISO 8601 instant such as 2026-11-22T06:30:00Z, not '\(value)'")
        }
        return date
    }
}
