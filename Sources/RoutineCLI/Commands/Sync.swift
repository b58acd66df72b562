import ArgumentParser
import Foundation
import Glibc
import RoutineApp
import RoutineCore
import RoutineFile
import RoutineSync

extension RoutineCommand {
    /// `routine sync …` (SPEC §16): one history on several devices through PostgreSQL.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Exchange changes with the sync server (PostgreSQL), end-to-end encrypted.",
            discussion: """
                Set up once per device with 'routine sync init' (the server URL from `sync: {url: …}` in the \
                configuration file or --remote). Then 'routine sync' pushes this device's changes and pulls the \
                others'. docs/sync.md tells how to set up a server, a second device, and what is encrypted.
                """,
            subcommands: [SyncNow.self, SyncInit.self, SyncStatusCommand.self, SyncDevices.self, SyncKeyCommand.self],
            defaultSubcommand: SyncNow.self)
    }
}

/// What every sync subcommand takes.
struct SyncOptions: ParsableArguments {
    @Option(
        name: .customLong("remote"),
        help: ArgumentHelp("The server's PostgreSQL URL (else sync.url).", valueName: "url"))
    var remote: String?

    @Option(help: ArgumentHelp("Read the passphrase from the first line of FILE.", valueName: "file"))
    var passphraseFile: String?

    @OptionGroup var global: GlobalOptions

    /// The engine over this store, with the URL and the key file.
    func engine() throws -> (SyncEngine, Settings) {
        // A sync command neither starts an automatic sync nor tells of a failed one.
        Session.current.autoSyncQuiet = true
        let settings = try Settings(options: global)
        let environment = ProcessInfo.processInfo.environment
        guard
            let url = Settings.given(remote) ?? Settings.given(environment["ROUTINE_SYNC_URL"])
                ?? settings.syncURL
        else { throw CLIError(SyncError.noURL.description) }
        let store = try Session.current.store(settings)
        let engine = SyncEngine(
            store: store, storePath: settings.storePath, url: url,
            keyFile: KeyFile(configDirectory: AppServices.directory(of: settings.configPath)),
            passphrase: PassphraseSource(
                passphraseFile: passphraseFile, environment: environment, warn: { printError("routine: \($0)") }),
            readRoutine: { source in RoutineFileReader.read(string: source).routine },
            now: settings.time.now)
        return (engine, settings)
    }

    /// The device name: --device, else sync.device, else the host name.
    static func deviceName(_ given: String?, settings: Settings) -> String {
        Settings.given(given) ?? settings.syncDevice ?? ProcessInfo.processInfo.hostName
    }
}

/// A device as `sync status` and `sync devices` give it in JSON, keys in this order.
func deviceJSON(_ device: SyncDevice) -> JSONValue {
    JSONValue.object([
        "id": JSONValue(device.id), "name": JSONValue(device.name), "changes": .integer(Int(device.changes)),
        "lastSync": syncTimeJSON(device.lastSync),
    ])
}

/// An instant of sync for a person: the day and minute in the local time zone, or "never".
func syncTimeText(_ date: Date?, _ zone: TimeZone) -> String {
    guard let date else { return "never" }
    let day = DayKey(instant: date, timeZone: zone, dayStartMinutes: 0)
    return "\(day) \(DayPlanner.clock(date, zone))"
}

/// A device name from the server, on one line (a newline or an escape set there is shown
/// escaped, never obeyed).
func deviceNameText(_ name: String) -> String {
    TerminalText.escaped(name)
}

/// An instant of sync in JSON: the text of `Instant`, or null.
func syncTimeJSON(_ date: Date?) -> JSONValue {
    JSONValue(date.map(Instant.format))
}

/// Errors of the network and the keys, as one line.
func syncFailure(_ error: Error) -> Error {
    if error is CLIError || error is ExitCode { return error }
    return CLIError(String(describing: error))
}

struct SyncNow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Push this device's changes, then pull and apply the others' (the default).")

    @OptionGroup var options: SyncOptions
    @OptionGroup var format: FormatOption

    /// The detached process a writing command starts (SPEC §20): silent, leaves at once
    /// when another sync runs, and leaves a failure for the next command to tell.
    @Flag(name: .customLong("auto"), help: .hidden)
    var automatic = false

    func run() throws {
        if automatic {
            AutoSyncLauncher.closeInherited()
            // In the background: whatever the person runs meanwhile goes first.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            let settings = try Settings(options: options.global)
            do {
                AutoSync.run(try options.engine().0) { Self.notices($0, waiting: false) }
            } catch {
                AutoSync.record(
                    AutoSync.Failure(at: settings.time.now(), message: String(describing: error)),
                    storePath: settings.storePath)
            }
            return
        }
        let (engine, _) = try options.engine()
        let report: SyncReport
        do { report = try engine.sync() } catch { throw syncFailure(error) }
        AutoSync.clearFailure(storePath: engine.storePath)
        if format.format == .json {
            let sameDay = report.apply.sameDay.map { same in
                JSONValue.object([
                    "habit": JSONValue(same.habit), "day": JSONValue(same.day.description),
                    "ids": JSONValue.array(same.ids.map { .integer(Int($0.rawValue)) }),
                ])
            }
            Output.json(
                JSONValue.object([
                    "pushed": .integer(report.pushed), "pulled": .integer(report.pulled),
                    "applied": .integer(report.apply.applied), "waiting": .integer(report.apply.waiting),
                    "problems": JSONValue.array(report.apply.problems.map { JSONValue($0) }),
                    "sameDay": JSONValue.array(sameDay),
                ]))
            return
        }
        Output.line("synced: \(report.pushed) change(s) pushed, \(report.pulled) pulled")
        for line in Self.notices(report) { Output.line("  " + line) }
    }

    /// What a sync has to tell beyond its counts: entries recorded apart on two devices,
    /// changes that wait, problems. An automatic sync leaves them for the next command,
    /// but not the count of changes waiting (every sync would repeat it; `sync status`
    /// shows it).
    static func notices(_ report: SyncReport, waiting: Bool = true) -> [String] {
        var lines = report.apply.sameDay.map { same in
            let ids = same.ids.map { String($0.rawValue) }.joined(separator: ", ")
            return
                "\(same.habit) has \(same.ids.count) entries on \(same.day) (ids \(ids)), recorded apart on two devices; "
                + "`routine delete ID` removes one if they are the same"
        }
        if waiting, report.apply.waiting > 0 {
            lines.append("\(report.apply.waiting) change(s) wait for what they refer to; the next sync tries again")
        }
        return lines + report.apply.problems
    }
}

