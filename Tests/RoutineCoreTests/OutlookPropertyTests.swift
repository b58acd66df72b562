import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// SPEC §13.1's promise, on random routines, histories and days: a run asks every node
/// the outlook calls certain, asks a node it calls not due never, and asks an optional
/// one only as optional — from the start and from any point of a run.
@Suite struct OutlookPropertyTests {
    /// Conditions over the day, the history, the run's answers and what it records.
    private static func condition(_ random: inout SeededGenerator, questions: [String]) -> String {
        let habit = "Habit \(random.below(4))"
        var pool = [
            "weekday in [sat, sun]", "weekday == mon", "done(\(habit))", "not done(\(habit), 1)",
            "days-since(\(habit)) >= 2", "week-count(\(habit)) >= 1", "due(\(habit))", "streak(\(habit)) > 0",
            "done(\(habit)) or weekday != tue", "true", "false",
        ]
        if let question = questions.randomElement(using: &random) {
            pool += [
                "answer(\(question)) == \"o0\"", "answer(\(question)) != \"o1\" and not done(\(habit))",
                "answer(\(question), 1) == \"o0\"",
            ]
        }
        return pool[random.below(pool.count)]
    }

    /// A random routine with conditions on some nodes and options, and schedules on some habits.
    static func routine(seed: UInt64) -> Routine {
        var random = SeededGenerator(seed: seed)
        let base = RandomRoutines.make(nodes: 4 + random.below(10), seed: seed, habitPool: 4)
        let questions = base.nodes.compactMap { node -> String? in
            if case .question = node.body { return node.id }
            return nil
        }
        return checked {
            try base.changed { parts in
                for index in parts.nodes.indices {
                    if random.below(4) == 0 { parts.nodes[index].when = condition(&random, questions: questions) }
                    guard case .question(let text, var options) = parts.nodes[index].body else { continue }
                    for option in options.indices where random.below(5) == 0 {
                        options[option].when = condition(&random, questions: questions)
                    }
                    parts.nodes[index].body = .question(text, options: options)
                }
                parts.habits = (0..<4).compactMap { number in
                    switch random.below(4) {
                    case 0: HabitSpec(name: "Habit \(number)", schedule: .days([.mon, .wed, .sat]))
                    case 1: HabitSpec(name: "Habit \(number)", schedule: .every(2 + random.below(2)))
                    default: nil
                    }
                }
            }
        }
    }

    /// A random history of the habits before `day` (and, sometimes, on it), and pauses.
    static func context(seed: UInt64, day: DayKey) -> (DayContext, Set<HabitKey>) {
        var random = SeededGenerator(seed: seed &* 31 &+ 7)
        var history: [HabitKey: [DayTally]] = [:]
        var doneToday = Set<HabitKey>()
        for number in 0..<4 {
            let key = HabitKey("Habit \(number)")
            for back in 1...6 where random.below(3) == 0 {
                history[key, default: []].append(DayTally(day: day.adding(days: -back)))
            }
            if random.below(6) == 0 {
                history[key, default: []].append(DayTally(day: day))
                doneToday.insert(key)
            }
        }
        var pauses: [PauseSpan] = []
        if random.below(4) == 0 {
            pauses.append(
                PauseSpan(from: day.adding(days: -1), to: day, habitKeys: [HabitKey("Habit \(random.below(4))")]))
        }
        var context = DayContext(day: day, history: history, pauses: pauses)
        // Yesterday's answers, for `answer(NODE, 1)` (SPEC §14.4).
        for rank in 0..<14 where random.below(2) == 0 {
            context.pastAnswers["n\(rank)"] = [day.adding(days: -1): "o\(random.below(2))"]
        }
        return (context, doneToday)
    }

    /// Walks to the end with random answers, returning each asked node index and whether
    /// its prompt was optional.
    static func walk(_ start: Walker, _ random: inout SeededGenerator) -> [(node: Int, optional: Bool)] {
        var walker = start
        var asked: [(Int, Bool)] = []
        var guardCount = 0
        while let prompt = walker.prompt, guardCount < 200 {
            guardCount += 1
            let index = walker.order.nodes[walker.cursor]
            asked.append((index, prompt.notDueReason != nil))
            let line: String
            switch prompt.kind {
            case .question: line = String(prompt.number(ofOffered: random.below(prompt.options.count)))
            case .habit:
                line = prompt.isQuantity ? (random.below(2) == 0 ? "3" : "n") : (random.below(2) == 0 ? "y" : "n")
            }
            _ = walker.handle(line)
        }
        return asked
    }

    static func check(_ walker: Walker, _ random: inout SeededGenerator, seed: UInt64) {
        let outlook = walker.outlook()
        for _ in 0..<12 {
            let asked = walk(walker, &random)
            let askedNodes = Set(asked.map(\.node))
            for (node, outlook) in outlook.nodes {
                let id = walker.routine.nodes[node].id
                switch outlook {
                case .certain:
                    #expect(askedNodes.contains(node), "seed \(seed): certain \(id) was not asked")
                case .notDue(let reason):
                    #expect(!askedNodes.contains(node), "seed \(seed): \(id), not due (\(reason)), was asked")
                case .optional:
                    #expect(
                        !asked.contains { $0.node == node && !$0.optional },
                        "seed \(seed): optional \(id) was asked as due")
                default: break
                }
            }
        }
    }

    @Test(arguments: 0..<10)
    func aRunAsksEveryCertainNodeAndNothingNotDue(batch: Int) {
        for seed in UInt64(batch * 40)..<UInt64(batch * 40 + 40) {
            let routine = Self.routine(seed: seed)
            let day = testDay.adding(days: Int(seed % 7))
            let (context, doneToday) = Self.context(seed: seed, day: day)
            var random = SeededGenerator(seed: seed &+ 99)
            let fresh = Walker(routine: routine, dayKey: day, alreadyDone: doneToday, context: context)
            Self.check(fresh, &random, seed: seed)
            // From the middle of a run: a few answers in.
            var midway = fresh
            for _ in 0..<(1 + random.below(3)) {
                guard let prompt = midway.prompt else { break }
                _ = midway.handle(prompt.kind == .question ? "1" : "y")
            }
            Self.check(midway, &random, seed: seed)
        }
    }
}
