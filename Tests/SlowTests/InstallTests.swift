import EndToEndSupport
import Foundation
import RoutineCore
import Testing

@testable import RoutineCLI

/// `scripts/install` end to end (SPEC §12): a clean clone of the committed repository,
/// a release build into a temporary prefix, and the installed files used as a person's
/// shell would use them. Slow (a release build from scratch): `scripts/test` runs this
/// target on its own, after the others.
@Suite(.serialized) struct InstallTests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The repository this test file belongs to.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `command` with `arguments`; kills it after `timeout` seconds.
    static func run(
        _ command: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 120
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("install-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                Issue.record("\(command) \(arguments.joined(separator: " ")) took more than \(timeout) s")
                break
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// The installed binary (ICU's data trimmed, linked statically) and the debug build
    /// (Foundation's whole ICU, linked dynamically) print the same bytes for commands that
    /// read and write days, instants, zones and names, in zones with odd offsets and
    /// daylight saving, under locales whose ICU data was left out (Chinese collation and
    /// word breaking, Thai dictionaries, Arabic digits), each on a store of its own.
    static func expectSameOutput(trimmed: String, whole: String, routines: String, work: URL) throws {
        let csv = work.appendingPathComponent("entries.csv").path
        var rows = ["uid,habit,dayKey,value,unit,note,timestamp,timeZone"]
        let zones = ["America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "Europe/Berlin"]
        for day in 0..<60 {
            let date = DayKey(ordinal: DayKey("2026-09-25")!.ordinal + day)
            let zone = zones[day % zones.count]
            rows.append(",Stretch,\(date),10,min,\(day % 7 == 0 ? "éü 中文 ภาษาไทย" : ""),\(date)T23:30:00Z,\(zone)")
            if day % 3 == 0 { rows.append(",Read,\(date),25,pages,,\(date)T06:05:00Z,\(zone)") }
        }
        try (rows.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["import", routines], ["import-entries", csv, "--new"], ["log", "Run", "5 km", "--new"],
            ["today"], ["today", "--short"], ["today", "--format", "json"], ["stats"], ["stats", "--format", "json"],
            ["review", "--month"], ["review", "--week", "--day", "2026-10-25"], ["plan"], ["habits"],
            ["entries", "--format", "csv"], ["runs"], ["insights"], ["check", routines],
            ["today", "--day", "2026-02-30"], ["log", "Stretch", "five"],
        ]
        let settings = [
            ("UTC", "C.UTF-8", "2026-11-22T06:30:00Z"),
            ("Australia/Lord_Howe", "zh_CN.UTF-8", "2026-10-04T02:15:00+11:00"),
            ("America/New_York", "th_TH.UTF-8", "2026-11-01T01:30:00-04:00"),
            ("Asia/Kolkata", "ar_EG.UTF-8", "2026-11-22T23:59:00+05:30"),
        ]
        for (index, (zone, locale, now)) in settings.enumerated() {
            var outputs: [String: [String]] = [:]
            for (name, binary) in [("trimmed", trimmed), ("whole", whole)] {
                let store = work.appendingPathComponent("same-\(index)-\(name).sqlite").path
                let env = [
                    "ROUTINE_NOW": now, "TZ": zone, "LANG": locale, "LC_ALL": locale, "NO_COLOR": "1",
                    "ROUTINE_STORE": store, "XDG_CONFIG_HOME": work.path + "/config-\(index)-\(name)",
                    "XDG_STATE_HOME": work.path + "/state-\(index)-\(name)",
                ]
                outputs[name] = try commands.map { command in
                    let result = try Self.run(binary, command, environment: env)
                    return "\(command.joined(separator: " ")) → \(result.status)\n\(result.stdout)\(result.stderr)"
                        .replacingOccurrences(of: store, with: "STORE")
                        // Each store makes its own random uids.
                        .replacing(#/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/#, with: "UID")
                }
            }
            for (left, right) in zip(outputs["trimmed"] ?? [], outputs["whole"] ?? []) {
                #expect(left == right, "\(zone) \(locale) \(now)")
            }
            #expect(outputs["trimmed"]?.count == commands.count)
        }
    }

    @Test func installsFromACleanCloneIntoATemporaryPrefix() throws {
        let setup = try Self.run(Self.repository.path + "/scripts/setup", ["--for-tests"], timeout: 600)
        try #require(setup.status == 0, "\(setup.stderr)")

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("install-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let clone = work.appendingPathComponent("clone").path
        let cloned = try Self.run("git", ["clone", "-q", Self.repository.path, clone])
        try #require(cloned.status == 0, "\(cloned.stderr)")
        let install = clone + "/scripts/install"

        // A prefix that cannot be made: one line, exit 1, nothing created, no build.
        let blocker = work.appendingPathComponent("a-file").path
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let refused = try Self.run(install, ["--prefix", blocker + "/sub"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "install: cannot create the prefix '\(blocker)/sub'\n")
        #expect(refused.stdout.isEmpty)
        let usage = try Self.run(install, ["--prefx", "x"])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("install: unknown argument '--prefx'"))

        let prefix = work.appendingPathComponent("prefix").path
        let installed = try Self.run(install, ["--prefix", prefix], timeout: 3600)
        try #require(installed.status == 0, "\(installed.stdout)\n\(installed.stderr)")
        let files = [
            "bin/routine", "share/bash-completion/completions/routine", "share/zsh/site-functions/_routine",
            "share/fish/vendor_completions.d/routine.fish", "share/man/man1/routine.1",
        ]
        for file in files {
            #expect(installed.stdout.contains("installed \(prefix)/\(file)\n"), "\(file)")
            #expect(FileManager.default.fileExists(atPath: "\(prefix)/\(file)"), "\(file)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: prefix)
        #expect(left.sorted() == ["bin", "share"], "the staging folder must be gone")

        // The installed binary works, and carries its own Swift runtime.
        let binary = "\(prefix)/bin/routine"
        #expect(try Self.run(binary, ["--version"]).stdout == RoutineVersion.current + "\n")
        let env = [
            "ROUTINE_NOW": "2026-11-22T06:30:00Z", "TZ": "UTC", "XDG_CONFIG_HOME": work.path + "/config",
            "ROUTINE_STORE": work.path + "/store.sqlite",
        ]
        let logged = try Self.run(binary, ["log", "Stretch", "5", "--unit", "min", "--new"], environment: env)
        #expect(logged.stdout.hasPrefix("logged Stretch 5 min on 2026-11-22"), "\(logged.stderr)")
        #expect(try Self.run(binary, ["check", clone + "/routines"]).status == 0)
        let linked = try Self.run("ldd", [binary])
        #expect(!linked.stdout.contains("libswiftCore"), "\(linked.stdout)")
        // Stripped (issue 32): no symbol table, no debug sections; the dynamic symbols stay.
        let sections = try Self.run("readelf", ["--section-headers", "--wide", binary])
        #expect(sections.status == 0 && sections.stdout.contains(".dynsym"), "\(sections.stderr)")
        #expect(!sections.stdout.contains(" .symtab"), "the installed binary keeps its symbol table")
        #expect(!sections.stdout.contains(" .debug_"), "the installed binary keeps debug sections")

        // Under 60 MB (issue 32; the README states the size), with ICU's data trimmed
        // (scripts/icu-data): the data left out must be data routine never reads.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int)
        #expect(size < 60_000_000, "the installed binary is \(size) bytes")
        try Self.expectSameOutput(trimmed: binary, whole: Binary.url.path, routines: clone + "/routines", work: work)

        // Completions load in each shell.
        let bash = try Self.run(
            "bash", ["-c", "source '\(prefix)/share/bash-completion/completions/routine' && complete -p routine"])
        #expect(bash.status == 0)
        #expect(bash.stdout.contains("-F _routine routine"), "\(bash.stdout)\(bash.stderr)")
        let zsh = try Self.run(
            "zsh",
            [
                "-f", "-c",
                "fpath=('\(prefix)/share/zsh/site-functions' $fpath); autoload -Uz compinit; "
                    + "compinit -u -d '\(work.path)/zcompdump'; print -r -- ${_comps[routine]}",
            ])
        #expect(zsh.status == 0)
        #expect(zsh.stdout == "_routine\n", "\(zsh.stdout)\(zsh.stderr)")
        let fish = try Self.run(
            "fish",
            [
                "--no-config", "-c",
                "source '\(prefix)/share/fish/vendor_completions.d/routine.fish'; complete -C 'routine con'",
            ])
        #expect(fish.status == 0)
        #expect(fish.stdout.contains("config"), "\(fish.stdout)\(fish.stderr)")

        // The man page renders, with every command in it.
        let man = try Self.run(
            "man", ["-l", "\(prefix)/share/man/man1/routine.1"],
            environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        #expect(man.status == 0, "\(man.stderr)")
        for word in ["NAME", "SYNOPSIS", "DESCRIPTION", "routine", "--version", "import-entries", "config"] {
            #expect(man.stdout.contains(word), "\(word)")
        }
        #expect(!man.stderr.contains("warning"), "\(man.stderr)")

        // Again: an upgrade replaces the files in place.
        let again = try Self.run(install, ["--prefix", prefix], timeout: 1800)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix).sorted() == ["bin", "share"])
    }
}
