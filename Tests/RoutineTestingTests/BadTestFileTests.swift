import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineTesting

/// A bad test file gets diagnostics as `check` gives a bad routine file, at line:col,
/// and none of its cases runs.
@Suite struct BadTestFileTests {
    private func lines(_ result: TestReport.FileResult) -> [String] {
        result.diagnostics.map { diagnostic in
            let place = diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(place) \(diagnostic.severity.rawValue) [\(diagnostic.code.rawValue)] \(diagnostic.message)"
        }
    }

    @Test func shapeProblemsAreReportedInOnePass() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-13-01
                anwsers: [1]
                status: done
              - day: 2026-11-23
                not-due: {swim: holiday}
                history:
                  entries: [{habit: Run, day: 2}]
                  pauses: [{from: 0, to: -3}]
              - answers: {a: 1}
            """)
        #expect(
            lines(result) == [
                "3:10 error [invalid-value] '2026-13-01' is not a date: use YYYY-MM-DD",
                "4:5 error [unknown-key] unknown key 'anwsers' in the case; did you mean 'answers'?",
                "5:13 error [invalid-value] unknown status 'done': use one of active, paused, completed, aborted",
                "7:21 error [invalid-value] unknown not-due reason 'holiday': use one of schedule, paused, archived, when",
                "9:35 error [invalid-value] history is what happened on or before the case's day (2026-11-23); 2 is 2026-11-25",
                "10:16 error [invalid-value] a pause ends (2026-11-20) before it starts (2026-11-23)",
                "11:5 error [missing-key] missing key 'day' in case 'case 3' (a date, YYYY-MM-DD)",
                "11:14 error [invalid-value] 'answers' must be a list, not a mapping",
            ])
        #expect(result.cases.isEmpty)
    }

    /// Issue 31 item 11: an offset that reaches before 0001-01-01 is refused where it is
    /// written, as a date before it is.
    @Test func historyBeforeTheFirstDayIsRefusedAtItsPlace() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 0001-01-02
                history:
                  entries: [{habit: Run, day: -5}]
                  pauses: [{from: -400, to: -1}]
            """)
        #expect(
            lines(result) == [
                "5:35 error [invalid-value] history day -5 is before 0001-01-01, the first day routine knows",
                "6:23 error [invalid-value] history day -400 is before 0001-01-01, the first day routine knows",
            ])
        #expect(result.cases.isEmpty)
    }

    @Test func aTestFileThatCannotBeReadIsWordedAsCheckWordsIt() throws {
        let folder = try TestFolder()
        let stored: (String) throws -> Routine = { throw RoutineLookupError("no store: \($0)") }
        let gone = RoutineTestRun.runFile(folder.url.appendingPathComponent("gone.test.yaml").path, stored: stored)
        #expect(lines(gone) == ["- error [syntax] cannot read file: no such file"])
        let inner = try folder.write("inner.test.yaml/keep", "")
        let folderNamed = RoutineTestRun.runFile((inner as NSString).deletingLastPathComponent, stored: stored)
        #expect(lines(folderNamed) == ["- error [syntax] cannot read file: is a folder"])
    }

    @Test func brokenYAMLAndWrongTopLevelsAreErrorsAtTheirPlace() throws {
        let folder = try TestFolder()
        let broken = try folder.run("routine: routine.yaml\ncases: [\n")
        #expect(broken.diagnostics.count == 1)
        #expect(broken.diagnostics.first?.code == .syntax)
        #expect(broken.diagnostics.first?.location != nil)

        let empty = try folder.run("")
        #expect(lines(empty) == ["1:1 error [missing-key] the test file is empty: missing keys 'routine' and 'cases'"])

        let list = try folder.run("- a\n")
        #expect(
            lines(list) == [
                "1:1 error [invalid-value] a test file must be a mapping with 'routine' and 'cases', not a list"
            ])

        let noCases = try folder.run("routine: routine.yaml\ncases: []\n")
        #expect(lines(noCases) == ["2:8 error [invalid-value] 'cases' is empty: a test file has at least one case"])
    }

    @Test func aRoutineThatCannotBeFoundOrHasErrorsIsAnErrorAtTheRoutineKey() throws {
        let folder = try TestFolder()
        let missing = try folder.run("routine: ../nowhere.yaml\ncases: [{day: 2026-11-23}]\n")
        #expect(lines(missing).count == 1)
        #expect(lines(missing).first?.hasPrefix("1:10 error [invalid-value] no routine file ") == true)
        #expect(lines(missing).first?.hasSuffix("/../nowhere.yaml") == true)

        try folder.write("bad.yaml", "routine: bad\nstart: [a]\nnodes: {}\n")
        let path = try folder.write("bad.test.yaml", "routine: bad.yaml\ncases: [{day: 2026-11-23}]\n")
        let bad = RoutineTestRun.runFile(path, stored: { _ in throw RoutineLookupError("x") })
        #expect(lines(bad).count == 1)
        #expect(lines(bad).first?.contains("has 1 error: ") == true)
        #expect(lines(bad).first?.contains("[undefined-node]") == true)
        #expect(bad.cases.isEmpty)
    }

    @Test func aStoredNameIsLookedUpThroughTheCallerAndNeverAsAFile() throws {
        let folder = try TestFolder()
        let path = try folder.write(
            "stored.test.yaml", "routine: morning\ncases: [{day: 2026-11-23, answers: [2, y], status: completed}]\n")
        let routine = try #require(RoutineFileReaderFixture.routine(TestFolder.morning))
        var asked: [String] = []
        let found = RoutineTestRun.runFile(path) { name in
            asked.append(name)
            return routine
        }
        #expect(asked == ["morning"])
        #expect(found.routine == "morning")
        #expect(found.cases.map(\.passed) == [true])

        let unknown = RoutineTestRun.runFile(path) { _ in throw RoutineLookupError("no routine named 'morning'") }
        #expect(lines(unknown).first?.hasSuffix("and no routine named 'morning'") == true)
    }

    @Test func namesTheRoutineDoesNotHaveAreErrorsWithSuggestions() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                history:
                  entries: [{habit: Gardening, day: -1}]
                  answers: [{question: feelin, day: -1, answer: Great}]
                asks: [feelng]
                records: [Meditat]
                not-due: {swimm: schedule}
            """)
        #expect(
            lines(result) == [
                "5:17 warning [unknown-habit] the history names 'Gardening', which 'morning' neither asks nor reads in a condition; it cannot change the run",
                "6:17 error [undefined-node] no question 'feelin' in 'morning'; did you mean 'feeling'?",
                "7:12 error [undefined-node] 'asks' names 'feelng', which is no node id or habit of 'morning'; did you mean 'feeling'?",
                "8:15 error [invalid-value] 'records' names 'Meditat', a habit 'morning' never asks; did you mean 'Meditate'?",
                "9:15 error [undefined-node] 'not-due' names 'swimm', which is no node id or habit of 'morning'; did you mean 'swim'?",
            ])
        #expect(result.cases.isEmpty)
    }

    @Test func tooManyAnswersAreRefusedBeforeAnythingRuns() throws {
        let answers = Array(repeating: "y", count: TestFileDecoder.maxAnswers + 1).joined(separator: ", ")
        let result = try TestFolder().run(
            "routine: routine.yaml\ncases:\n  - day: 2026-11-23\n    answers: [\(answers)]\n")
        #expect(lines(result) == ["4:14 error [invalid-value] 10001 answers: a case takes at most 10000"])
        #expect(result.cases.isEmpty)
    }
}

/// Test files damaged at random never crash the runner: each gets diagnostics or runs.
@Suite struct DamagedTestFileTests {
    private static let valid = """
        routine: routine.yaml
        cases:
          - name: a day
            day: 2026-11-23
            history:
              entries: [{habit: Drink Water, day: -1, value: 2}]
              pauses: [{habits: [Stretch], from: -2, to: 0}]
              answers: [{question: feeling, day: -1, answer: Great}]
              archived: [Nap]
            answers: [1, y, back, n, 12, pause]
            asks: [feeling, Drink Water, Meditate]
            records: [{habit: Meditate, value: 12}, Stretch]
            not-due: {swim: schedule, nap: when}
            status: paused

        """

    @Test func randomEditsGiveDiagnosticsOrARunNeverACrash() throws {
        let folder = try TestFolder()
        try folder.write("routine.yaml", TestFolder.morning)
        var random = SeededGenerator(seed: 20)
        let pieces = [
            "[", "]", "{", "}", ":", "-", " ", "\n", "'", "\"", "&a", "*a", "-1", "9999999", "\u{1B}", "é", "\t",
        ]
        let original = Array(Self.valid)
        for _ in 0..<300 {
            var text = original
            for _ in 0...random.below(4) {
                let at = random.below(text.count)
                switch random.below(3) {
                case 0: text.remove(at: at)
                case 1: text.insert(contentsOf: pieces[random.below(pieces.count)], at: at)
                default: text[at] = Array(pieces[random.below(pieces.count)]).first ?? " "
                }
            }
            let path = try folder.write("damaged.test.yaml", String(text))
            let result = RoutineTestRun.runFile(path, stored: { throw RoutineLookupError("no store: \($0)") })
            #expect(!result.diagnostics.isEmpty || !result.cases.isEmpty, "\(String(text))")
        }
    }
}