struct SyncInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Prepare the sync server (once) and register this device; asks for the passphrase.")

    @Option(
        help: ArgumentHelp(
            "This device's name on the server (default: sync.device, else the host name).", valueName: "name"))
    var device: String?

    @OptionGroup var options: SyncOptions

    func validate() throws {
        // As the configuration file refuses them for sync.device (issue 31 item 16).
        if let device, TerminalText.firstControl(in: device) != nil {
            throw ValidationError("--device takes a name without control characters (line breaks, tabs, escapes)")
        }
    }

    func run() throws {
        let (engine, settings) = try options.engine()
        let name = SyncOptions.deviceName(device, settings: settings)
        let made: Bool
        do { made = try engine.initialize(deviceName: name) } catch { throw syncFailure(error) }
        // An automatic sync that failed for want of this is moot now.
        AutoSync.clearFailure(storePath: engine.storePath)
        let waiting = (try? Session.current.store(settings).syncIdentity()?.waiting) ?? 0
        Output.line(
            (made ? "set up the sync server; " : "")
                + "registered this device as '\(name)'; \(waiting) change(s) wait to go: run `routine sync`")
    }
}

struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "This device, its last sync, the changes waiting, and the other devices.")

    @OptionGroup var options: SyncOptions
    @OptionGroup var format: FormatOption

    func run() throws {
        let (engine, settings) = try options.engine()
        let zone = settings.time.timeZone
        let (status, failure): (SyncStatus, Error?)
        do { (status, failure) = try engine.status() } catch { throw syncFailure(error) }
        let identity = status.identity
        if format.format == .json {
            Output.json(
                JSONValue.object([
                    "device": JSONValue(identity.device),
                    "name": JSONValue(status.deviceName ?? identity.name),
                    "lastSync": syncTimeJSON(identity.lastSync), "waiting": .integer(identity.waiting),
                    "pending": .integer(identity.pending),
                    "devices": JSONValue.array(status.devices.map(deviceJSON)),
                ]))
        } else {
            // The name the server lists, else the one this device registered under
            // (the server down), else the configured one; the id only for a store set up
            // before names were kept here.
            let name = status.deviceName ?? identity.name ?? settings.syncDevice
            Output.line("this device: \(name.map(deviceNameText) ?? identity.device)")
            Output.line("last sync: \(syncTimeText(identity.lastSync, zone))")
            Output.line("waiting to go: \(identity.waiting) change(s)")
            if identity.pending > 0 { Output.line("waiting for what they refer to: \(identity.pending)") }
            if settings.syncAuto {
                let failure = AutoSync.lastFailure(storePath: settings.storePath).map {
                    "; " + AutoSyncLauncher.failureLine($0, time: settings.time)
                }
                Output.line("automatic sync: on" + (failure ?? ""))
            }
            let others = status.devices.filter { $0.id != identity.device }
            for line in deviceTable(others, zone) { Output.line("  " + line) }
        }
        if let failure { throw syncFailure(failure) }
    }
}

struct SyncDevices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "The devices registered on the sync server.")

    @OptionGroup var options: SyncOptions
    @OptionGroup var format: FormatOption

    func run() throws {
        let (engine, settings) = try options.engine()
        let devices: [SyncDevice]
        do { devices = try engine.devices() } catch { throw syncFailure(error) }
        if format.format == .json {
            Output.json(JSONValue.array(devices.map(deviceJSON)))
            return
        }
        for line in deviceTable(devices, settings.time.timeZone) { Output.line(line) }
    }
}

/// Devices in aligned columns: name, last sync (local time), changes.
func deviceTable(_ devices: [SyncDevice], _ zone: TimeZone) -> [String] {
    let rows = devices.map { device in
        (deviceNameText(device.name), "last sync " + syncTimeText(device.lastSync, zone), "\(device.changes) change(s)")
    }
    let nameWidth = rows.map(\.0.count).max() ?? 0
    let syncWidth = rows.map(\.1.count).max() ?? 0
    return rows.map { name, sync, changes in
        name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
            + sync.padding(toLength: syncWidth, withPad: " ", startingAt: 0) + "  " + changes
    }
}

struct SyncKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Ask for the passphrase and keep this server's key in the key file (0600).")

    @OptionGroup var options: SyncOptions

    func run() throws {
        let (engine, _) = try options.engine()
        do { try engine.setKey() } catch { throw syncFailure(error) }
        Output.line("the sync key is in \(engine.keyFile.path)")
    }
}
