import EndToEndSupport
import Foundation
import RoutineCore
import Testing

@testable import RoutineCLI

/// SPEC §12 through the real binary: `--version`, unknown commands, the configuration
/// file and `routine config`, date words.
@Suite struct EverydayConventionsTests {
    private func writeConfig(_ fixture: EndToEnd, _ text: String) throws -> String {
        let folder = fixture.url.appendingPathComponent("config/routine")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func versionComesFromOnePlace() throws {
        let fixture = try EndToEnd()
        #expect(try fixture.ok(["--version"]) == RoutineVersion.current + "\n")
        #expect(try fixture.ok(["help"]).contains("Version \(RoutineVersion.current)."))
    }

    @Test func anUnknownCommandIsAUsageErrorWithASuggestion() throws {
        let fixture = try EndToEnd()
        let typo = try fixture.run(["lst"])
        #expect(typo.status == 64)
        #expect(
            typo.stderr == "routine: unknown command 'lst'; did you mean 'list'? ('routine help' lists the commands)\n")
        let far = try fixture.run(["--store", fixture.store, "xyzzy", "--all"])
        #expect(far.status == 64)
        #expect(far.stderr == "routine: unknown command 'xyzzy'; 'routine help' lists the commands\n")
        #expect(try fixture.run(["list"]).status == 0)
    }

    @Test func configShowsEachSettingAndItsSource() throws {
        let fixture = try EndToEnd()
        let path = try writeConfig(fixture, "day-start: \"04:00\"\ntimezone: Asia/Tokyo\ncolor: always\n")
        var env = fixture.environment
        env["TZ"] = nil
        env["NO_COLOR"] = nil
        let text = try EndToEnd.run(
            ["config", "--format", "json"], input: nil, environment: env, currentDirectory: fixture.url, timeout: 60)
        #expect(text.status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(text.stdout.utf8)) as? [String: Any])
        let settings = try #require(json["settings"] as? [[String: String]])
        #expect(settings.map { $0["key"] } == ["store", "timezone", "day-start", "color", "week-start"])
        #expect(settings[0]["value"] == fixture.store && settings[0]["source"] == "$ROUTINE_STORE")
        #expect(settings[1]["value"] == "Asia/Tokyo" && settings[1]["source"] == "\(path):2:11")
        #expect(settings[2]["value"] == "04:00" && settings[2]["source"] == "\(path):1:12")
        #expect(settings[3]["value"] == "always")
        #expect(settings[4]["value"] == "mon" && settings[4]["source"] == "default")
        #expect(json["file"] as? String == path)

        // flag > environment > file: --day-start beats the file; $TZ beats the file.
        let plain = try fixture.ok(["config", "--day-start", "05:00"])
        #expect(plain.contains("day-start   05:00") && plain.contains("(--day-start)"))
        #expect(plain.contains("timezone    UTC") && plain.contains("($TZ)"))
        #expect(plain.contains("color       never") && plain.contains("($NO_COLOR)"))
    }

    @Test func theFileDecidesTheDayAndTheStore() throws {
        let fixture = try EndToEnd()
        let other = fixture.url.appendingPathComponent("from-config.sqlite").path
        _ = try writeConfig(fixture, "store: \(other)\nday-start: \"07:00\"\n")
        // 06:30 UTC with a 07:00 day start is still the 21st.
        let logged = try fixture.ok(["log", "Stretch", "--new"], extra: ["ROUTINE_STORE": ""])
        #expect(logged.hasPrefix("logged Stretch on 2026-11-21"))
        #expect(FileManager.default.fileExists(atPath: other))
        #expect(!FileManager.default.fileExists(atPath: fixture.store))
        // A relative path is relative to the file's folder, wherever the command runs.
        let path = try writeConfig(fixture, "store: relative.sqlite\n")
        let shown = try fixture.ok(["config"], extra: ["ROUTINE_STORE": ""])
        let expected = (path as NSString).deletingLastPathComponent + "/relative.sqlite"
        #expect(shown.hasPrefix("store       \(expected)  (\(path):1:8)"), "\(shown)")
    }

    @Test func aBadConfigFileIsOneLineWithItsPosition() throws {
        let fixture = try EndToEnd()
        let path = try writeConfig(fixture, "color: auto\ndaystart: \"03:00\"\n")
        let result = try fixture.run(["today"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "routine: \(path):2:1: unknown key 'daystart'; did you mean 'day-start'? (known: store, timezone, day-start, color, week-start, sync)\n"
        )
        #expect(result.stdout.isEmpty)
        // Commands that need no settings still work, so the file can be fixed.
        #expect(try fixture.run(["--version"]).status == 0)
    }

    @Test func dateWordsWhereverADayIsTaken() throws {
        let fixture = try EndToEnd()
        // ROUTINE_NOW is Sunday 2026-11-22.
        #expect(try fixture.ok(["log", "Stretch", "--day", "yesterday", "--new"]).contains("on 2026-11-21"))
        #expect(try fixture.ok(["log", "Stretch", "--day", "-3"]).contains("on 2026-11-19"))
        #expect(try fixture.ok(["log", "Stretch", "--day", "fri"]).contains("on 2026-11-20"))
        #expect(try fixture.ok(["log", "Stretch", "--day", "sunday"]).contains("on 2026-11-22"))
        let listed = try fixture.ok(["entries", "--from", "-2", "--to", "yesterday"])
        #expect(listed.contains("2026-11-20") && listed.contains("2026-11-21") && !listed.contains("2026-11-19"))
        #expect(try fixture.ok(["today", "--day", "yesterday"]).contains("2026-11-21"))
        let typo = try fixture.run(["log", "Stretch", "--day", "yestrday"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean 'yesterday'?"))
    }
}

/// The output rough edges of SPEC §12's issue, through the real binary.
@Suite struct OutputRoughEdgesTests {
    @Test func logSaysTheUnitAndEntriesHaveAHeaderAndUnits() throws {
        let fixture = try EndToEnd()
        #expect(
            try fixture.ok(["log", "Stretch", "8", "--unit", "min", "--new"]).hasPrefix(
                "logged Stretch 8 min on 2026-11-22"))
        #expect(try fixture.ok(["log", "Stretch", "12.5"]).hasPrefix("logged Stretch 12.5 min on"))
        #expect(
            try fixture.ok(["log", "Drink Water", "--note", "big glass", "--new"]).hasPrefix("logged Drink Water on"))
        #expect(
            try fixture.ok(["entries"]) == """
                id  day         habit        value     note
                 1  2026-11-22  Stretch      8 min
                 2  2026-11-22  Stretch      12.5 min
                 3  2026-11-22  Drink Water            big glass

                """)
    }

    @Test func habitsColumnsLineUpWhateverTheKind() throws {
        let fixture = try EndToEnd()
        try fixture.ok(["log", "Run", "5", "--unit", "km", "--new"])
        try fixture.ok(["log", "Read", "--new"])
        try fixture.ok(["log", "Meditate", "10", "--unit", "min", "--new"])
        let lines = try fixture.ok(["habits"]).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // The third column starts at the same place on every line.
        let starts = lines.map { line in line.range(of: "done today")?.lowerBound.utf16Offset(in: line) }
        #expect(Set(starts).count == 1 && starts[0] != nil, "\(lines)")
    }
}
