import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

@Suite struct ConfigFileTests {
    private func parse(_ text: String) throws(ConfigFileError) -> ConfigFile {
        try ConfigFile.parse(Data(text.utf8), path: "/c/config.yaml")
    }

    private func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsEveryKeyWithItsPosition() throws {
        let config = try parse("store: ~/s.sqlite\ntimezone: Europe/Paris\nday-start: 03:30\ncolor: never\n")
        #expect(config["store"]?.text == "~/s.sqlite")
        #expect(config["timezone"]?.text == "Europe/Paris")
        #expect(config["day-start"]?.text == "03:30")
        #expect(config["day-start"]?.location == SourceLocation(line: 3, column: 12))
        #expect(config["color"]?.text == "never")
    }

    @Test func syncIsAMappingOfURLAndDevice() throws {
        let config = try parse("sync:\n  url: postgresql:///r?host=/run\n  device: laptop\n")
        #expect(config["sync.url"]?.text == "postgresql:///r?host=/run")
        #expect(config["sync.device"]?.text == "laptop")
        #expect(config["sync.device"]?.location == SourceLocation(line: 3, column: 11))
        #expect(
            error("sync:\n  urll: x\n")
                == "/c/config.yaml:2:3: unknown key 'urll' under 'sync' (known: url, device, auto)")
        #expect(error("sync: postgresql:///r\n")?.contains("'sync' wants a mapping") == true)
        #expect(error("sync:\n  url:\n") == "/c/config.yaml:2:7: 'sync.url' wants a text value")
    }

    @Test func syncAutoIsTrueOrFalse() throws {
        #expect(try parse("sync:\n  url: x\n  auto: true\n")["sync.auto"]?.text == "true")
        #expect(try parse("sync: {auto: false}\n")["sync.auto"]?.text == "false")
        #expect(
            error("sync:\n  auto: sometimes\n")
                == "/c/config.yaml:2:9: 'sync.auto' wants true or false, not 'sometimes'")
    }

    @Test func anEmptyFileOrACommentIsNoSetting() throws {
        #expect(try parse("").values.isEmpty)
        #expect(try parse("# nothing yet\n").values.isEmpty)
    }

    @Test func aMissingFileIsNoSettingButAFolderIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ConfigFile.load(path: folder.path + "/none.yaml").values.isEmpty)
        #expect(throws: ConfigFileError.self) { try ConfigFile.load(path: folder.path) }
    }

    @Test func unknownKeysAreErrorsWithASuggestion() {
        #expect(
            error("color: auto\ncolour: always\n")
                == "/c/config.yaml:2:1: unknown key 'colour'; did you mean 'color'? (known: store, timezone, day-start, color, week-start, sync)"
        )
        #expect(error("editor: vi\n")?.hasPrefix("/c/config.yaml:1:1: unknown key 'editor' (known:") == true)
    }

    @Test func badValuesAreErrorsAtTheValue() {
        #expect(
            error("timezone: Mars/Olympus\n")
                == "/c/config.yaml:1:11: 'timezone' wants a time zone name such as Europe/Paris or UTC, not 'Mars/Olympus'"
        )
        #expect(error("day-start: 25:00\n")?.hasPrefix("/c/config.yaml:1:12: 'day-start' wants HH:MM") == true)
        #expect(error("color: sometimes\n") == "/c/config.yaml:1:8: 'color' wants auto, always, never, not 'sometimes'")
        #expect(error("store:\n")?.hasPrefix("/c/config.yaml:1:") == true)
        #expect(error("store: [a, b]\n")?.contains("not a list") == true)
        #expect(error("store: \"a\\u0007b\"\n")?.hasPrefix("/c/config.yaml:1:8:") == true)
        #expect(error("color: auto\ncolor: never\n") == "/c/config.yaml:2:1: 'color' is set twice")
    }

    @Test func syntaxErrorsAndWrongShapesHaveAPosition() {
        #expect(error("a: [\n")?.hasPrefix("/c/config.yaml:2:1: ") == true)
        #expect(error("- store\n")?.hasPrefix("/c/config.yaml:1:1: expected a mapping of settings") == true)
        #expect(throws: ConfigFileError.self) {
            try ConfigFile.parse(Data("store: x".utf8) + Data([0xFF, 0x0A]), path: "/c/config.yaml")
        }
    }
}
