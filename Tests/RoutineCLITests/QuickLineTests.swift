import ArgumentParser
import EndToEndSupport
import Foundation
import Testing

@testable import RoutineCLI

/// `today --short`, `remind` and `list` are read without ArgumentParser (`QuickLine`,
/// docs/PERFORMANCE.md): a line it takes must be the command ArgumentParser builds for it,
/// every other line must go to ArgumentParser, and through the real binary both paths
/// must print the same, on good input and bad.
@Suite struct QuickLineTests {
    /// Lines the quick reader takes (as typed: global options before the command too).
    static let taken: [[String]] = [
        ["today", "--short"],
        ["today", "--short", "--store", "/tmp/s.sqlite"],
        ["today", "--store=/tmp/s.sqlite", "--short", "--timezone", "Europe/Paris", "--day-start=04:00"],
        ["--store", "/tmp/s.sqlite", "--timezone=UTC", "today", "--short"],
        ["today", "--short", "--store", "a=b"],
        ["remind"],
        ["remind", "--notify"],
        ["remind", "now"],
        ["remind", "now", "--notify", "--store", "/tmp/s.sqlite"],
        ["--day-start", "04:00", "remind"],
        ["list"], ["list", "--all"], ["--store", "/tmp/s.sqlite", "list", "--all", "--timezone", "UTC"],
        ["run", "morning-checkin"], ["run", "morning-checkin", "--dry-run"], ["run", "r.yaml", "--new"],
        ["run", "./a b.yaml", "--dry-run", "--store", "/tmp/s.sqlite"], ["--timezone", "UTC", "run", "x", "--dry-run"],
    ]

    /// Lines it leaves to ArgumentParser: help, errors, anything it does not know, and
    /// the spellings the end-to-end test uses to reach ArgumentParser on purpose.
    static let declined: [[String]] = [
        [], ["today"], ["today", "--all"], ["today", "--short", "--all"],
        ["today", "--short", "--format", "json"], ["today", "--short", "--format", "text"],
        ["today", "--short", "--short"], ["today", "--short", "--help"], ["today", "--short", "-h"],
        ["help", "today"], ["today", "--short", "--bogus"], ["today", "--short", "extra"],
        ["today", "--short", "--"], ["today", "--short=true"], ["today", "--short", "--day", "yesterday"],
        ["today", "--short", "--store"], ["today", "--short", "--store", "--short"],
        ["today", "--short", "--store="], ["today", "--short", "--store", ""],
        ["today", "--short", "--store", "a", "--store", "a"], ["today", "--short", "--store", "-"],
        ["remind", "install"], ["remind", "uninstall"], ["remind", "now", "now"], ["remind", "--help"],
        ["remind", "--notify", "--notify"], ["remind", "--timezone", "UTC", "--timezone", "UTC"],
        ["remind", "--all"], ["Today", "--short"],
        ["list", "--all", "--all"], ["list", "--short"], ["list", "extra"], ["list", "--help"], ["List"],
        ["run"], ["run", "--dry-run", "x"], ["run", "x", "y"], ["run", "x", "--day", "yesterday"],
        ["run", "x", "--format", "json"], ["run", "x", "--dry-run", "--dry-run"], ["run", "-"], ["run", ""],
        ["run", "help"], ["run", "x", "--help"], ["run", "x", "--"], ["run", "--", "x"],
        ["run", "x", "--dry-run", "--new"],
        // Settings ArgumentParser refuses as usage errors (`GlobalOptions.validate`).
        ["today", "--short", "--timezone", "Nowhere/Atlantis"], ["today", "--short", "--day-start", "25:99"],
        ["remind", "now", "--timezone", "Nowhere/Atlantis"],
    ]

    /// What ArgumentParser and the quick reader both decide about a line, field by field
    /// (a field either leaves unset would stop the process when read).
    static func fields(_ command: any ParsableCommand) -> String {
        func global(_ options: GlobalOptions) -> String {
            "store=\(options.store ?? "-") timezone=\(options.timezone ?? "-") day-start=\(options.dayStart ?? "-")"
        }
        if let today = command as? RoutineCommand.Today {
            return
                "today short=\(today.short) all=\(today.all) format=\(today.format) day=\(String(describing: today.day)) "
                + global(today.global)
        }
        if let remind = command as? RemindNow {
            return "remind notify=\(remind.notify) " + global(remind.global)
        }
        if let list = command as? RoutineCommand.List {
            return "list all=\(list.all) " + global(list.global)
        }
        if let run = command as? RoutineCommand.Run {
            return
                "run \(run.routine) dry-run=\(run.dryRun) new=\(run.new) format=\(run.format) "
                + "day=\(String(describing: run.day)) " + global(run.global)
        }
        return "\(type(of: command))"
    }

