import EndToEndSupport
import Foundation
import Testing

/// `runs show RUN` and `runs --format json` (SPEC §14.2) with the real binary on the
/// fixed clock (2026-11-22 06:30 UTC).
@Suite(.serialized) struct RunsShowTests {
    @Test func showPrintsEachStepWithItsTimeAndUndoneOnesMarked() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        try e2e.run(["run", "morning-checkin"], input: EndToEnd.lines(["1", "12", "back", "n", "y", "y"]))
        let runs = try #require(try e2e.json(["runs", "--format", "json"]) as? [[String: Any]])
        #expect(runs.count == 1)
        let id = try #require(runs.first?.string("run"))
        #expect(runs.first?.string("status") == "completed" && runs.first?.string("dayKey") == "2026-11-22")
        #expect(
            try e2e.ok(["runs", "show", String(id.prefix(6))]) == """
                Run \(id.prefix(8))  morning-checkin v1  2026-11-22  completed
                  06:30  How are you feeling today?  Great!
                  06:30  Meditate                    done 12 min  [undone]
                  06:30  Meditate                    skipped
                  06:30  Drink Water                 done
                  06:30  Journal                     done

                """)
        let shown = try #require(try e2e.json(["runs", "show", id, "--format", "json"]) as? [String: Any])
        let steps = try #require(shown["steps"] as? [[String: Any]])
        #expect(steps.map { $0.string("answer") ?? "?" } == ["Great!", "done", "skipped", "done", "done"])
        #expect(steps.map { $0["retracted"] as? Bool } == [false, true, false, false, false])
        #expect(steps.first?.string("prompt") == "How are you feeling today?" && steps.first?["option"] as? Int == 1)
        #expect(steps[1]["value"] as? Double == 12)
        #expect(steps.allSatisfy { isUUID($0.string("uid") ?? "") && $0.string("at") == "2026-11-22T06:30:00Z" })
    }

    @Test func anUnknownRunIsOneLineAndExitOne() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        let result = try e2e.run(["runs", "show", "abcd"])
        #expect(result.status == 1)
        #expect(result.stderr == "routine: no run with id 'abcd' (see 'runs')\n")
        #expect(try e2e.ok(["runs", "--format", "json"]) == "[]\n")
    }
}
