import TestSupport
import Testing

@testable import RoutineCore

/// `paths` with conditions and schedules (SPEC §10.4): unknown by default (a habit
/// behind one is at most `some`; every option counts), or evaluated for one day.
@Suite struct PathsConditionTests {
    private let sunday = testDay

    /// start: [warm, q, long]; q: A → [a], B → [b]; long → [cool].
    private func routine() -> Routine {
        var builder = RoutineBuilder()
        builder.habit("warm", "Warm-up")
        builder.question("q", "Which?", [("A", ["a"]), ("B", ["b"])])
        builder.habit("a", "A")
        builder.habit("b", "B")
        builder.habit("long", "Long run", next: ["cool"])
        builder.habit("cool", "Cool-down")
        return builder.build("r", start: ["warm", "q", "long"])
    }

    private func coverage(_ analysis: PathAnalysis) -> [String: String] {
        Dictionary(uniqueKeysWithValues: analysis.habits.map { ($0.habit, $0.on.rawValue) })
    }

    @Test func withoutConditionsNothingChanges() throws {
        let analysis = try PathAnalysis(routine())
        #expect(
            coverage(analysis) == [
                "Warm-up": "every", "A": "some", "B": "some", "Long run": "every", "Cool-down": "every",
            ])
        #expect(analysis.combinations.description == "2")
    }

    @Test func aHabitBehindAConditionOrAScheduleIsAtMostSome() throws {
        var conditioned = routine()
        conditioned.nodes[4].when = "weekday in [sat, sun]"
        let analysis = try PathAnalysis(conditioned)
        #expect(coverage(analysis)["Long run"] == "some")
        #expect(coverage(analysis)["Cool-down"] == "some")
        #expect(coverage(analysis)["Warm-up"] == "every")
        #expect(analysis.combinations.description == "2")
        let scheduled = try PathAnalysis(routine(), scheduled: ["warm-up"])
        #expect(coverage(scheduled)["Warm-up"] == "some")
        var declared = routine()
        declared.habits = [HabitSpec(name: "Long run", schedule: .every(3))]
        #expect(coverage(try PathAnalysis(declared))["Cool-down"] == "some")
    }

    @Test func optionConditionsCountEveryOptionAndAllConditionalMakesTheQuestionUncertain() throws {
        var conditioned = routine()
        if case .question(let text, var options) = conditioned.nodes[1].body {
            options[0].when = "weekday == mon"
            conditioned.nodes[1].body = .question(text, options: options)
        }
        #expect(try PathAnalysis(conditioned).combinations.description == "2")
        if case .question(let text, var options) = conditioned.nodes[1].body {
            options[1].when = "weekday == tue"
            conditioned.nodes[1].body = .question(text, options: options)
        }
        #expect(try PathAnalysis(conditioned).combinations.description == "2")
    }

    @Test func aDayEvaluatesConditionsAsARunWouldStart() throws {
        var conditioned = routine()
        conditioned.nodes[4].when = "weekday in [sat, sun]"
        if case .question(let text, var options) = conditioned.nodes[1].body {
            options[0].when = "done(Warm-up, 1)"
            conditioned.nodes[1].body = .question(text, options: options)
        }
        let sundayRoutine = conditioned.pruned(for: .empty(sunday))
        let onSunday = try PathAnalysis(sundayRoutine)
        #expect(onSunday.combinations.description == "1")
        #expect(
            coverage(onSunday) == [
                "Warm-up": "every", "A": "none", "B": "every", "Long run": "every", "Cool-down": "every",
            ])
        let monday = sunday.adding(days: 1)
        let warmed = DayContext(day: monday, history: ["Warm-up": [DayTally(day: sunday)]])
        let onMonday = try PathAnalysis(conditioned.pruned(for: warmed))
        #expect(onMonday.combinations.description == "2")
        #expect(coverage(onMonday)["Long run"] == "none")
        #expect(coverage(onMonday)["Cool-down"] == "none")
        // A pause makes its habit not due on the day.
        let paused = DayContext(day: sunday, pauses: [PauseSpan(from: sunday, to: sunday, habitKeys: ["Warm-up"])])
        #expect(coverage(try PathAnalysis(conditioned.pruned(for: paused)))["Warm-up"] == "none")
    }
}
