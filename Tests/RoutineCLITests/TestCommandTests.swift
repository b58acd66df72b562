import EndToEndSupport
import Foundation
import Testing

/// `routine test` and `routine test --explore` through the real binary (SPEC §15.1):
/// output in the form CI parses, exit statuses, JSON, and no store written.
@Suite struct TestCommandTests {
    /// A test file with one passing and one failing case of the bundled morning check-in.
    private static let failing = """
        routine: morning-checkin
        cases:
          - name: passes
            day: 2026-11-23
            answers: [1, y, y, y]
            status: completed
          - name: fails
            day: 2026-11-23
            answers: [2, y, y]
            asks: [feeling, Drink Water, Go for a walk]
            records: [Journal]

        """

    @Test func theBundledRoutinesPassTheirTestFilesAndNoStoreIsMade() throws {
        let e2e = try EndToEnd()
        let result = try e2e.run(["test", EndToEnd.routines.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "14 passed, 0 failed\n")
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
        // Test files beside the routines are not routine files to check or import.
        #expect(try e2e.ok(["check", "--strict", EndToEnd.routines.path]) == "3 files checked: 0 errors, 0 warnings\n")
        #expect(try e2e.ok(["import", EndToEnd.routines.path]).contains("morning-checkin"))
    }

    @Test func failuresArePrintedAtTheirExpectationThenTheCountsAndExitIsOne() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        _ = try e2e.folder.write("tests/morning.test.yaml", Self.failing)
        let before = try Data(contentsOf: URL(fileURLWithPath: e2e.store))
        let result = try e2e.run(["test", "tests"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                tests/morning.test.yaml:10:11: error: expected asks [feeling, Drink Water, Go for a walk], the run asked [feeling, Drink Water, Go for a walk, Journal] (case 'fails')
                tests/morning.test.yaml:11:15: error: expected a record of Journal, the run recorded [Drink Water, Go for a walk] (case 'fails')
                tests/morning.test.yaml:11:14: error: expected records [Journal], the run also recorded [Drink Water, Go for a walk] (case 'fails')
                1 passed, 1 failed

                """)
        // A stored routine is read, never written.
        #expect(try Data(contentsOf: URL(fileURLWithPath: e2e.store)) == before)

        let json = try JSONSerialization.jsonObject(
            with: Data(e2e.run(["test", "--format", "json", "tests"]).stdout.utf8))
        let document = try #require(json as? [String: Any])
        #expect(document["passed"] as? Int == 1)
        #expect(document["failed"] as? Int == 1)
        let files = try #require(document["files"] as? [[String: Any]])
        let cases = try #require(files.first?["cases"] as? [[String: Any]])
        #expect(cases.map { $0["passed"] as? Bool } == [true, false])
        let failures = try #require(cases.last?["failures"] as? [[String: Any]])
        #expect(failures.map { $0["expectation"] as? String } == ["asks", "records", "records"])
        #expect(failures.map { $0["line"] as? Int } == [10, 11, 11])
    }

    /// Issue 31 item 14: a habit the routine uses without declaring it, measured in the
    /// store (Meditate, min, from morning-checkin), is asked by `routine test` as a run asks
    /// it ("how much"), not as a yes-or-no habit.
    @Test func anUndeclaredHabitIsMeasuredAsTheStoreMeasuresIt() throws {
        let e2e = try EndToEnd()
        try e2e.importBundled(["morning-checkin"])
        _ = try e2e.folder.write(
            "calm.yaml", "routine: calm\nstart: [sit]\nnodes:\n  sit:\n    habit: Meditate\n")
        _ = try e2e.folder.write(
            "calm.test.yaml",
            """
            routine: calm.yaml
            cases:
              - day: 2026-11-23
                answers: [15]
                records: [{habit: Meditate, value: 15}]
                status: completed

            """)
        let tested = try e2e.run(["test", "calm.test.yaml"])
        #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
        #expect(tested.stdout == "1 passed, 0 failed\n")
        // The real run asks the same.
        let run = try e2e.run(["run", "calm.yaml"], input: "15\n")
        #expect(run.stdout.contains("Meditate: how much, in min?"), "\(run.stdout)")
        // Without a store the file's own: Meditate, undeclared, is a yes-or-no habit.
        let alone = try e2e.run(
            ["test", "calm.test.yaml"], extra: ["ROUTINE_STORE": e2e.url.appendingPathComponent("none/s.sqlite").path])
        #expect(alone.status == 1)
        #expect(alone.stdout.contains("1 failed"), "\(alone.stdout)")
    }

    @Test func aBadTestFileGetsCheckStyleDiagnostics() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write(
            "bad.test.yaml",
            "routine: \(EndToEnd.routineFile("training"))\ncases:\n  - day: 2026-11-23\n    stauts: completed\n")
        let result = try e2e.run(["test", "bad.test.yaml"])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                bad.test.yaml:4:5: error: unknown key 'stauts' in the case; did you mean 'status'? [unknown-key]
                0 passed, 0 failed; 1 test file with errors

                """)
        let nothing = try e2e.run(["test", "."])
        #expect(nothing.status == 1)
        #expect(nothing.stdout.hasPrefix("bad.test.yaml:4:5: error:"))
        let empty = try e2e.run(["test", e2e.url.appendingPathComponent("none").path])
        #expect(empty.status == 1)
    }

    @Test func exploreWarnsAtTheLinesOfDeadOptionsConstantConditionsAndUnreachableNodes() throws {
        let e2e = try EndToEnd()
        _ = try e2e.folder.write(
            "dead.yaml",
            """
            routine: dead
            start: [q]
            nodes:
              q:
                question: How?
                options:
                  - text: Weekend
                    when: weekday in [sat, sun]
                    next: [long]
                  - text: Never
                    when: weekday == mon and weekday == tue
                  - text: Any
              long:
                habit: Long run
                when: weekday != wed
              lost:
                habit: Lost

            """)
        let result = try e2e.run(["test", "--explore", "dead.yaml"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                dead.yaml:10:15: warning: option 'Never' of node 'q' is never offered: 'weekday == mon and weekday == tue' is always false [never-offered]
                dead.yaml:15:11: warning: the condition 'weekday != wed' of node 'long' is always true [constant-condition]
                dead.yaml:16:3: warning: node 'lost' is never reached on any weekday, whatever the answers [never-reached]
                dead.yaml:17:12: warning: habit 'Lost' is never recorded [never-recorded]
                explored 18 walks (7 weekdays × 2 histories): 4 warnings

                """)
        #expect(try e2e.run(["test", "--explore", "dead.yaml", "--strict"]).status == 1)
        let json = try e2e.json(["test", "--explore", "dead.yaml", "--format", "json"])
        let warnings = try #require((json as? [String: Any])?["warnings"] as? [[String: Any]])
        #expect(
            warnings.map { $0["code"] as? String } == [
                "never-offered", "constant-condition", "never-reached", "never-recorded",
            ])

        _ = try e2e.folder.write("broken.yaml", "routine: broken\nstart: [a]\nnodes: {}\n")
        let broken = try e2e.run(["test", "--explore", "broken.yaml"])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("broken.yaml:2:9: error:"))
        #expect(!FileManager.default.fileExists(atPath: e2e.store))
    }
}
