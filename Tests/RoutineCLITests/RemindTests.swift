import EndToEndSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `today --short`, `remind` and `remind install` through the real binary (SPEC §20): what
/// is left today (open or later), never what is done, paused or not due; a fake
/// `notify-send` and a fake `systemctl` on PATH record what they are called with.
@Suite(.serialized) struct RemindTests {
    /// `evening`: Meditate, Journal, Stretch (Mondays only: ROUTINE_NOW is a Sunday) and
    /// Walk (paused); Floss by hand, logged yesterday.
    static func setUp() throws -> EndToEnd {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write(
            "evening.yaml",
            """
            routine: evening
            start: [meditate, journal, stretch, walk]
            habits:
              Stretch:
                days: [mon]
            nodes:
              meditate: {habit: Meditate}
              journal: {habit: Journal}
              stretch: {habit: Stretch}
              walk: {habit: Walk}
            """)
        try e2e.ok(["import", path])
        try e2e.ok(["log", "Floss", "--new", "--day", "2026-11-21"])
        try e2e.ok(["pause", "Walk", "--to", "2026-11-30"])
        return e2e
    }

    /// A folder holding one fake program `name` that appends its arguments, one
    /// `[argument]` a line, then `--`, to `calls` in the folder, and exits with `status`.
    static func fake(_ e2e: EndToEnd, _ name: String, status: Int32 = 0) throws -> (path: String, calls: String) {
        let folder = e2e.url.appendingPathComponent("fake-\(name)-\(status)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let calls = folder.appendingPathComponent("calls").path
        let script = folder.appendingPathComponent(name).path
        try """
        #!/bin/sh
        for word in "$@"; do printf '[%s]\\n' "$word"; done >> '\(calls)'
        echo -- >> '\(calls)'
        exit \(status)
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return (folder.path, calls)
    }

    /// The binary's own path, as it finds it (symbolic links resolved).
    static let binary = Binary.url.resolvingSymlinksInPath().path

    static func calls(_ file: String) -> String {
        (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    @Test func shortNamesWhatIsLeftAndNothingWhenNothingIs() throws {
        let e2e = try Self.setUp()
        #expect(try e2e.ok(["today", "--short"]) == "3 left: Meditate, Journal, Floss\n")
        // Meditate done, Journal left for later; Stretch is not due, Walk paused.
        try e2e.ok(["run", "evening"], input: EndToEnd.lines(["y", "l"]))
        #expect(try e2e.ok(["today", "--short"]) == "2 left: Journal, Floss · 1 done\n")
        try e2e.ok(["log", "Journal"])
        try e2e.ok(["log", "Floss"])
        // Nothing left: nothing at all, not even a newline.
        let result = try e2e.run(["today", "--short"])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        // The full overview says the same.
        #expect(try e2e.ok(["today"]).contains("All done"))
    }

    @Test func shortOnAFreshStoreIsEmptyAndRefusesJSONAndOtherDays() throws {
        let e2e = try EndToEnd()
        let fresh = try e2e.run(["today", "--short"])
        #expect(fresh.status == 0 && fresh.stdout.isEmpty)
        let json = try e2e.run(["today", "--short", "--format", "json"])
        #expect(json.status == 64 && json.stderr.contains("--short"))
        let yesterday = try e2e.run(["today", "--short", "--day", "yesterday"])
        #expect(yesterday.status == 64 && yesterday.stderr.contains("--day"))
    }

    @Test func remindListsEachRoutineThenByHandAndNotifies() throws {
        let e2e = try Self.setUp()
        try e2e.ok(["run", "evening"], input: EndToEnd.lines(["y", "l"]))
        #expect(try e2e.ok(["remind"]) == "evening: Journal (later)\nBy hand: Floss\n")
        let notifier = try Self.fake(e2e, "notify-send")
        let sent = try e2e.run(["remind", "--notify"], extra: ["PATH": notifier.path])
        #expect(sent.status == 0 && sent.stdout.isEmpty)
        #expect(
            Self.calls(notifier.calls)
                == "[--app-name=routine]\n[Still due today: 2 habits]\n[evening: Journal (later)\nBy hand: Floss]\n--\n"
        )
        try e2e.ok(["log", "Journal"])
        try e2e.ok(["log", "Floss"])
        // Nothing due: nothing printed, nothing sent.
        #expect(try e2e.ok(["remind"]).isEmpty)
        #expect(try e2e.run(["remind", "--notify"], extra: ["PATH": notifier.path]).status == 0)
        #expect(Self.calls(notifier.calls).components(separatedBy: "--\n").count == 2)
    }

    @Test func remindWithoutNotifySendSaysSoInOneLine() throws {
        let e2e = try Self.setUp()
        let empty = e2e.url.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try e2e.run(["remind", "--notify"], extra: ["PATH": empty.path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "routine: notify-send is not installed (Debian: apt install libnotify-bin); nothing was sent\n")
        // A failing notify-send is one line too.
        let failing = try Self.fake(e2e, "notify-send", status: 3)
        let failed = try e2e.run(["remind", "--notify"], extra: ["PATH": failing.path])
        #expect(failed.status == 1 && failed.stderr.hasPrefix("routine: notify-send failed (exit 3)"))
    }

    /// Runs `systemd-analyze verify` on unit files; its status and what it said.
    static func verify(_ files: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["systemd-analyze", "verify"] + files
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func installWritesATimerThatVerifiesAndEnablesIt() throws {
        let e2e = try Self.setUp()
        let systemctl = try Self.fake(e2e, "systemctl")
        let path = systemctl.path + ":/usr/bin:/bin"
        let out = try e2e.ok(
            ["remind", "install", "--at", "20:00", "--at", "07:30", "--days", "mon..fri"], extra: ["PATH": path])
        let folder = e2e.url.appendingPathComponent("config/systemd/user")
        let timer = folder.appendingPathComponent("routine-remind.timer").path
        let service = folder.appendingPathComponent("routine-remind.service").path
        let timerText = try String(contentsOfFile: timer, encoding: .utf8)
        let serviceText = try String(contentsOfFile: service, encoding: .utf8)
        #expect(
            timerText.contains(
                "OnCalendar=Mon,Tue,Wed,Thu,Fri *-*-* 07:30:00\nOnCalendar=Mon,Tue,Wed,Thu,Fri *-*-* 20:00:00\n"))
        #expect(timerText.contains("Persistent=true\n"))
        #expect(
            serviceText.contains(
                "ExecStart=\(Self.binary) remind --notify --store \(e2e.store) --timezone UTC\n"))
        #expect(out.contains("Wrote \(timer):") && out.contains("Wrote \(service):"))
        #expect(
            Self.calls(systemctl.calls)
                == "[--user]\n[show-environment]\n--\n[--user]\n[daemon-reload]\n--\n"
                + "[--user]\n[enable]\n[--now]\n[routine-remind.timer]\n--\n")
        let (status, said) = try Self.verify([timer, service])
        #expect(status == 0, "\(said)")
        // A store whose path has a space, a % and a $ is quoted for systemd, and installing
        // again replaces the files.
        let odd = e2e.url.appendingPathComponent("my 100% $HOME.sqlite").path
        try e2e.ok(["remind", "install", "--at", "21:15", "--store", odd], extra: ["PATH": path])
        let oddService = try String(contentsOfFile: service, encoding: .utf8)
        #expect(
            oddService.contains(
                "ExecStart=\(Self.binary) remind --notify --store \"\(e2e.url.path)/my 100%% $$HOME.sqlite\""))
        #expect(try String(contentsOfFile: timer, encoding: .utf8).contains("OnCalendar=*-*-* 21:15:00\nPersistent"))
        let (oddStatus, oddSaid) = try Self.verify([timer, service])
        #expect(oddStatus == 0, "\(oddSaid)")
        try FileManager.default.removeItem(atPath: systemctl.calls)
        let removed = try e2e.ok(["remind", "uninstall"], extra: ["PATH": path])
        #expect(removed.contains("Removed \(timer)."))
        #expect(!FileManager.default.fileExists(atPath: timer) && !FileManager.default.fileExists(atPath: service))
        #expect(
            Self.calls(systemctl.calls)
                == "[--user]\n[show-environment]\n--\n[--user]\n[disable]\n[--now]\n[routine-remind.timer]\n--\n"
                + "[--user]\n[daemon-reload]\n--\n")
        #expect(try e2e.ok(["remind", "uninstall"], extra: ["PATH": path]).hasPrefix("No reminder timer installed"))
    }

    @Test func withoutAUserSessionInstallPrintsTheCrontabLineAndWritesNothing() throws {
        let e2e = try Self.setUp()
        let systemctl = try Self.fake(e2e, "systemctl", status: 1)
        let out = try e2e.ok(
            ["remind", "install", "--at", "07:05", "--days", "sat,sun"],
            extra: ["PATH": systemctl.path + ":/usr/bin:/bin"])
        #expect(out.hasPrefix("No systemd user session here"))
        #expect(
            out.contains(
                "  5 7 * * 6,0 DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(getuid())/bus \(Self.binary) remind --notify --store \(e2e.store) --timezone UTC\n"
            ))
        #expect(out.contains("  \(Self.binary) remind --store \(e2e.store) --timezone UTC\n"))
        #expect(!FileManager.default.fileExists(atPath: e2e.url.appendingPathComponent("config/systemd").path))
    }

    @Test(arguments: [
        ["--at", "25:00"], ["--at", "7:30"], [], ["--at", "07:30", "--days", "mon..funday"],
        ["--at", "07:30", "--days", "mon...fri"], ["--at", "07:30", "--days", ""],
    ])
    func badTimesAndDaysAreUsageErrors(_ arguments: [String]) throws {
        let e2e = try EndToEnd()
        let systemctl = try Self.fake(e2e, "systemctl")
        let result = try e2e.run(["remind", "install"] + arguments, extra: ["PATH": systemctl.path + ":/usr/bin:/bin"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 3)
        #expect(Self.calls(systemctl.calls).isEmpty)
    }
}
