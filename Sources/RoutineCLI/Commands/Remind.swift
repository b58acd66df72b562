import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

#if canImport(Glibc)
    import Glibc
#endif

extension RoutineCommand {
    /// `routine remind …` (SPEC §20): what is still due today, as text or a desktop
    /// notification, and a systemd user timer that sends it.
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remind",
            abstract: "What is still due today (open or left for later); nothing when nothing is.",
            discussion: """
                'routine remind --notify' sends it with notify-send. 'routine remind install --at 20:00' makes a \
                systemd user timer send it every day; docs/reminders.md tells how to set up each.
                """,
            subcommands: [RemindNow.self, RemindInstall.self, RemindUninstall.self],
            defaultSubcommand: RemindNow.self)
    }
}

/// `routine remind [--notify]`: a line per routine with its open or later habits, then
/// the habits by hand.
struct RemindNow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Print (or send) what is still due today (the default).")

    @Flag(help: "Send it as a desktop notification with notify-send (Debian: libnotify-bin) instead of printing it.")
    var notify = false

    @OptionGroup var global: GlobalOptions

    func run() throws {
        // A timer runs it: nobody reads its standard error (SPEC §20).
        if notify { Session.current.autoSyncQuiet = true }
        let settings = try Settings(options: global)
        // Missing notify-send is said even on a day with nothing due: a timer that can
        // never notify is found out at once.
        let notifier = notify ? ExternalCommand.find("notify-send") : nil
        if notify && notifier == nil {
            throw CLIError("notify-send is not installed (Debian: apt install libnotify-bin); nothing was sent")
        }
        guard let store = try Session.current.existingStore(settings) else { return }
        let overview = try DayPlanner(store: store).today(
            day: settings.time.today, time: settings.time, statesOnly: true)
        let lines = overview.reminderLines
        guard !lines.isEmpty else { return }
        guard let notifier else {
            for line in lines { Output.line(line) }
            return
        }
        let count = overview.left.count
        let title = "Still due today: \(count) habit\(count == 1 ? "" : "s")"
        let outcome = try ExternalCommand.run(notifier, ["--app-name=routine", title, lines.joined(separator: "\n")])
        guard outcome.status == 0 else {
            let why = outcome.lastLine.isEmpty ? "" : ": \(outcome.lastLine)"
            throw CLIError("notify-send failed (exit \(outcome.status))\(why)")
        }
    }
}

/// Where the reminder's unit files go, and the command they run.
struct ReminderPlace {
    var folder: String
    var timer: String { folder + "/" + ReminderSchedule.timerName }
    var service: String { folder + "/" + ReminderSchedule.serviceName }

    /// `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.config"
        folder = config + "/systemd/user"
    }

    /// `systemctl --user ARGUMENTS`, or nil when there is no systemctl or no user
    /// session to talk to.
    static func systemctl() -> String? {
        guard let path = ExternalCommand.find("systemctl"),
            let outcome = try? ExternalCommand.run(path, ["--user", "show-environment"]), outcome.status == 0
        else { return nil }
        return path
    }

    static func call(_ systemctl: String, _ arguments: [String]) throws {
        let outcome = try ExternalCommand.run(systemctl, ["--user"] + arguments)
        guard outcome.status == 0 else {
            let why = outcome.lastLine.isEmpty ? "" : ": \(outcome.lastLine)"
            throw CLIError("systemctl --user \(arguments.joined(separator: " ")) failed (exit \(outcome.status))\(why)")
        }
    }
}

/// `routine remind install --at HH:MM [--at …] [--days mon..fri]`.
struct RemindInstall: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Remind at these times with a systemd user timer (without one: print a crontab line).",
        discussion: """
            Writes routine-remind.timer (Persistent=true: a reminder missed while the computer slept comes when it \
            wakes) and routine-remind.service under $XDG_CONFIG_HOME/systemd/user, running this binary's \
            'remind --notify' with the store (and the time zone and day start given), and enables the timer. \
            Installing again replaces them.
            """)

    @Option(
        name: .customLong("at"),
        help: ArgumentHelp("A time of day to remind, HH:MM (repeat for several).", valueName: "HH:MM"))
    var at: [String] = []

    @Option(
        help: ArgumentHelp(
            "The weekdays: a range (mon..fri) or a list (mon,wed,fri); default every day.", valueName: "days"))
    var days: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        do { _ = try ReminderSchedule(at: at, days: days) } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        let schedule: ReminderSchedule
        do { schedule = try ReminderSchedule(at: at, days: days) } catch { throw CLIError.usage(error.message) }
        let settings = try Settings(options: global)
        let environment = ProcessInfo.processInfo.environment
        let store =
            settings.storePath.hasPrefix("/")
            ? settings.storePath : FileManager.default.currentDirectoryPath + "/" + settings.storePath
        var command = [ExternalCommand.ownPath, "remind", "--notify", "--store", store]
        if let zone = Settings.given(global.timezone) ?? Settings.given(environment["TZ"]) {
            command += ["--timezone", zone]
        }
        if let start = Settings.given(global.dayStart) ?? Settings.given(environment["ROUTINE_DAY_START"]) {
            command += ["--day-start", start]
        }
        guard let systemctl = ReminderPlace.systemctl() else {
            Output.line("No systemd user session here (systemctl --user failed): nothing was installed.")
            Output.line("Add this to your crontab (crontab -e) to be reminded by a notification:")
            for line in schedule.crontabLines(command: command, userID: getuid()) { Output.line("  " + line) }
            Output.line("Or this to ~/.bashrc or ~/.zshrc, to see what is left when a shell starts:")
            let shellLine = command.filter { $0 != "--notify" }.map { ReminderSchedule.shellQuoted($0) }
            Output.line("  " + shellLine.joined(separator: " "))
            return
        }
        let place = ReminderPlace()
        let files = [
            (place.timer, schedule.timerUnit), (place.service, ReminderSchedule.serviceUnit(command: command)),
        ]
        do {
            try FileManager.default.createDirectory(atPath: place.folder, withIntermediateDirectories: true)
            for (path, text) in files { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        } catch {
            throw CLIError("cannot write the reminder's unit files in \(place.folder): \(error.localizedDescription)")
        }
        for (path, text) in files {
            Output.line("Wrote \(path):")
            Output.block(text)
        }
        try ReminderPlace.call(systemctl, ["daemon-reload"])
        try ReminderPlace.call(systemctl, ["enable", "--now", ReminderSchedule.timerName])
        Output.line(
            "Enabled \(ReminderSchedule.timerName) (systemctl --user list-timers shows the next reminder; "
                + "routine remind uninstall removes it).")
    }
}

/// `routine remind uninstall`: disables the timer and removes what `install` wrote.
struct RemindUninstall: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Disable the reminder timer and remove the files remind install wrote.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let place = ReminderPlace()
        let written = [place.timer, place.service].filter { FileManager.default.fileExists(atPath: $0) }
        guard !written.isEmpty else {
            Output.line(
                "No reminder timer installed (nothing in \(place.folder)); a crontab line you added stays (crontab -e)."
            )
            return
        }
        let systemctl = ReminderPlace.systemctl()
        if let systemctl, FileManager.default.fileExists(atPath: place.timer) {
            try ReminderPlace.call(systemctl, ["disable", "--now", ReminderSchedule.timerName])
            Output.line("Disabled \(ReminderSchedule.timerName).")
        }
        for path in written {
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw CLIError("cannot remove \(path): \(error.localizedDescription)")
            }
            Output.line("Removed \(path).")
        }
        if let systemctl { try ReminderPlace.call(systemctl, ["daemon-reload"]) }
    }
}
