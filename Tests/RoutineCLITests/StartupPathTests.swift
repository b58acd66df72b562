import EndToEndSupport
import Foundation
import RoutineCore
import Testing

/// `routine --version` answers before anything else starts (docs/PERFORMANCE.md,
/// "Start-up"): no configuration file, time zone, clock or store is read, so none of
/// them being broken can stop it, and it creates nothing.
@Suite struct StartupPathTests {
    @Test func versionNeedsNoSettingsAndNoStore() throws {
        let fixture = try EndToEnd()
        let config = fixture.url.appendingPathComponent("config/routine")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "store: [unclosed\n".write(
            to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        // A store that may not be read, and one whose folder does not exist yet.
        let unreadable = fixture.url.appendingPathComponent("unreadable.sqlite").path
        #expect(FileManager.default.createFile(atPath: unreadable, contents: Data("not a store".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: unreadable)
        let missing = fixture.url.appendingPathComponent("new/folder/store.sqlite").path
        let broken = ["TZ": "Nowhere/Atlantis", "ROUTINE_NOW": "yesterday-ish", "ROUTINE_DAY_START": "25:99"]
        for store in [unreadable, missing] {
            var extra = broken
            extra["ROUTINE_STORE"] = store
            let result = try fixture.run(["--version"], extra: extra)
            #expect(result.status == 0)
            #expect(result.stdout == RoutineVersion.current + "\n")
            #expect(result.stderr.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.url.appendingPathComponent("new").path))
        // The same settings stop a command that needs them, with the config file's line.
        let list = try fixture.run(["list"], extra: ["ROUTINE_STORE": missing])
        #expect(list.status == 1)
        #expect(list.stderr.hasPrefix("routine: "))
        #expect(list.stdout.isEmpty)
    }

    @Test func versionAfterAGlobalOptionIsStillArgumentParsers() throws {
        // Only the bare `--version` takes the short path; other spellings go through
        // ArgumentParser as before and say the same.
        let fixture = try EndToEnd()
        let plain = try fixture.run(["--version"])
        let afterStore = try fixture.run(["--store", fixture.store, "--version"])
        #expect(plain.stdout == RoutineVersion.current + "\n")
        #expect(afterStore.status == plain.status)
        #expect(afterStore.stdout == plain.stdout)
    }
}
