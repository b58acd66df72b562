import Foundation
import Testing

@testable import RoutineCLI

@Suite struct GlobalOptionsTests {
    @Test func movesLeadingGlobalsAfterTheSubcommand() {
        #expect(GlobalOptions.normalize(["--store", "s.db", "run", "x"]) == ["run", "x", "--store", "s.db"])
        #expect(GlobalOptions.normalize(["--timezone=UTC", "goal", "list"]) == ["goal", "list", "--timezone=UTC"])
        #expect(GlobalOptions.normalize(["run", "x", "--store", "s"]) == ["run", "x", "--store", "s"])
        #expect(GlobalOptions.normalize(["--store", "s"]) == ["repl", "--store", "s"])
        #expect(
            GlobalOptions.normalize(["--store", "s", "log", "x", "--", "--y"]) == [
                "log", "x", "--store", "s", "--", "--y",
            ])
    }

    @Test func storePathPrecedence() throws {
        var options = try GlobalOptions.parse([])
        let env = ["ROUTINE_STORE": "/e/store.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(try Settings(options: options, environment: env).storePath == "/e/store.sqlite")
        #expect(
            try Settings(options: options, environment: ["XDG_DATA_HOME": "/xdg"]).storePath
                == "/xdg/routine/store.sqlite")
        #expect(
            try Settings(options: options, environment: ["HOME": "/home/u"]).storePath
                == "/home/u/.local/share/routine/store.sqlite")
        options = try GlobalOptions.parse(["--store", "/flag.sqlite"])
        #expect(try Settings(options: options, environment: env).storePath == "/flag.sqlite")
    }

    @Test func timeSettingsPrecedenceAndErrors() throws {
        var options = try GlobalOptions.parse([])
        let env = ["TZ": "Asia/Tokyo", "ROUTINE_DAY_START": "03:00", "ROUTINE_NOW": "2026-11-22T16:30:00Z"]
        let fromEnv = try Settings(options: options, environment: env)
        #expect(fromEnv.time.timeZone.identifier == "Asia/Tokyo")
        #expect(fromEnv.time.dayStartMinutes == 180)
        // 01:30 on the 23rd in Tokyo, before the 03:00 day start: still the 22nd.
        #expect(fromEnv.time.today.description == "2026-11-22")
        let midnightStart = try Settings(options: GlobalOptions.parse(["--day-start", "00:00"]), environment: env)
        #expect(midnightStart.time.today.description == "2026-11-23")
        options = try GlobalOptions.parse(["--timezone", "America/New_York", "--day-start", "00:00"])
        #expect(try Settings(options: options, environment: env).time.today.description == "2026-11-22")
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--timezone", "Mars/Olympus"]) }
        #expect(throws: (any Error).self) { try GlobalOptions.parse(["--day-start", "3am"]) }
        #expect(throws: CLIError.self) {
            try Settings(options: GlobalOptions.parse([]), environment: ["TZ": "Mars/Olympus"])
        }
        #expect(try Settings(options: GlobalOptions.parse([]), environment: ["TZ": ":UTC"]).timeZoneName == "UTC")
        #expect(throws: CLIError.self) {
            try Settings(options: GlobalOptions.parse([]), environment: ["ROUTINE_NOW": "yesterday"])
        }
        #expect(throws: CLIError.self) {
            try Settings(options: GlobalOptions.parse([]), environment: ["ROUTINE_DAY_START": "25:00"])
        }
    }
}