    @Test(arguments: taken) func aTakenLineIsTheCommandArgumentParserBuilds(_ line: [String]) throws {
        let arguments = GlobalOptions.normalize(line)
        let quick = try #require(QuickLine.command(arguments))
        let parsed = try RoutineCommand.parseAsRoot(arguments)
        #expect(Self.fields(quick) == Self.fields(parsed))
    }

    @Test(arguments: declined) func anyOtherLineGoesToArgumentParser(_ line: [String]) {
        #expect(QuickLine.command(GlobalOptions.normalize(line)) == nil)
    }

    /// Each pair: a line the quick reader takes, and the same line spelled so that only
    /// ArgumentParser takes it (a global option given twice: ArgumentParser keeps the
    /// last). Same standard output, standard error and exit status, on a store with
    /// something left, on no store, on a damaged store, and with bad settings.
    @Test func bothPathsPrintTheSameOnGoodAndBadInput() throws {
        let e2e = try RemindTests.setUp()
        let damaged = e2e.url.appendingPathComponent("damaged.sqlite").path
        #expect(FileManager.default.createFile(atPath: damaged, contents: Data("not a store".utf8)))
        let missing = e2e.url.appendingPathComponent("none/store.sqlite").path
        let cases: [(quick: [String], extra: [String: String])] = [
            (["today", "--short"], [:]),
            (["today", "--short", "--timezone", "Pacific/Kiritimati"], [:]),
            (["today", "--short", "--day-start", "23:00"], [:]),
            (["today", "--short", "--store", missing], [:]),
            (["today", "--short", "--store", damaged], [:]),
            (["today", "--short"], ["TZ": "Nowhere/Atlantis"]),
            (["today", "--short"], ["ROUTINE_DAY_START": "25:99"]),
            (["today", "--short"], ["ROUTINE_NOW": "yesterday-ish"]),
            (["remind"], [:]),
            (["remind", "--store", damaged], [:]),
            (["remind", "--notify"], ["PATH": "/nonexistent"]),
            (["remind", "now"], ["TZ": "Nowhere/Atlantis"]),
            (["list"], [:]),
            (["list", "--all"], [:]),
            (["list", "--store", damaged], [:]),
            (["list", "--store", missing], [:]),
            (["run", "evening", "--dry-run"], [:]),
            (["run", "nowhere", "--dry-run"], [:]),
            (["run", "evening", "--dry-run", "--store", damaged], [:]),
        ]
        var statuses: Set<Int32> = []
        for (quick, extra) in cases {
            #expect(QuickLine.command(GlobalOptions.normalize(quick)) != nil)
            // The same global option again, or the store the environment names, twice.
            let given = quick.firstIndex { GlobalOptions.names.contains($0) }
            let slow =
                given.map { quick + [quick[$0], quick[$0 + 1]] } ?? quick + [
                    "--store", e2e.store, "--store", e2e.store,
                ]
            #expect(QuickLine.command(GlobalOptions.normalize(slow)) == nil)
            let a = try e2e.run(quick, extra: extra)
            let b = try e2e.run(slow, extra: extra)
            #expect(a.status == b.status, "\(quick)")
            #expect(a.stdout == b.stdout, "\(quick)")
            #expect(a.stderr == b.stderr, "\(quick)")
            statuses.insert(a.status)
        }
        // The cases reach output, nothing, and failures.
        #expect(statuses.contains(0) && statuses.contains { $0 != 0 })
        // A dry run answered to its end, both ways.
        let answers = "done\nskip\nlater\ndone\n"
        let quick = try e2e.run(["run", "evening", "--dry-run"], input: answers)
        let slow = try e2e.run(
            ["run", "evening", "--dry-run", "--store", e2e.store, "--store", e2e.store], input: answers)
        #expect(quick.status == 0 && quick.stdout.contains("Meditate"))
        #expect(quick.stdout == slow.stdout && quick.stderr == slow.stderr && quick.status == slow.status)
        let line = try e2e.ok(["today", "--short"])
        #expect(line == "3 left: Meditate, Journal, Floss\n")
    }
}
