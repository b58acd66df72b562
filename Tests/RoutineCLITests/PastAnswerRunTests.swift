import EndToEndSupport
import Foundation
import Testing

/// Conditions over past answers in real runs (SPEC §14.4), from the first day ever on;
/// and `routine check`'s `unknown-option` warning.
@Suite(.serialized) struct PastAnswerRunTests {
    static let routine = """
        routine: mood
        start: [sleep, mood]
        nodes:
          sleep:
            habit: Sleep early
            when: answer(mood, 1) == "Low"
          mood:
            question: Mood?
            options:
              - text: High
              - text: Low
            next: [treat]
          treat:
            habit: Treat
            when: answered(mood, "High", 3) >= 2

        """

    private func steps(_ e2e: EndToEnd, day: String, _ answers: [String]) throws -> [String] {
        let json = try #require(
            try e2e.json(["run", "mood", "--day", day, "--format", "json"], input: EndToEnd.lines(answers))
                as? [String: Any])
        let steps = try #require(json["steps"] as? [[String: Any]])
        return steps.map { "\($0.string("node") ?? "?") \($0.string("answer") ?? "?")" }
    }

    @Test func pastAnswersDecideFromTheFirstDayOn() throws {
        let e2e = try EndToEnd()
        try e2e.ok(["import", try e2e.folder.write("mood.yaml", Self.routine)])
        // The first day ever: no answer yesterday, none before: neither habit is asked.
        #expect(try steps(e2e, day: "2026-11-18", ["1"]) == ["sleep not-due", "mood High", "treat not-due"])
        // Yesterday High: still one High in the last 3 days.
        #expect(try steps(e2e, day: "2026-11-19", ["2"]) == ["sleep not-due", "mood Low", "treat not-due"])
        // Yesterday Low: sleep early is asked; High on 2 of the last 3 days? No (18 High, 19 Low).
        #expect(try steps(e2e, day: "2026-11-20", ["y", "1"]) == ["sleep done", "mood High", "treat not-due"])
        // Days 18 and 20 were High: the treat is asked. A retracted answer does not count:
        // day 21 answers Low, goes back and answers High.
        #expect(
            try steps(e2e, day: "2026-11-21", ["2", "back", "1", "y"]) == ["sleep not-due", "mood High", "treat done"])
        #expect(try steps(e2e, day: "2026-11-22", ["1", "y"]) == ["sleep not-due", "mood High", "treat done"])
    }

    @Test func checkWarnsOfAnOptionTheQuestionDoesNotOffer() throws {
        let e2e = try EndToEnd()
        let file = try e2e.folder.write(
            "mood.yaml",
            Self.routine.replacingOccurrences(of: "answered(mood, \"High\", 3)", with: "answered(mood, \"Hgh\", 3)"))
        let result = try e2e.run(["check", file])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "mood.yaml:15:26: warning: question 'mood' has no option 'Hgh' (options: High, Low) [unknown-option]"),
            "\(result.stdout)\(result.stderr)")
    }
}
