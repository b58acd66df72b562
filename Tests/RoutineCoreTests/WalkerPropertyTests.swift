import TestSupport
import Testing

@testable import RoutineCore

/// The walker against the brute-force enumeration of runs on random DAGs.
@Suite struct WalkerPropertyTests {
    private func drive(_ routine: Routine, choices: [(node: Int, option: Int)], habitAnswer: String) -> Walker {
        var walker = Walker(routine: routine, dayKey: testDay)
        var remaining = choices[...]
        var guardCount = 0
        while let prompt = walker.prompt, guardCount < 1000 {
            guardCount += 1
            switch prompt.kind {
            case .question:
                guard let choice = remaining.popFirst() else {
                    Issue.record("more questions than the brute force expects")
                    return walker
                }
                #expect(routine.nodes[choice.node].id == prompt.node)
                _ = walker.handle(String(choice.option + 1))
            case .habit:
                _ = walker.handle(habitAnswer)
            }
        }
        #expect(remaining.isEmpty)
        return walker
    }

    @Test func everyRunVisitsWhatTheSpecSays() {
        for seed in 0..<200 {
            let routine = RandomRoutines.make(nodes: 1 + seed % 12, seed: UInt64(300 + seed), habitPool: 3)
            let order = VisitOrder(routine)
            for run in bruteForceRuns(routine) {
                for answer in ["n", "y"] {
                    let walker = drive(routine, choices: run.choices, habitAnswer: answer)
                    #expect(walker.status == .completed)
                    // Skipping or doing, the same nodes are visited (done ones stepped over).
                    #expect(walker.steps.map(\.nodeIndex) == run.visited, "seed \(seed)")
                    // Never before a visited predecessor; each node once.
                    let positions = walker.steps.compactMap { order.positions[$0.nodeIndex] }
                    #expect(positions == positions.sorted() && Set(positions).count == positions.count)
                    // Done: each habit written once; skipped: nothing written.
                    let keys = walker.entries.map(\.habitKey)
                    #expect(Set(keys).count == keys.count)
                    if answer == "n" { #expect(walker.entries.isEmpty) }
                }
            }
        }
    }

    @Test func rejectedLinesChangeNothing() {
        for seed in 0..<60 {
            let routine = RandomRoutines.make(nodes: 2 + seed % 10, seed: UInt64(700 + seed), habitPool: 3)
            var walker = Walker(routine: routine, dayKey: testDay)
            var steps = 0
            while walker.prompt != nil, steps < 100 {
                steps += 1
                let before = Transcript(run: "r", walker: walker, dryRun: true)
                let prompt = walker.prompt
                for junk in ["", "zzz", "0", "99", "1e2", "-"] {
                    let event = walker.handle(junk)
                    #expect(event == .ignored || event.isRejected, "\(junk)")
                    #expect(walker.prompt == prompt)
                }
                #expect(Transcript(run: "r", walker: walker, dryRun: true) == before)
                _ = walker.handle(prompt?.kind == .question ? "1" : "y")
            }
            #expect(walker.status == .completed)
        }
    }
}
