import RoutineCore
import Testing

@testable import RoutineTesting

/// Every expectation kind of a test case, passing and failing, run through the real
/// walker on real files; a failure is reported at its expectation's line and column.
@Suite struct CaseExpectationTests {
    @Test func aCaseThatHoldsPassesEveryExpectation() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - name: a great monday
                day: 2026-11-23
                answers: [1, y, 12, y]
                asks: [feeling, Drink Water, meditate, Stretch]
                records: [{habit: Meditate, value: 12}, drink water, Stretch]
                not-due: {swim: schedule}
                status: completed
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.cases.count == 1)
        #expect(result.failureLines == [])
        #expect(result.cases.first?.passed == true)
    }

    @Test func asksFailsAtTheFirstPromptThatDiffers() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [1, y, 12, y]
                asks: [feeling, Meditate, Drink Water, Stretch]
            """)
        #expect(
            result.failureLines == [
                "5:21 asks: expected asks [feeling, Meditate, Drink Water, Stretch], "
                    + "the run asked [feeling, Drink Water, Meditate, Stretch]"
            ])
        // More prompts than expected: at the list itself.
        let short = try TestFolder().run(
            "routine: routine.yaml\ncases:\n  - day: 2026-11-23\n    answers: [2]\n    asks: [feeling]\n")
        #expect(short.failureLines == ["5:11 asks: expected asks [feeling], the run asked [feeling, Stretch]"])
    }

    @Test func recordsFailsAtAMissingRecordAndAtTheListForAnExtraOne() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [1, y, y, n]
                records: [{habit: Meditate, value: 12}, Drink Water]
            """)
        #expect(
            result.failureLines == [
                "5:15 records: expected a record of Meditate 12, the run recorded [Drink Water, Meditate 10]",
                "5:14 records: expected records [Meditate 12, Drink Water], the run also recorded [Meditate 10]",
            ])
    }

    @Test func notDueChecksTheReasonOfEachNode() throws {
        let passing = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - name: every reason
                day: 2026-11-23
                history:
                  pauses: [{habits: [Stretch], from: -2, to: 0}]
                  archived: [Drink Water]
                answers: [2]
                not-due: {nap: when, stretch: paused}
              - day: 2026-11-23
                history: {archived: [Drink Water]}
                answers: [1, y, y]
                not-due: {Drink Water: archived, swim: schedule}
            """)
        #expect(passing.diagnostics.isEmpty)
        #expect(passing.failureLines == [])
        #expect(passing.cases.count == 2)

        let failing = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [1, y, y, y]
                not-due: {swim: paused, water: schedule, nap: when}
            """)
        #expect(
            failing.failureLines == [
                "5:15 not-due: expected swim not due (paused), the run found it not due (schedule: tue, thu)",
                "5:29 not-due: expected water not due (schedule), the run asked it (done)",
                "5:46 not-due: expected nap not due (when), the run never reached it",
            ])
    }

    @Test func aHabitNotDueThatAnAnswerLedToIsAskedAsOptionalAndDecliningKeepsItNotDue() throws {
        let routine = """
            routine: optional
            start: [q]
            habits:
              Swim: {days: [tue, thu]}
            nodes:
              q:
                question: Today?
                options:
                  - text: Swim
                    next: [swim]
                  - text: Rest
              swim:
                habit: Swim

            """
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - name: declined
                day: 2026-11-23
                answers: [1, n]
                asks: [q, Swim]
                records: []
                not-due: {swim: schedule}
                status: completed
              - name: done anyway
                day: 2026-11-23
                answers: [1, y]
                records: [Swim]
                not-due: {swim: schedule}
            """, routine: routine)
        #expect(result.diagnostics.isEmpty)
        #expect(result.failureLines == ["14:15 not-due: expected swim not due (schedule), the run asked it (done)"])
    }

    @Test func statusComparesHowTheRunEnded() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [1, y]
                status: paused
              - day: 2026-11-23
                answers: [1, abort]
                status: aborted
              - day: 2026-11-23
                answers: [2, y]
                status: paused
            """)
        #expect(result.cases.map(\.passed) == [true, true, false])
        #expect(result.failureLines == ["11:13 status: expected status paused, the run ended completed"])
    }

    @Test func historyOnTheDayMakesAHabitAlreadyDoneAndEarlierDaysFeedTheSchedule() throws {
        let routine = TestFolder.morning.replacingOccurrences(of: "days: [tue, thu]", with: "every: 3")
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                history:
                  entries: [{habit: Drink Water, day: 0}, {habit: Swim, day: 2026-11-22}]
                answers: [1, y, y]
                asks: [feeling, Meditate, Stretch]
                records: [Meditate, Stretch]
                not-due: {swim: schedule}
                status: completed
            """, routine: routine)
        #expect(result.diagnostics.isEmpty)
        #expect(result.failureLines == [])
    }

    @Test func anAnswerThePromptRejectsIsReportedAsWhatTheRunSaid() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [7, 1, maybe, y]
                asks: [feeling, Meditate]
            """)
        #expect(result.failureLines.count == 1)
        let line = try #require(result.failureLines.first)
        #expect(line.contains("the run rejected '7' at feeling:"))
        #expect(line.contains("'maybe' at water:"))
    }

    @Test func answersLeftAfterTheRunEndedFailAtTheFirstOfThem() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [2, y, n, y]
            """)
        #expect(
            result.failureLines == [
                "4:21 answers: expected the run to take answer 'n', the run had ended (completed) with 2 answers left"
            ])
    }

    @Test func backUndoesAnAnswerAndItsRecord() throws {
        let result = try TestFolder().run(
            """
            routine: routine.yaml
            cases:
              - day: 2026-11-23
                answers: [1, y, back, n, n, n]
                asks: [feeling, Drink Water, Meditate, Drink Water, Meditate, Stretch]
                records: []
                status: completed
            """)
        #expect(result.failureLines == [])
    }
}
