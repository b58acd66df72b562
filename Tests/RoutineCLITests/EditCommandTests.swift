import EndToEndSupport
import Foundation
import LineEditor
import TestSupport
import Testing

@testable import RoutineCLI

/// `edit` is two commands under one word (`edit routine NAME`, `edit entry ID …`) with
/// SPEC §7's short forms kept: the options say which one `edit X` is.
@Suite struct EditCommandTests {
    @Test func bothFormsCorrectAnEntryAndTheEntryFormNeedsAChange() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Run", "3", "--unit", "km", "--new"])
        #expect(try e2e.ok(["edit", "1", "--value", "4"]) == "entry 1: Run on 2026-11-22 is now 4 km\n")
        #expect(
            try e2e.ok(["edit", "entry", "1", "--note", "hills"])
                == "entry 1: Run on 2026-11-22 has the note 'hills'\n")
        let both = try e2e.ok(["edit", "1", "--note", "", "--value=5"])
        #expect(both == "entry 1: Run on 2026-11-22 is now 5 km and has no note\n")
        let nothing = try e2e.run(["edit", "entry", "1"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("say what to correct: --value V, --note TEXT, or both"))
        #expect(try e2e.ok(["edit", "entry", "1", "--note", "hills"]).hasSuffix("has the note 'hills'\n"))
        #expect(try e2e.ok(["entries", "--format", "json"]).contains(#""value":5,"note":"hills""#))
    }

    @Test func bothFormsOpenARoutineAndHelpNamesTheTwoCommands() throws {
        let e2e = try EndToEnd()
        let editor = ["EDITOR": "true"]
        for arguments in [["edit", "nosuch"], ["edit", "routine", "nosuch"]] {
            let missing = try e2e.run(arguments, extra: editor)
            #expect(missing.status == 1)
            #expect(
                missing.stderr
                    == "routine: no routine named 'nosuch' in routines/ or the store; start one with 'new nosuch'\n")
        }
        let help = try e2e.ok(["edit", "--help"])
        #expect(help.contains("routine edit <subcommand>"))
        #expect(help.contains("'edit NAME' is 'edit routine NAME'"))
        let bare = try e2e.run(["edit"])
        #expect(bare.status == 64)
        #expect(
            bare.stderr == "routine: missing expected argument '<routine>' (see 'routine help edit routine')\n")
    }

    @Test func tabAfterEditOffersTheTwoCommandsAndRoutineNames() throws {
        let catalog = try CommandCatalog(RoutineCommand.self)
        let sources = CompletionSources(routines: { ["morning-checkin"] }, habits: { ["Run"] }, paths: { _ in [] })
        func complete(_ line: String) -> [String] {
            ReplCompleter.candidates(
                request: CompletionRequest(lineBeforeCursor: line), catalog: catalog, sources: sources)
        }
        #expect(complete("edit ") == ["entry", "morning-checkin", "routine"])
        #expect(complete("edit mor") == ["morning-checkin"])
        #expect(complete("edit routine ") == ["morning-checkin"])
        #expect(complete("edit 1 --") == ["--day-start", "--note", "--store", "--timezone", "--value"])
        #expect(complete("edit entry 1 --v") == ["--value"])
    }
}
