import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Issue 19 item 12: a run paused before an `edit` (or `import`) of its routine goes on
/// walking the version it started on; `resume` says so, and how to start the newer one.
@Suite struct ResumeNewerVersionTests {
    @Test func resumeSaysANewerVersionExists() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["run", "morning-checkin"], input: "pause\n")
        let unchanged = try e2e.ok(["resume"], input: "pause\n")
        #expect(!unchanged.contains("newer"), "\(unchanged)")
        let changed = try String(contentsOfFile: EndToEnd.routineFile("morning-checkin"), encoding: .utf8)
            .replacingOccurrences(of: "title: Morning Check-in", with: "title: Morning Check-in, second")
        #expect(try e2e.ok(["import", try e2e.folder.write("morning-checkin.yaml", changed)]).contains("version 2"))
        let out = try e2e.ok(["resume"], input: "pause\n")
        #expect(
            out.contains(
                "This run walks version 1 of morning-checkin; version 2 is newer: 'routine run morning-checkin --new' starts it instead."
            ), "\(out)")
        // A backfill run names its day in the command.
        try e2e.ok(["run", "morning-checkin", "--day", "2026-11-20"], input: "pause\n")
        try e2e.ok(["import", try e2e.folder.write("morning-checkin.yaml", changed + "\n# third\n")])
        let backfill = try e2e.ok(["resume"], input: "pause\n")
        #expect(backfill.contains("'routine run morning-checkin --new --day 2026-11-20'"), "\(backfill)")
    }
}
