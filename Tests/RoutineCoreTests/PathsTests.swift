import TestSupport
import Testing

@testable import RoutineCore

@Suite struct PathsTests {
    /// Brute-force figures of a routine: count, longest chain, coverage by habit key.
    private struct Expected {
        var count: Int
        var longest: Int
        var coverage: [String: PathAnalysis.Coverage]
    }

    private func expected(_ routine: Routine) -> Expected {
        let runs = bruteForceRuns(routine)
        var onRuns: [String: Int] = [:]
        var allKeys = Set<String>()
        for spec in routine.habits { allKeys.insert(HabitName.key(spec.name)) }
        for node in routine.nodes {
            if case .habit(let name) = node.body { allKeys.insert(HabitName.key(name)) }
        }
        for run in runs {
            var keys = Set<String>()
            for node in run.visited {
                if case .habit(let name) = routine.nodes[node].body { keys.insert(HabitName.key(name)) }
            }
            for key in keys { onRuns[key, default: 0] += 1 }
        }
        var coverage: [String: PathAnalysis.Coverage] = [:]
        for key in allKeys {
            let on = onRuns[key] ?? 0
            coverage[key] = on == runs.count ? .every : on > 0 ? .some : PathAnalysis.Coverage.none
        }
        return Expected(
            count: runs.count, longest: runs.map(\.visited.count).max() ?? 0, coverage: coverage)
    }

    @Test func specExample() throws {
        let analysis = try PathAnalysis(specExampleRoutine(), listing: 10)
        #expect(analysis.combinations == 2)
        #expect(analysis.longestChain == 3)
        #expect(analysis.habits.map(\.habit) == ["h1", "h3", "h2"])
        #expect(analysis.habits.map(\.on) == [.some, .some, .some])
        #expect(analysis.paths?.map { $0.answers.map(\.option) } == [["A"], ["B"]])
        #expect(analysis.paths?.map(\.habits) == [["h1", "h3"], ["h2"]])
    }

    @Test func habitOnEveryPathThroughDifferentNodes() throws {
        var builder = RoutineBuilder()
        builder.question("q", "Q?", [("A", ["read1"]), ("B", ["read2", "walk"])], next: ["journal"])
        builder.habit("read1", "Read")
        builder.habit("read2", " read ")
        builder.habit("walk", "Walk")
        builder.habit("journal", "Journal")
        builder.habit("never", "Never")
        let analysis = try PathAnalysis(builder.build(start: ["q"]))
        let on = Dictionary(uniqueKeysWithValues: analysis.habits.map { ($0.habit, $0.on) })
        #expect(on == ["Read": .every, "Walk": .some, "Journal": .every, "Never": .none])
        #expect(analysis.habits.last?.habit == "Never", "habits no run visits come last")
    }

    @Test func noQuestionsMeansOneCombination() throws {
        var builder = RoutineBuilder()
        builder.habit("a", next: ["b"])
        builder.habit("b")
        let analysis = try PathAnalysis(builder.build(start: ["a"]), listing: 5)
        #expect(analysis.combinations == 1)
        #expect(analysis.longestChain == 2)
        #expect(analysis.paths?.count == 1)
        #expect(analysis.paths?.first?.answers.isEmpty == true)
    }

    @Test func randomDAGsMatchBruteForce() throws {
        for seed in 0..<400 {
            let routine = RandomRoutines.make(nodes: 1 + seed % 14, seed: UInt64(1000 + seed), habitPool: 4)
            let want = expected(routine)
            let analysis = try PathAnalysis(routine, listing: want.count + 1)
            #expect(analysis.combinations == BigCount(UInt64(want.count)), "seed \(seed)")
            #expect(analysis.longestChain == want.longest, "seed \(seed)")
            for habit in analysis.habits {
                #expect(want.coverage[HabitName.key(habit.habit)] == habit.on, "seed \(seed) \(habit.habit)")
            }
            #expect(analysis.habits.count == want.coverage.count, "seed \(seed)")
            // Listing: every combination once, in brute-force (declared-option) order.
            let runs = bruteForceRuns(routine)
            let listed = analysis.paths ?? []
            #expect(listed.count == runs.count, "seed \(seed)")
            for (path, run) in zip(listed, runs) {
                let options = run.choices.map { choice -> String in
                    guard case .question(_, let options) = routine.nodes[choice.node].body else { return "?" }
                    return options[choice.option].text
                }
                #expect(path.answers.map(\.option) == options, "seed \(seed)")
                #expect(path.answers.map(\.node) == run.choices.map { routine.nodes[$0.node].id })
                var seen = Set<String>()
                var names: [String] = []
                for node in run.visited {
                    if case .habit(let name) = routine.nodes[node].body, seen.insert(HabitName.key(name)).inserted {
                        names.append(HabitName.display(name))
                    }
                }
                #expect(path.habits == names, "seed \(seed)")
            }
        }
    }

