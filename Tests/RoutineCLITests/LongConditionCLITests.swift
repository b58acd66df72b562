import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Issue 19 item 1 through the binary: a long flat `and` chain crashed `check`, `import`
/// (which also left a new store behind) and runs.
@Suite struct LongConditionCLITests {
    static func file(terms: Int, term: String = "true") -> String {
        "routine: d\nstart: [a]\nnodes:\n  a:\n    habit: W\n    when: "
            + Array(repeating: term, count: terms).joined(separator: " and ") + "\n"
    }

    @Test func longChainIsCheckedImportedAndWalked() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write("d.yaml", Self.file(terms: 40_000))
        let check = try e2e.run(["check", path])
        #expect(check.status == 0, "\(check.status) \(check.stderr)")
        #expect(check.stdout.contains("0 errors"))
        #expect(try e2e.ok(["import", path]).contains("imported d"))
        #expect(try e2e.ok(["run", "d"], input: "y\n").contains("recorded W"))
    }

    @Test func failedImportLeavesNoNewStoreBehind() throws {
        let e2e = try EndToEnd()
        let path = try e2e.folder.write("d.yaml", Self.file(terms: 3, term: "done("))
        let result = try e2e.run(["import", path])
        #expect(result.status == 1)
        for file in [e2e.store, e2e.store + "-wal", e2e.store + "-shm", e2e.store + ".runs"] {
            #expect(!FileManager.default.fileExists(atPath: file), "\(file) left behind")
        }
        // An existing store stays, of course.
        try e2e.ok(["log", "Walk", "--new"])
        #expect(try e2e.run(["import", path]).status == 1)
        #expect(try e2e.entries().count == 1)
    }
}
