import TestSupport
import Testing

@testable import RoutineCore

/// The walker with `when:` conditions (SPEC §10.4): evaluated when a node's turn comes,
/// options not offered, questions with no option not due; and two properties on random
/// routines: every condition true walks as if there were none, every condition false
/// asks nothing.
@Suite struct WalkerConditionTests {
    /// 2026-11-22 is a Sunday.
    private let sunday = testDay

    private func routine() -> Routine {
        var builder = RoutineBuilder()
        builder.question("mood", "How was the day?", [("Good", ["read"]), ("Tired", []), ("Weekend", ["read"])])
        builder.habit("plan", "Plan the week")
        builder.habit("read", "Read")
        var routine = builder.build("r", start: ["mood", "plan"])
        setOptionConditions(&routine, node: 0, [nil, "not done(Sleep 8h, 1)", "weekday in [sat, sun]"])
        routine.nodes[1].when = "weekday == sun and answer(mood) != 'Tired'"
        return routine
    }

    @Test func optionsWhoseConditionIsFalseAreNotOfferedAndKeepTheirNumbersFromTheFile() {
        let slept = DayContext(day: sunday, history: ["Sleep 8h": [DayTally(day: sunday.adding(days: -1))]])
        var walker = Walker(routine: routine(), dayKey: sunday, context: slept)
        #expect(walker.prompt?.options == ["Good", "Weekend"])
        #expect(walker.prompt?.render() == "How was the day?\n  1. Good\n  3. Weekend")
        // SPEC §17.7: the hidden option's number never picks another option.
        guard case .rejected(let hint) = walker.handle("2") else {
            Issue.record("2 names the hidden option")
            return
        }
        #expect(hint == "2. Tired is not offered today (its when: does not hold)")
        #expect(walker.steps.isEmpty)
        guard case .rejected(let outOfRange) = walker.handle("4") else {
            Issue.record("4 is no option")
            return
        }
        #expect(outOfRange.contains("(1, 3)"))
        _ = walker.handle("3")
        #expect(walker.steps.first?.answer == .option(index: 2, text: "Weekend"))
        #expect(walker.prompt?.node == "read")
    }

    @Test func conditionsSeeAnswersGivenEarlierInTheRun() {
        var tired = Walker(routine: routine(), dayKey: sunday, context: .empty(sunday))
        #expect(tired.prompt?.options == ["Good", "Tired", "Weekend"])
        _ = tired.handle("Tired")
        #expect(tired.stepSummary == ["mood=Tired", "plan=not-due"])
        #expect(tired.steps[1].reason == "when: weekday == sun and answer(mood) != 'Tired'")
        var good = Walker(routine: routine(), dayKey: sunday, context: .empty(sunday))
        _ = good.feed(["1", "y"])
        #expect(good.prompt?.node == "plan")
        // On Monday the plan is not due whatever the answer.
        let monday = sunday.adding(days: 1)
        var weekday = Walker(routine: routine(), dayKey: monday, context: .empty(monday))
        #expect(weekday.prompt?.options == ["Good", "Tired"])
        _ = weekday.feed(["1", "y"])
        #expect(weekday.stepSummary == ["mood=Good", "read=done", "plan=not-due"])
    }

    @Test func entriesWrittenEarlierInTheRunCount() {
        var builder = RoutineBuilder()
        builder.habit("water", "Drink Water")
        builder.habit("again", "Stretch")
        var routine = builder.build("r", start: ["water", "again"])
        routine.nodes[1].when = "done(Drink Water) and week-count(Drink Water) == 1"
        var walker = Walker(routine: routine, dayKey: sunday, context: .empty(sunday))
        _ = walker.handle("y")
        #expect(walker.prompt?.node == "again")
        var skipped = Walker(routine: routine, dayKey: sunday, context: .empty(sunday))
        _ = skipped.handle("n")
        #expect(skipped.stepSummary == ["water=skipped", "again=not-due"])
    }

    @Test func theRoutineNamesTheHabitsAndTheDepthItsConditionsRead() {
        var conditioned = routine()
        conditioned.nodes[2].when = "done(Read, 500) or (streak(Walk) > 1 and weekday in [sat])"
        #expect(conditioned.conditionDepth == 500)
        #expect(Set(conditioned.conditionHabitNames) == ["Sleep 8h", "Read", "Walk"])
        #expect(routine().conditionDepth == 1)
        #expect(conditioned.contextHabitNames.contains("Walk"))
    }

    @Test func aQuestionWithNoOptionOfferedIsNotDue() {
        var builder = RoutineBuilder()
        builder.question("q", "Which?", [("A", ["a"]), ("B", [])])
        builder.habit("a", "A")
        builder.habit("z", "Z")
        var routine = builder.build("r", start: ["q", "z"])
        setOptionConditions(&routine, node: 0, ["false", "weekday == mon"])
        let walker = Walker(routine: routine, dayKey: sunday, context: .empty(sunday))
        #expect(walker.steps.map(\.reason) == ["no option offered"])
        #expect(walker.steps.first?.kind == .question)
        #expect(walker.prompt?.node == "z")
    }

    private func setOptionConditions(_ routine: inout Routine, node: Int, _ conditions: [String?]) {
        guard case .question(let text, var options) = routine.nodes[node].body else { return }
        for (index, when) in conditions.enumerated() where index < options.count { options[index].when = when }
        routine.nodes[node].body = .question(text, options: options)
    }

    /// Every node and option of `routine` gets `when: text`.
    private func conditioned(_ routine: Routine, _ text: String) -> Routine {
        var copy = routine
        for index in copy.nodes.indices {
            copy.nodes[index].when = text
            if case .question(let question, var options) = copy.nodes[index].body {
                for option in options.indices { options[option].when = text }
                copy.nodes[index].body = .question(question, options: options)
            }
        }
        return copy
    }

    private func walk(_ routine: Routine, seed: UInt64) -> [String] {
        var walker = Walker(routine: routine, dayKey: sunday, context: .empty(sunday))
        var count = 0
        while let prompt = walker.prompt, count < 500 {
            count += 1
            let answer =
                prompt.kind == .question
                ? String(1 + Int((seed &+ UInt64(count)) % UInt64(prompt.options.count)))
                : (count % 2 == 0 ? "y" : "n")
            _ = walker.handle(answer)
        }
        return walker.stepSummary
    }

    @Test func withEveryConditionTrueTheWalkIsTodaysWalk() {
        for seed in 0..<150 {
            let routine = RandomRoutines.make(nodes: 1 + seed % 12, seed: UInt64(900 + seed), habitPool: 4)
            let always = conditioned(routine, "true or weekday == sun")
            #expect(walk(always, seed: UInt64(seed)) == walk(routine, seed: UInt64(seed)), "seed \(seed)")
        }
    }

    @Test func withEveryConditionFalseNothingIsAsked() {
        for seed in 0..<150 {
            let routine = RandomRoutines.make(nodes: 1 + seed % 12, seed: UInt64(2900 + seed), habitPool: 4)
            let never = conditioned(routine, "weekday == mon")
            let walker = Walker(routine: never, dayKey: sunday, context: .empty(sunday))
            #expect(walker.prompt == nil, "seed \(seed)")
            #expect(walker.status == .completed)
            #expect(walker.steps.allSatisfy { $0.answer.label == "not-due" }, "seed \(seed)")
            #expect(
                walker.steps.map(\.nodeIndex)
                    == routine.start.sorted { a, b in
                        (VisitOrder(routine).positions[a] ?? 0) < (VisitOrder(routine).positions[b] ?? 0)
                    }.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }, "seed \(seed)")
        }
    }
}
