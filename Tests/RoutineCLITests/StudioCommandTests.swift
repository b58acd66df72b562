import EndToEndSupport
import Foundation
import Testing

/// `routine studio` run as a person runs it (the studio's routes are tested in process,
/// in RoutineStudioTests).
@Suite struct StudioCommandTests {
    /// A file name that cannot name a routine stops the studio before it serves anything:
    /// one `routine: …` line, exit 1, and no file made (not ArgumentParser's dump of the
    /// error value).
    @Test func aNameThatCannotNameARoutineIsOneLineAndExitOne() throws {
        let fixture = try EndToEnd()
        let result = try fixture.run(["studio", "Bad Name.yaml"], timeout: 30)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("routine: 'Bad Name' cannot name a routine") == true, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: fixture.url.appendingPathComponent("Bad Name.yaml").path))
    }
}
