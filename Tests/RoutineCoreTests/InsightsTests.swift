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
        // Two options: each relation once (Great!'s side, whose rate rises), not mirrored.
        #expect(report.findings.count == 2)
        #expect(report.findings.allSatisfy { $0.option == "Great!" })
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
                == "After days you did Walk, you answered “Great!” to “How are you?” 9 of 10 times (90%), against 1 of 10 (10%) after days you did not (p = 0.0011, q = 0.0022)."
        )
        #expect(report.findings.map(\.p) == report.findings.map(\.p).sorted())
        #expect(
            sameDay.sentence
                == "On days you answered “Great!” to “How are you?”, you did Walk 8 of 10 times (80%), against 1 of 10 (10%) on other days (p = 0.0055, q = 0.0055)."
        )
    }

    @Test func theGateNeedsFiveDaysOnEachSide() {
        // 14 days: Great! on 0–9, Okay on 10–13: the Okay side of the same-day relations
        // has 4 days; the day before compares 9 days after a walk with 5 after none.
        let (questions, habits) = fixture(days: 14)
        let report = Insights.report(questions: questions, habits: habits)
        #expect(report.findings.map(\.kind) == [.dayBefore])
        #expect(report.findings.allSatisfy { $0.withDays == 9 && $0.otherDays == 5 })
        #expect(report.belowGate == 1)
        #expect(report.daysNeeded == 1)
    }

    @Test func noAnswersOrOneAnswerSayWhatIsMissing() {
        let none = Insights.report(questions: [], habits: [])
        #expect(none.answeredDays == 0 && none.findings.isEmpty && none.daysNeeded == nil)
        let one = InsightQuestion(routine: "m", node: "q", text: "Q?", answers: [Self.start: "Yes"])
        let walk = InsightHabit(name: "Walk", due: [Self.start], done: [Self.start])
        let report = Insights.report(questions: [one], habits: [walk])
        #expect(report.answeredDays == 1 && report.findings.isEmpty)
        // Every answer alike: no number of days helps (issue 31), so none is named.
        #expect(report.daysNeeded == nil)
        #expect(report.alike == [InsightReport.Alike(question: "Q?", option: "Yes")])
    }

    /// start: q; q's option A leads to Guitar, B to nothing; Walk after q either way.
    private func branching() throws -> Routine {
        try Routine(
            slug: "m", title: nil, start: [0],
            nodes: [
                Node(
                    id: "q",
                    body: .question("Energy?", options: [Option(text: "High", next: [1]), Option(text: "Low")]),
                    next: [2]),
                Node(id: "guitar", body: .habit("Guitar")),
                Node(id: "walk", body: .habit("Walk")),
            ], habits: [])
    }

    @Test func answerLeadsKnowWhatAnAnswerDecides() throws {
        let leads = AnswerLeads(try branching())
        #expect(leads.structure(node: "q", option: "High", habit: "Guitar") == .askedOnlyAfter)
        #expect(leads.structure(node: "q", option: "Low", habit: "guitar") == .notAskedAfter)
        #expect(leads.structure(node: "q", option: "High", habit: "Walk") == nil)
    }

    @Test func aFindingTheRoutineMakesIsLeftOutAndMarked() throws {
        // 20 days: High on 0–9 (Guitar asked and done), Low on 10–19 (not asked).
        var answers: [DayKey: String] = [:]
        for n in 0..<20 { answers[day(n)] = n < 10 ? "High" : "Low" }
        let question = InsightQuestion(routine: "m", node: "q", text: "Energy?", answers: answers)
        let days = Set((0..<20).map(day))
        let guitar = InsightHabit(name: "Guitar", due: days, done: Set((0..<10).map(day)))
        let report = Insights.report(
            questions: [question], habits: [guitar], leads: ["m": AnswerLeads(try branching())])
        let same = try #require(report.findings.first { $0.kind == .sameDay })
        #expect(same.structure == .askedOnlyAfter && same.q == nil && same.p < 0.001)
        #expect(report.listed(all: false).allSatisfy { $0.structure == nil })
        #expect(report.listed(all: true).contains(same))
        // Without the routine's shape it would be the top finding.
        let blind = Insights.report(questions: [question], habits: [guitar])
        #expect(blind.listed(all: false).first?.kind == .sameDay)
    }

    @Test func benjaminiHochbergQValues() {
        // The textbook example: m = 5.
        let q = Insights.benjaminiHochberg([0.01, 0.04, 0.03, 0.005, 0.2])
        let expected = [0.025, 0.05, 0.05, 0.025, 0.2]
        #expect(zip(q, expected).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(Insights.benjaminiHochberg([]).isEmpty)
        #expect(Insights.benjaminiHochberg([0.9, 0.95]) == [0.95, 0.95])
    }

    @Test func manyTestsRaiseQAboveTheLine() {
        // A p of 0.04 alone stands (q = 0.04); among 20 nulls it does not.
        let alone = Insights.benjaminiHochberg([0.04])
        #expect(alone == [0.04])
        let many = Insights.benjaminiHochberg([0.04] + Array(repeating: 0.8, count: 19))
        #expect(many[0] > InsightReport.qThreshold)
    }
}
