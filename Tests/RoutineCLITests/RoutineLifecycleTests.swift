import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Routine archive/unarchive, `list --all`, and stale files on import and `edit`
/// (SPEC §11), through the binary.
@Suite struct RoutineLifecycleTests {
    @Test func archiveHidesARoutineAndKeepsEverything() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled()
        try e2e.ok(["run", "training"], input: "pause\n")
        #expect(try e2e.ok(["archive", "training"]).contains("archived routine 'training'"))
        #expect(try !e2e.ok(["list"]).contains("training"))
        #expect(try e2e.ok(["list", "--all"]).contains("training"))
        #expect(try e2e.ok(["list", "--all"]).contains("archived"))
        #expect(try e2e.ok(["show", "training"]).contains("Warm-up"))
        #expect(try e2e.ok(["runs"]).contains("training"))
        let typo = try e2e.run(["archive", "trainin"])
        #expect(typo.status == 1 && typo.stderr == "routine: no routine named 'trainin'; did you mean 'training'?\n")
        try e2e.ok(["unarchive", "training"])
        #expect(try e2e.ok(["list"]).contains("training"))
        for name in EndToEnd.bundled { try e2e.ok(["archive", name]) }
        #expect(try e2e.ok(["list"]).contains("3 archived"))
    }

    @Test func importingAnOlderVersionImportsNothingUnlessForced() throws {
        let e2e = try EndToEnd()
        let original = try String(contentsOfFile: EndToEnd.routineFile("training"), encoding: .utf8)
        let old = try e2e.folder.write("old/training.yaml", original)
        try e2e.ok(["import", old])
        let newer = try e2e.folder.write(
            "training.yaml", original.replacingOccurrences(of: "title: Training Log", with: "title: Training, new"))
        #expect(try e2e.ok(["import", newer]).contains("version 2"))
        let stale = try e2e.run(["import", old])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("is version 1 of 'training', not the latest (version 2)"))
        #expect(stale.stderr.contains("--force"))
        #expect(try e2e.ok(["list"]).contains("Training, new"))
        #expect(try e2e.ok(["import", "--force", old]).contains("version 3"))
        #expect(try e2e.ok(["list"]).contains("Training Log"))
        // The latest file again is simply unchanged.
        #expect(try e2e.ok(["import", old]).contains("unchanged"))
    }

    @Test func editOpensOnlyTheLatestVersion() throws {
        let e2e = try EndToEnd()
        let original = try String(contentsOfFile: EndToEnd.routineFile("training"), encoding: .utf8)
        try e2e.ok(["import", try e2e.folder.write("v1/training.yaml", original)])
        let v2 = original.replacingOccurrences(of: "title: Training Log", with: "title: Training two")
        try e2e.ok(["import", try e2e.folder.write("v2/training.yaml", v2)])
        // A stale routines/training.yaml in the folder `edit` works in.
        let file = try e2e.folder.write("routines/training.yaml", original)
        let editor = ["EDITOR": "true"]
        let declined = try e2e.run(["edit", "training"], input: "n\n", extra: editor)
        #expect(declined.status == 1)
        #expect(declined.stdout.contains("is version 1, not the latest (version 2)"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original)
        #expect(try e2e.ok(["list"]).contains("Training two"))
        let accepted = try e2e.run(["edit", "training"], input: "y\n", extra: editor)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == v2)
        #expect(try e2e.ok(["list"]).contains("Training two  v2"))
        // The latest in the file: opened at once, no question.
        let direct = try e2e.run(["edit", "training"], input: "", extra: editor)
        #expect(direct.status == 0 && !direct.stdout.contains("[y/N]"))
    }
}
