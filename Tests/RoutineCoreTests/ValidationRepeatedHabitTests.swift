import TestSupport
import Testing

@testable import RoutineCore

@Suite struct ValidationRepeatedHabitTests {
    @Test func pathRepeatsAreFound() {
        // 0 -> 1 -> 2, 0 -> 3; habits: 0 "a", 2 "a", 3 "a"; 1 is a question.
        let found = RepeatedHabitFinder.repeatedNodes(
            successors: [[1, 3], [2], [], []], habitKeys: ["a", nil, "a", "a"],
            reachable: [true, true, true, true])
        #expect(found == [2, 3])
    }

    @Test func siblingsAreNotOnOnePath() {
        // 0 -> 1, 0 -> 2; 1 and 2 share a habit but no path joins them.
        let found = RepeatedHabitFinder.repeatedNodes(
            successors: [[1, 2], [], []], habitKeys: [nil, "a", "a"], reachable: [true, true, true])
        #expect(found.isEmpty)
    }

    @Test func unreachableNodesDoNotCount() {
        let found = RepeatedHabitFinder.repeatedNodes(
            successors: [[], [0]], habitKeys: ["a", "a"], reachable: [true, false])
        #expect(found.isEmpty)
    }

    @Test func agreesWithBruteForceOnRandomDAGs() {
        var rng = SeededGenerator(seed: 99)
        for round in 0..<200 {
            let count = Int.random(in: 1...16, using: &rng)
            var successors = [[Int]](repeating: [], count: count)
            for node in 0..<count where node + 1 < count {
                for _ in 0..<Int.random(in: 0...2, using: &rng) {
                    successors[node].append(Int.random(in: (node + 1)..<count, using: &rng))
                }
            }
            let keys: [String?] = (0..<count).map { _ in
                let pick = Int.random(in: 0...4, using: &rng)
                return pick == 0 ? nil : "h\(pick)"
            }
            var reachable = [Bool](repeating: false, count: count)
            var stack = [0]
            reachable[0] = true
            while let node = stack.popLast() {
                for next in successors[node] where !reachable[next] {
                    reachable[next] = true
                    stack.append(next)
                }
            }
            // Brute force: v repeats when some other node u with its key reaches it.
            var expected: [Int] = []
            for v in 0..<count where reachable[v] && keys[v] != nil {
                var seen = Set<Int>()
                var frontier = (0..<count).filter { $0 != v && keys[$0] == keys[v] && reachable[$0] }
                var hit = false
                while let u = frontier.popLast() {
                    for w in successors[u] where !seen.contains(w) {
                        if w == v { hit = true }
                        seen.insert(w)
                        frontier.append(w)
                    }
                }
                if hit { expected.append(v) }
            }
            let found = RepeatedHabitFinder.repeatedNodes(
                successors: successors, habitKeys: keys, reachable: reachable)
            #expect(found == expected, "round \(round)")
        }
    }
}
