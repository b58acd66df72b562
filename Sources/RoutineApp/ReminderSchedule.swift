import Foundation
import RoutineCore

/// When `routine remind install` reminds (SPEC §20): times of day and weekdays, and the
/// files and lines that make a systemd user timer, or cron, run `routine remind --notify`
/// then. Pure: the command writes the files and calls `systemctl`.
public struct ReminderSchedule: Sendable, Equatable {
    /// Minutes after midnight, sorted, each once.
    public var times: [Int]
    /// The weekdays, sorted; all seven when every day.
    public var days: [Weekday]

    /// What was wrong with `--at` or `--days` (a usage error).
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads `--at HH:MM` (one or more) and `--days` (`mon..fri`, `mon,wed,fri`,
    /// `sat..sun`, `fri..mon` across the week's end, or mixed: `mon..wed,fri`; none: every day).
    public init(at: [String], days: String?) throws(Problem) {
        guard !at.isEmpty else { throw Problem(message: "remind install needs a time: --at HH:MM (e.g. --at 20:00)") }
        var minutes: Set<Int> = []
        for text in at {
            guard let value = TimeContext.parseDayStart(text.trimmingCharacters(in: .whitespaces)) else {
                throw Problem(message: "invalid time '\(text)' (--at): expected HH:MM, 00:00 to 23:59")
            }
            minutes.insert(value)
        }
        times = minutes.sorted()
        self.days = try days.map(Self.weekdays) ?? Weekday.allCases
    }

    static func weekdays(_ text: String) throws(Problem) -> [Weekday] {
        let problem = Problem(
            message:
                "invalid days '\(text)' (--days): expected weekdays mon … sun, as a range (mon..fri) or a list (mon,wed,fri)"
        )
        var chosen: Set<Weekday> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
            guard bounds.count <= 2, let first = Weekday(name: bounds[0]),
                let last = Weekday(name: bounds[bounds.count - 1])
            else { throw problem }
            var day = first.rawValue
            chosen.insert(first)
            while day != last.rawValue {
                day = (day + 1) % 7
                chosen.insert(Weekday(rawValue: day) ?? first)
            }
        }
        return chosen.sorted()
    }

    var everyDay: Bool { days.count == 7 }

    /// systemd's `OnCalendar=` values: `Mon,Tue,Wed,Thu,Fri *-*-* 07:30:00`, one per time.
    public var calendars: [String] {
        let weekdays =
            everyDay
            ? ""
            : days.map { $0.description.prefix(1).uppercased() + $0.description.dropFirst() }
                .joined(separator: ",") + " "
        return times.map { weekdays + "*-*-* " + DayPlanner.clock(minutes: $0) + ":00" }
    }

    /// The unit files' names.
    public static let timerName = "routine-remind.timer"
    public static let serviceName = "routine-remind.service"

    /// The timer unit: `Persistent=true`, so a reminder missed while the computer slept
    /// or was off runs when it wakes.
    public var timerUnit: String {
        """
        # Written by `routine remind install`; `routine remind uninstall` removes it.
        [Unit]
        Description=routine: remind what is still due today

        [Timer]
        \(calendars.map { "OnCalendar=" + $0 }.joined(separator: "\n"))
        Persistent=true

        [Install]
        WantedBy=timers.target

        """
    }

    /// The service unit the timer starts: `command` (the binary's absolute path, then its
    /// arguments) quoted for systemd.
    public static func serviceUnit(command: [String]) -> String {
        """
        # Written by `routine remind install`; `routine remind uninstall` removes it.
        [Unit]
        Description=routine: remind what is still due today

        [Service]
        Type=oneshot
        ExecStart=\(command.map(systemdQuoted).joined(separator: " "))

        """
    }

    /// A word that needs no quotes, for systemd or a shell.
    static func isPlain(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=+,@".contains($0)) }
    }

    /// A word of `ExecStart=`: double-quoted, with `\`, `"`, `%` (specifiers) and `$`
    /// (variables) taken literally.
    static func systemdQuoted(_ word: String) -> String {
        if isPlain(word) { return word }
        var text = ""
        for character in word {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "%": text += "%%"
            case "$": text += "$$"
            default: text.append(character)
            }
        }
        return "\"" + text + "\""
    }

    /// A word for `sh` (and a crontab's command, where `%` ends the command).
    public static func shellQuoted(_ word: String, crontab: Bool = false) -> String {
        var text = isPlain(word) ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        if crontab { text = text.replacingOccurrences(of: "%", with: "\\%") }
        return text
    }

    /// Crontab lines running `command`, one per time (cron's weekdays: 0 is Sunday); the
    /// notification needs the session's bus, at `/run/user/UID/bus`.
    public func crontabLines(command: [String], userID: UInt32) -> [String] {
        let weekdays = everyDay ? "*" : days.map { String(($0.rawValue + 1) % 7) }.joined(separator: ",")
        let line = command.map { Self.shellQuoted($0, crontab: true) }.joined(separator: " ")
        return times.map {
            "\($0 % 60) \($0 / 60) * * \(weekdays) DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(userID)/bus \(line)"
        }
    }
}
