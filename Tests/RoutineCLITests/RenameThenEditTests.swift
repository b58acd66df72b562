import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Issue 19 item 6: `habit rename` then `edit` with an editor that saves nothing split
/// the habit (the stored source still named the old spelling, so the import made a new
/// habit), and every later unchanged `edit` did it again.
@Suite struct RenameThenEditTests {
    @Test func editAfterARenameKeepsOneHabit() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.ok(["log", "Drink Water"])
        let editor = ["EDITOR": "true"]
        // The file is written from the store (the source as imported), and unchanged.
        #expect(try e2e.ok(["edit", "morning-checkin"], extra: editor).contains("unchanged (version 1)"))
        try e2e.ok(["habit", "rename", "Drink Water", "Hydrate"])
        let first = try e2e.ok(["edit", "morning-checkin"], extra: editor)
        #expect(first.contains("now has their current names"), "\(first)")
        #expect(first.contains("imported morning-checkin (version 2)"), "\(first)")
        let habits = try e2e.ok(["habits"])
        #expect(habits.contains("Hydrate") && !habits.contains("Drink Water"), "\(habits)")
        let file = try String(
            contentsOf: e2e.url.appendingPathComponent("routines/morning-checkin.yaml"), encoding: .utf8)
        #expect(file.contains("Hydrate") && !file.contains("Drink Water"))
        // Unchanged edits change nothing now.
        let again = try e2e.ok(["edit", "morning-checkin"], extra: editor)
        #expect(again.contains("unchanged"), "\(again)")
        // The routine asks the habit by its new name; today it is already done.
        let run = try e2e.ok(["run", "morning-checkin", "--dry-run"], input: "1\ny\n12\ny\ny\ny\n")
        #expect(!run.contains("Drink Water"), "\(run)")
    }
}