    @Test func wideDenseRandomDAGsMatchBruteForce() throws {
        for seed in 0..<60 {
            let routine = RandomRoutines.make(
                nodes: 16, seed: UInt64(5000 + seed), questionShare: 0.5, maxOptions: 3, maxNext: 3, habitPool: 5)
            let want = expected(routine)
            let analysis = try PathAnalysis(routine)
            #expect(analysis.combinations == BigCount(UInt64(want.count)), "seed \(seed)")
            #expect(analysis.longestChain == want.longest, "seed \(seed)")
            for habit in analysis.habits {
                #expect(want.coverage[HabitName.key(habit.habit)] == habit.on, "seed \(seed) \(habit.habit)")
            }
        }
    }

    /// 60 independent questions of 2 options each, every option with its own habit.
    private func wideRoutine(questions: Int, options: Int) -> Routine {
        var builder = RoutineBuilder()
        for q in 0..<questions {
            let choices = (0..<options).map { ("option \($0)", ["h\(q)-\($0)"]) }
            builder.question("q\(q)", "Question \(q)?", choices)
            for o in 0..<options { builder.habit("h\(q)-\(o)", "Habit \(q)-\(o)") }
        }
        return builder.build("wide", start: (0..<questions).map { "q\($0)" })
    }

    @Test func sixtyIndependentQuestionsCountTwoToTheSixty() throws {
        let analysis = try PathAnalysis(wideRoutine(questions: 60, options: 2), listing: 3)
        #expect(analysis.combinations.description == "1152921504606846976")
        #expect(analysis.combinations == BigCount.power(2, 60))
        #expect(analysis.longestChain == 120)
        #expect(analysis.habits.count == 120)
        #expect(analysis.habits.allSatisfy { $0.on == .some })
        #expect(analysis.paths?.count == 3)
        #expect(analysis.paths?[1].answers.last?.option == "option 1", "the last question varies fastest")
        #expect(analysis.combinations.description == "1152921504606846976")
    }

    @Test func countsBeyondSixtyFourBitsAreExact() throws {
        let analysis = try PathAnalysis(wideRoutine(questions: 50, options: 3))
        #expect(analysis.combinations == BigCount.power(3, 50))
        #expect(analysis.combinations.description == "717897987691852588770249")
    }

    @Test func convergingBranchesAreNotMultipliedNaively() throws {
        // q1 A -> x, B -> nothing; x -> shared; q2 after shared. A naive product of
        // branch counts would count q2 twice on the A branch.
        var builder = RoutineBuilder()
        builder.question("q1", "One?", [("A", ["x"]), ("B", ["shared"])])
        builder.habit("x", "X", next: ["shared"])
        builder.habit("shared", "Shared", next: ["q2"])
        builder.question("q2", "Two?", [("C", []), ("D", []), ("E", [])])
        let analysis = try PathAnalysis(builder.build(start: ["q1"]))
        #expect(analysis.combinations == 6)
        #expect(analysis.longestChain == 4)
    }

    @Test func budgetStopsAnExplodingAnalysis() {
        // Each question's options activate different late nodes, so frontiers stay apart.
        var builder = RoutineBuilder()
        let questions = 16
        for q in 0..<questions {
            builder.question("q\(q)", "Q\(q)?", [("A", ["late\(q)a"]), ("B", ["late\(q)b"])])
        }
        for q in 0..<questions {
            builder.habit("late\(q)a", "L\(q)a")
            builder.habit("late\(q)b", "L\(q)b")
        }
        // Make the late habits come after every question: each question also precedes
        // a final node that every late habit points to... instead, chain them after q's.
        var routine = builder.build(start: (0..<questions).map { "q\($0)" })
        let lastQuestion = questions - 1
        let lateNodes = Array(questions..<(3 * questions))
        routine.nodes[lastQuestion].next = lateNodes
        #expect(throws: PathAnalysisError.self) { try PathAnalysis(routine, budget: 1000) }
        let exact = try? PathAnalysis(routine)
        #expect(exact?.combinations == BigCount.power(2, questions))
    }
}
