import Foundation
import RoutineCore
import Testing

/// `Insights.report` (SPEC §14.3): the counts of each relation, the 5-day gate, the
/// order by p, and what it says with too little data.
@Suite struct InsightsTests {
    private static let start = DayKey("2026-01-01")!

    private func day(_ n: Int) -> DayKey { Self.start.adding(days: n) }

    /// 20 answered days: Great! on days 0–9, Okay on 10–19. Walk is due every day from
    /// day −1 and done on days −1…7 and 15 (so: done on 8 of the 10 Great! days and 1
    /// of the 10 Okay days; done the day before 9 Great! days and 1 Okay day).
    private func fixture(days: Int = 20) -> ([InsightQuestion], [InsightHabit]) {
        var answers: [DayKey: String] = [:]
        for n in 0..<days { answers[day(n)] = n < 10 ? "Great!" : "Okay" }
        let question = InsightQuestion(routine: "m", node: "feeling", text: "How are you?", answers: answers)
        let due = Set((-1..<days).map(day))
        let done = Set(([-1] + Array(0...7) + [15]).map(day))
        return ([question], [InsightHabit(name: "Walk", due: due, done: done)])
    }

    @Test func countsEachSideAndComputesP() throws {
        let (questions, habits) = fixture()
        let report = Insights.report(questions: questions, habits: habits)
        #expect(report.answeredDays == 20 && report.belowGate == 0 && report.daysNeeded == nil)
        #expect(report.findings.count == 4)
        let sameDay = try #require(
            report.findings.first { $0.kind == .sameDay && $0.option == "Great!" })
        let counts: [Int] = [sameDay.with, sameDay.withDays, sameDay.other, sameDay.otherDays]
        #expect(counts == [8, 10, 1, 10])
        var fisher = FisherExact()
        #expect(sameDay.p == fisher.pValue(8, 2, 1, 9))
        // Day before: Walk done on day −1…7 and 15 → the day after: days 0–8 and 16.
        let after = try #require(report.findings.first { $0.kind == .dayBefore && $0.option == "Great!" })
        let afterCounts: [Int] = [after.with, after.withDays, after.other, after.otherDays]
        #expect(afterCounts == [9, 10, 1, 10])
        #expect(
            after.sentence
                == "After days you did Walk, you answered “Great!” to “How are you?” 9 of 10 times (90%), against 1 of 10 (10%) after days you did not (p = 0.0011)."
        )
        #expect(report.findings.map(\.p) == report.findings.map(\.p).sorted())
        #expect(
            sameDay.sentence
                == "On days you answered “Great!” to “How are you?”, you did Walk 8 of 10 times (80%), against 1 of 10 (10%) on other days (p = 0.0055)."
        )
    }

    @Test func theGateNeedsFiveDaysOnEachSide() {
        // 14 days: Great! on 0–9, Okay on 10–13: the Okay side of the same-day relations
        // has 4 days; the day before compares 9 days after a walk with 5 after none.
        let (questions, habits) = fixture(days: 14)
        let report = Insights.report(questions: questions, habits: habits)
        #expect(report.findings.map(\.kind) == [.dayBefore, .dayBefore])
        #expect(report.findings.allSatisfy { $0.withDays == 9 && $0.otherDays == 5 })
        #expect(report.belowGate == 2)
        #expect(report.daysNeeded == 1)
    }

    @Test func noAnswersOrOneAnswerSayWhatIsMissing() {
        let none = Insights.report(questions: [], habits: [])
        #expect(none.answeredDays == 0 && none.findings.isEmpty && none.daysNeeded == nil)
        let one = InsightQuestion(routine: "m", node: "q", text: "Q?", answers: [Self.start: "Yes"])
        let walk = InsightHabit(name: "Walk", due: [Self.start], done: [Self.start])
        let report = Insights.report(questions: [one], habits: [walk])
        #expect(report.answeredDays == 1 && report.findings.isEmpty)
        // Same day: 1 "Yes" day (4 short) and no other day (5 short).
        #expect(report.daysNeeded == 9)
    }
}
