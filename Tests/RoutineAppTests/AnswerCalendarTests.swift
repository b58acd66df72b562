import RoutineCore
import Testing

@testable import RoutineApp
@testable import RoutineStore

/// `AnswerCalendar`: the plain values `answers --calendar` is drawn from (the drawing and
/// its bytes are tested through the binary, in AnswersCommandTests).
@Suite struct AnswerCalendarTests {
    private static let question = KnownQuestion(
        routine: "morning-checkin", node: "feeling", text: "How are you feeling today?",
        options: ["Great!", "Okay"], answers: 0)

    private func answer(_ day: String, _ text: String) throws -> AnswerDay {
        AnswerDay(
            routine: "morning-checkin", node: "feeling", text: "How are you feeling today?",
            day: try #require(DayKey(day)), answer: text)
    }

    @Test func cellsLegendAndMonthsOfAYearUpToToday() throws {
        let answers = [
            try answer("2024-12-31", "Great!"),  // another year: not shown, not counted
            try answer("2025-01-01", "Okay"),
            try answer("2025-01-01", "Great!"),  // the last recorded stands for the day
            try answer("2025-01-02", "Meh"),  // no longer offered: after the routine's options
            try answer("2025-03-03", "Later"),  // after today: not drawn, not counted
        ]
        let today = try #require(DayKey("2025-01-05"))
        let calendar = try #require(
            AnswerCalendar(question: Self.question, answers: answers, year: 2025, today: today))
        // 2025-01-01 is a Wednesday: with Monday first, the first column starts on 2024-12-30.
        #expect(calendar.rows.count == 7)
        #expect(calendar.rows.allSatisfy { $0.count == 53 })
        #expect(
            calendar.rows.map { $0[0] } == [
                .outside, .outside, .option(0), .option(2), .unanswered, .unanswered, .unanswered,
            ])
        #expect(calendar.rows[0][1] == .outside)  // 2025-01-06, after today
        #expect(calendar.options.map(\.text) == ["Great!", "Okay", "Meh"])
        #expect(calendar.options.map(\.days) == [1, 0, 1])
        #expect(calendar.unanswered == 3)
        #expect(calendar.monthColumns.count == 12)
        #expect(calendar.monthColumns.first == 0)
        #expect(calendar.monthColumns[1] == 4)  // 2025-02-01 is in the fifth week

        // Sunday first moves the rows, not the days.
        let sunday = try #require(
            AnswerCalendar(question: Self.question, answers: answers, year: 2025, today: today, weekStart: 6))
        #expect(sunday.rows.map { $0[0] }[3...4] == [.option(0), .option(2)])
    }

    @Test func theStudioAndTheCalendarOrderOptionsAlike() throws {
        let answers = [
            try answer("2025-01-02", "Meh"), try answer("2025-01-03", "Okay"), try answer("2025-01-04", "Bad"),
        ]
        #expect(
            AnswerCalendar.options(offered: ["Great!", "Okay"], answers: answers) == ["Great!", "Okay", "Meh", "Bad"])
    }
}
