import RoutineCore
import Testing

@testable import RoutineTesting

/// `--explore` walks every weekday and answer, and warns at line:col about what never
/// happens: dead options, constant conditions, nodes never reached or asked, habits
/// never recorded.
@Suite struct ExplorerTests {
    private func findings(_ yaml: String, bound: Int = 200_000) throws -> (lines: [String], report: Explorer.Report) {
        let (routine, draft) = try RoutineFileReaderFixture.draft(yaml)
        let report = Explorer.explore(routine, draft: draft, bound: bound)
        let lines = report.findings.map {
            "\($0.location.line):\($0.location.column) [\($0.code.rawValue)] \($0.message)"
        }
        return (lines, report)
    }

    /// A routine where everything happens on some weekday and history.
    private static let fine = """
        routine: fine
        start: [q]
        nodes:
          q:
            question: How?
            options:
              - text: Weekend
                when: weekday in [sat, sun]
                next: [long]
              - text: Any day
                next: [short]
          long:
            habit: Long run
          short:
            habit: Short run
            when: not done(Short run, 1)
        """

    @Test func theWeekExploredStartsOnAMonday() {
        #expect(Explorer.week.map { Weekday($0).description } == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
    }

    @Test func aRoutineWhereEverythingHappensHasNoWarnings() throws {
        let (lines, report) = try findings(Self.fine)
        #expect(lines == [])
        #expect(report.complete)
        // Weekdays: done and skip of `short` on no history, and `short` not due on full history (3
        // walks); weekends add the long run on both histories (5).
        #expect(report.walks == 25)
    }

    @Test func deadOptionsConstantConditionsAndUnreachableNodesAreWarnedAtTheirPlace() throws {
        let (lines, report) = try findings(
            """
            routine: dead
            start: [q, always]
            nodes:
              q:
                question: How?
                options:
                  - text: Never
                    when: weekday == mon and weekday == tue
                    next: [behind]
                  - text: Always
                    when: days-since(Walk) >= 1
                  - text: Plain
              behind:
                habit: Behind a dead option
              always:
                habit: Walk
                when: weekday in [mon, tue, wed, thu, fri, sat, sun]
                next: [never]
              never:
                habit: Never done
                when: weekday == mon and weekday == fri
              lost:
                habit: Lost
            """)
        #expect(
            lines == [
                "7:15 [never-offered] option 'Never' of node 'q' is never offered: 'weekday == mon and weekday == tue' is always false",
                "11:15 [constant-condition] the condition 'days-since(Walk) >= 1' of option 'Always' is always true",
                "13:3 [never-reached] node 'behind' is never reached on any weekday, whatever the answers",
                "14:12 [never-recorded] habit 'Behind a dead option' is never recorded",
                "17:11 [constant-condition] the condition 'weekday in [mon, tue, wed, thu, fri, sat, sun]' of node 'always' is always true",
                "19:3 [never-asked] node 'never' is reached but never asked (not due: when: weekday == mon and weekday == fri)",
                "20:12 [never-recorded] habit 'Never done' is never recorded",
                "21:11 [constant-condition] the condition 'weekday == mon and weekday == fri' of node 'never' is always false",
                "22:3 [never-reached] node 'lost' is never reached on any weekday, whatever the answers",
                "23:12 [never-recorded] habit 'Lost' is never recorded",
            ])
        #expect(report.complete)
    }

    @Test func doneAndSkipAreBothTriedForAHabitAConditionReads() throws {
        // `after` is asked only when Walk was skipped today: only the skip branch reaches it.
        let (lines, _) = try findings(
            """
            routine: branch
            start: [walk]
            nodes:
              walk:
                habit: Walk
                next: [after]
              after:
                habit: Rest
                when: not done(Walk)
            """)
        #expect(lines == [])
    }

    @Test func skipIsTriedForAHabitAnotherNodeAsksAgain() throws {
        // `again` is asked only when `first` was skipped (SPEC §3's repeated-habit).
        let (lines, _) = try findings(
            """
            routine: twice
            start: [first]
            nodes:
              first:
                habit: Walk
                next: [again]
              again:
                habit: walk
            """)
        #expect(lines == [])
    }

    /// Twenty questions of two options each, one after the other; `when` on the last
    /// one's options makes the answers part of what a later node can see.
    private func wide(readingAnswers: Bool) -> String {
        var nodes = "nodes:\n"
        for index in 0..<20 {
            let next = index < 19 ? "\n    next: [q\(index + 1)]" : ""
            nodes +=
                "  q\(index):\n    question: Q\(index)?\n    options:\n      - text: A\n        next: [{habit: H\(index)}]\n"
            let when = readingAnswers && index == 19 ? "\n        when: answer(q0) == 'A'" : ""
            nodes += "      - text: B\(when)\(next)\n"
        }
        return "routine: wide\nstart: [q0]\n" + nodes
    }

    @Test func walksThatComeToTheSameStateAreWalkedOnOnce() throws {
        // 2^20 answer combinations, but each question's future is the same whatever came before.
        let (lines, report) = try findings(wide(readingAnswers: false))
        #expect(lines == [])
        #expect(report.complete)
        #expect(report.walks < 1_000)
    }

    @Test func walksAtOnePromptWithDifferentRecordsAConditionReadsAreNotMerged() throws {
        // At `r`, a walk that recorded Walk and one that did not go on differently: `late`
        // is asked after the first and not due after the second.
        let (lines, _) = try findings(
            """
            routine: merge
            start: [q]
            nodes:
              q:
                question: Q?
                options:
                  - text: A
                    next: [walk]
                  - text: B
                next: [r]
              walk:
                habit: Walk
              r:
                question: R?
                options:
                  - text: X
                    next: [late]
                  - text: Y
              late:
                habit: Late
                when: done(Walk)
            """)
        #expect(lines == [])
    }

    @Test func theBoundStopsTheWalksAndTheReportSaysSo() throws {
        // A condition reads the answers: every combination is a state of its own.
        let (_, report) = try findings(wide(readingAnswers: true), bound: 1_000)
        #expect(!report.complete)
        #expect(report.walks < 1_000)
        #expect(report.bound == 1_000)  // its text: ReportOutputTests (RoutineCLITests)
    }

    /// Issue 31 item 11: a run the bound stopped has not seen every walk, so it cannot
    /// know a condition is "always" one thing; the full run of this routine warns of none.
    @Test func aBoundedRunClaimsNoConstantCondition() throws {
        let yaml = Self.fine
        #expect(try findings(yaml).report.findings.allSatisfy { $0.code != .constantCondition })
        var stopped = 0
        for bound in 1...40 {
            let report = try findings(yaml, bound: bound).report
            guard !report.complete else { continue }
            stopped += 1
            let constant = report.findings.filter { $0.code == .constantCondition }
            #expect(constant.isEmpty, "bound \(bound): \(constant.map(\.message))")
        }
        #expect(stopped > 0)
    }
}
