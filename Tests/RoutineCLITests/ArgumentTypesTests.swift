import EndToEndSupport
import Foundation
import LineEditor
import Testing

@testable import RoutineCLI

/// Issue 17 item 3 and issue 19 items 15, 18 and 20: ids, days and formats parse into
/// types at the edge, so a bad one is a one-line usage error before any store is opened.
@Suite struct ArgumentTypesTests {
    @Test func aBadIdIsAUsageErrorOfOneLine() throws {
        let e2e = try EndToEnd()
        let cases: [([String], String)] = [
            (["delete", "abc"], "the value 'abc' is invalid for '<entry-id>' (see 'routine help delete')"),
            (["undelete", "0"], "the value '0' is invalid for '<entry-id>' (see 'routine help undelete')"),
            (
                ["edit", "x1", "--value", "3"],
                "the value 'x1' is invalid for '<entry-id>' (see 'routine help edit entry')"
            ),
            (["resume", "zz!"], "the value 'zz!' is invalid for '<run-id>' (see 'routine help resume')"),
            (["abort", "ab"], "the value 'ab' is invalid for '<run-id>' (see 'routine help abort')"),
            (["goal", "show", "0"], "the value '0' is invalid for '<goal>' (see 'routine help goal show')"),
        ]
        for (arguments, message) in cases {
            let result = try e2e.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == "routine: \(message)\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        // Nothing was opened: a usage error creates no store.
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
    }

    @Test func deleteTakesSeveralIdsAllOrNone() throws {
        let e2e = try EndToEnd()
        for _ in 0..<3 { try e2e.ok(["log", "Read", "--new"]) }
        let refused = try e2e.run(["delete", "1", "9"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "routine: no entry with id 9\n")
        #expect(try e2e.entries().count == 3)
        #expect(try e2e.entries(all: true).allSatisfy { $0["deletedAt"] is NSNull })
        let out = try e2e.ok(["delete", "1", "3"])
        #expect(out == "deleted entry 1: Read on 2026-11-22\ndeleted entry 3: Read on 2026-11-22\n")
        #expect(try e2e.entries().map { $0["id"] as? String } == ["2"])
        #expect(try e2e.run(["delete", "2", "2"]).status == 64)
    }

    @Test func aGoalIsNamedByItsTitleOrItsId() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["log", "Run", "5", "--new", "--unit", "km"])
        try e2e.ok([
            "goal", "add", "December running", "--target", "100", "--unit", "km", "--from", "2026-11-01", "--to",
            "2026-12-31", "--habit", "Run",
        ])
        let byTitle = try e2e.ok(["goal", "show", "december RUNNING"])
        #expect(byTitle.hasPrefix("December running\n"))
        #expect(byTitle == (try e2e.ok(["goal", "show", "1"])))
        let typo = try e2e.run(["goal", "show", "Decmber running"])
        #expect(typo.status == 1)
        #expect(
            typo.stderr
                == "routine: no goal titled 'Decmber running'; did you mean 'December running'? (see 'goal list')\n")
        #expect(try e2e.ok(["goal", "unlink", "December running", "Run"]).contains("goal 1"))
        #expect(try e2e.ok(["goal", "delete", "December running"]) == "deleted goal 1: December running\n")
    }

    /// SPEC §12 and issue 19 item 15: on Thursday 2026-11-26, `pause --to sun` ends on the
    /// coming Sunday, and `plan --from mon` starts on the coming Monday.
    @Test func rangeEndsAndPlanStartsPointForward() throws {
        let e2e = try EndToEnd(extra: ["ROUTINE_NOW": "2026-11-26T10:00:00Z"])
        try e2e.ok(["log", "Read", "--new"])
        #expect(try e2e.ok(["pause", "Read", "--to", "sun"]).hasPrefix("paused Read from 2026-11-26 to 2026-11-29"))
        #expect(
            try e2e.ok(["pause", "--from", "tomorrow", "--to", "+3"]).hasPrefix(
                "paused every habit from 2026-11-27 to 2026-11-29"))
        let plan = try #require(
            try e2e.json(["plan", "--from", "mon", "--days", "1", "--format", "json"]) as? [String: Any])
        #expect(plan["from"] as? String == "2026-11-30")
    }

    @Test func theShellsCatalogComesFromPublicAPIAndOffersDateWords() throws {
        let catalog = try CommandCatalog(RoutineCommand.self)
        #expect(catalog.commandNames.contains("delete") && catalog.commandNames.contains("goal"))
        let sources = CompletionSources(routines: { [] }, habits: { ["Run"] }, paths: { _ in [] })
        let offered = ReplCompleter.candidates(
            request: CompletionRequest(lineBeforeCursor: "log Run --day t"), catalog: catalog, sources: sources)
        #expect(offered == ["today", "tomorrow", "tue", "thu"].sorted())
    }
}
