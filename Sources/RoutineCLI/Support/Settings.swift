import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineFile
import RoutineSync

/// What the global options, the environment and the configuration file resolve to:
/// the store path, the time context and colour, with the precedence of SPEC §12 (flag,
/// then environment, then file, then default). The rules of each value live with what
/// it configures (`AppServices.defaultPath`, `TimeContext.resolve`, `ConfigFile`);
/// this gathers them and keeps where each came from, for `routine config`.
public struct Settings: Sendable {
    public var storePath: String
    public var time: TimeContext
    /// The zone's name as the person gave it (`UTC` stays `UTC`), stored with entries.
    public var timeZoneName: String
    public var color: ColorChoice
    /// The first day of a calendar week (`review --week`, calendars): the file's
    /// `week-start`, default Monday.
    public var weekStart: Weekday
    /// Each setting's effective value and its source, in `ConfigFile.keys` order.
    public var resolved: [ResolvedSetting]
    /// The configuration file that was looked for (it may not exist).
    public var configPath: String
    /// `sync.url` and `sync.device` from the configuration file (SPEC §16.1), unmasked;
    /// flags and `ROUTINE_SYNC_URL` are weighed by the sync commands.
    public var syncURL: String?
    public var syncDevice: String?
    /// `sync.auto` (SPEC §20): after a command that writes, a sync runs in the background.
    public var syncAuto: Bool

    /// How this command's standard output is styled: the colour choice above, applied to
    /// the session's terminal and environment (`TERM`, a pipe turns colour off).
    var style: Style {
        Style.forStandardOutput(environment: Session.current.environment, choice: color)
    }

    public init(options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        configPath = ConfigFile.defaultPath(environment: environment)
        let file: ConfigFile
        do {
            file = try ConfigFile.load(path: configPath)
        } catch {
            throw CLIError(error.description)
        }
        let configPath = configPath
        func pick(_ key: String, flag: String?, variable: String) -> ResolvedSetting? {
            if let flag = Settings.given(flag) {
                return ResolvedSetting(key: key, value: flag, source: "--\(key)")
            }
            if var value = Settings.given(environment[variable]) {
                // glibc allows `TZ=:Europe/Paris`.
                if variable == "TZ", value.hasPrefix(":") { value.removeFirst() }
                return ResolvedSetting(key: key, value: value, source: "$\(variable)")
            }
            if let value = file[key] {
                let at = "\(configPath):\(value.location.line):\(value.location.column)"
                return ResolvedSetting(key: key, value: value.text, source: at)
            }
            return nil
        }

        var store = pick("store", flag: options.store, variable: "ROUTINE_STORE")
        if let chosen = store {
            var path = Settings.expandingHome(chosen.value, environment: environment)
            // A relative path in the file is relative to the file's folder, not to
            // wherever the command happens to run (which would mean a store per folder).
            if !path.hasPrefix("/"), file["store"]?.text == chosen.value, chosen.source.hasPrefix(configPath) {
                let folder = AppServices.directory(of: configPath)
                path = folder.isEmpty ? path : folder + "/" + path
            }
            store?.value = path
        }
        var defaults = environment
        defaults["ROUTINE_STORE"] = nil
        storePath = store?.value ?? AppServices.defaultPath(environment: defaults)

        let zone = pick("timezone", flag: options.timezone, variable: "TZ")
        let dayStart = pick("day-start", flag: options.dayStart, variable: "ROUTINE_DAY_START")
        var timeEnvironment = environment
        timeEnvironment["TZ"] = nil
        timeEnvironment["ROUTINE_DAY_START"] = nil
        do {
            // The flag and the variable are both passed as the "flag": which of them
            // (or the file) won is already decided, and an error names it below.
            time = try TimeContext.resolve(
                timeZone: zone?.value, dayStart: dayStart?.value, environment: timeEnvironment)
        } catch let error as TimeSettingsError {
            let source = [zone, dayStart].compactMap { $0 }.first {
                $0.source.hasPrefix("$") && error.message.contains("'\($0.value)'")
            }
            throw CLIError(
                source.map { error.message.replacingOccurrences(of: "(--\($0.key))", with: "(from \($0.source))") }
                    ?? error.message)
        }
        timeZoneName = Settings.zoneName(zone?.value) ?? time.timeZone.identifier

        let noColor = Settings.given(environment["NO_COLOR"]).map { _ in
            ResolvedSetting(key: "color", value: "never", source: "$NO_COLOR")
        }
        let colorSetting =
            noColor
            ?? file["color"].map {
                ResolvedSetting(
                    key: "color", value: $0.text, source: "\(configPath):\($0.location.line):\($0.location.column)")
            }
        color = colorSetting.flatMap { ColorChoice(rawValue: $0.value) } ?? .auto

        let weekStartSetting = file["week-start"].map {
            ResolvedSetting(
                key: "week-start", value: $0.text, source: "\(configPath):\($0.location.line):\($0.location.column)")
        }
        weekStart = weekStartSetting.flatMap { Weekday(name: $0.value) } ?? .mon

        resolved = [
            store ?? ResolvedSetting(key: "store", value: storePath, source: "default"),
            zone ?? ResolvedSetting(key: "timezone", value: time.timeZone.identifier, source: "the system's"),
            dayStart ?? ResolvedSetting(key: "day-start", value: "00:00", source: "default"),
            colorSetting ?? ResolvedSetting(key: "color", value: "auto", source: "default"),
            weekStartSetting ?? ResolvedSetting(key: "week-start", value: "mon", source: "default"),
        ]
        syncURL = file["sync.url"]?.text
        syncDevice = file["sync.device"]?.text
        syncAuto = file["sync.auto"]?.text == "true"
        // Sync's settings (SPEC §16.1), shown when set; a password in the URL is not shown.
        for key in ["sync.url", "sync.device", "sync.auto"] {
            guard let value = file[key] else { continue }
            let shown = key == "sync.url" ? SyncError.safe(value.text) : value.text
            resolved.append(
                ResolvedSetting(
                    key: key, value: shown, source: "\(configPath):\(value.location.line):\(value.location.column)"))
        }
    }

    /// A value that counts as set: not nil, not empty or white space.
    static func given(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }

    /// `~/x` as `$HOME/x` (a file's path; the shell does this for a flag).
    static func expandingHome(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// The name the zone was given by, when it is a valid identifier (Foundation on
    /// Linux reports `UTC` as `GMT`; entries keep what the person wrote).
    static func zoneName(_ given: String?) -> String? {
        var name = given?.trimmingCharacters(in: .whitespaces) ?? ""
        if name.hasPrefix(":") { name.removeFirst() }
        return !name.isEmpty && TimeZone(identifier: name) != nil ? name : nil
    }
}

/// One effective setting for `routine config`: its value and where it came from
/// (`--store`, `$TZ`, `FILE:LINE:COL`, `default`).
public struct ResolvedSetting: Sendable, Equatable {
    public var key: String
    public var value: String
    public var source: String
}

/// When output is coloured: `auto` (on a terminal), `always`, `never`.
public enum ColorChoice: String, Sendable {
    case auto, always, never
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
