import ArgumentParser
import Foundation
import RoutineCore
import RoutineStore

/// What the global options and the environment resolve to: the store path and the
/// time context, with the precedence of SPEC §5.1 and §7 (flag, then variable, then
/// default). The rules themselves live with what they configure
/// (`AppDatabase.defaultPath`, `TimeContext.resolve`); this only gathers them.
public struct Settings: Sendable {
    public var storePath: String
    public var time: TimeContext
    /// The zone's name as the person gave it (`UTC` stays `UTC`), stored with entries.
    public var timeZoneName: String

    public init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let flag = options.store, !flag.isEmpty {
            storePath = flag
        } else {
            storePath = AppDatabase.defaultPath(environment: environment)
        }
        do {
            time = try TimeContext.resolve(
                timeZone: options.timezone, dayStart: options.dayStart, environment: environment)
        } catch let error as TimeSettingsError {
            throw CLIError(error.message)
        }
        timeZoneName = Settings.zoneName(flag: options.timezone, environment: environment) ?? time.timeZone.identifier
    }

    /// The name the zone was given by, when it is a valid identifier (Foundation on
    /// Linux reports `UTC` as `GMT`; entries keep what the person wrote).
    static func zoneName(flag: String?, environment: [String: String]) -> String? {
        var name = (flag ?? environment["TZ"])?.trimmingCharacters(in: .whitespaces) ?? ""
        if name.hasPrefix(":") { name.removeFirst() }
        return !name.isEmpty && TimeZone(identifier: name) != nil ? name : nil
    }
}

extension GlobalOptions {
    /// Flag values are usage errors (exit 64) when malformed; the same values from the
    /// environment are reported when a command resolves them (exit 1).
    public func validate() throws {
        if let zone = timezone, TimeZone(identifier: zone) == nil {
            throw ValidationError("unknown time zone '\(zone)' for --timezone (use a name such as Europe/Paris or UTC)")
        }
        if let start = dayStart, TimeContext.parseDayStart(start) == nil {
            throw ValidationError("--day-start wants HH:MM between 00:00 and 23:59, not '\(start)'")
        }
    }
}
