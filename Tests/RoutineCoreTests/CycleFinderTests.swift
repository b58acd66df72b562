import TestSupport
import Testing

@testable import RoutineCore

/// A tiny deterministic PRNG (SplitMix64), so property tests repeat exactly.

/// Random graphs: a DAG (edges only from lower to higher index), optionally with a few
/// back edges or self-loops injected.
private func randomGraph(nodes: Int, injectCycles: Int, using rng: inout SeededGenerator) -> [[Int]] {
    var successors = [[Int]](repeating: [], count: nodes)
    for node in 0..<nodes {
        let degree = Int.random(in: 0...3, using: &rng)
        for _ in 0..<degree where node + 1 < nodes {
            successors[node].append(Int.random(in: (node + 1)..<nodes, using: &rng))
        }
    }
    for _ in 0..<injectCycles where nodes > 0 {
        let from = Int.random(in: 0..<nodes, using: &rng)
        let to = Int.random(in: 0...from, using: &rng)
        successors[from].append(to)
    }
    return successors
}

/// Brute force: reach[a][b] when a path of one or more edges goes from a to b.
private func transitiveClosure(_ successors: [[Int]]) -> [[Bool]] {
    let count = successors.count
    var reach = [[Bool]](repeating: [Bool](repeating: false, count: count), count: count)
    for node in 0..<count { for next in successors[node] { reach[node][next] = true } }
    for k in 0..<count {
        for i in 0..<count where reach[i][k] {
            for j in 0..<count where reach[k][j] { reach[i][j] = true }
        }
    }
    return reach
}

@Suite struct CycleFinderTests {
    @Test func agreesWithBruteForceOnRandomGraphs() {
        var rng = SeededGenerator(seed: 20261122)
        for round in 0..<400 {
            let nodes = Int.random(in: 1...14, using: &rng)
            let inject = round % 2 == 0 ? 0 : Int.random(in: 1...3, using: &rng)
            let graph = randomGraph(nodes: nodes, injectCycles: inject, using: &rng)
            let reach = transitiveClosure(graph)
            let cycles = CycleFinder.cycles(successors: graph)

            // Nodes on some cycle, and the components of mutual reachability among them.
            var expected = Set<Set<Int>>()
            for a in 0..<nodes where reach[a][a] {
                expected.insert(Set((0..<nodes).filter { reach[a][$0] && reach[$0][a] }))
            }
            #expect(cycles.count == expected.count, "round \(round): \(graph)")
            var found = Set<Set<Int>>()
            for cycle in cycles {
                // Each reported cycle is a real cycle: every edge exists, back to the start.
                for (position, node) in cycle.enumerated() {
                    let next = cycle[(position + 1) % cycle.count]
                    #expect(graph[node].contains(next), "round \(round): \(cycle) in \(graph)")
                }
                #expect(Set(cycle).count == cycle.count)
                let component = Set((0..<nodes).filter { reach[cycle[0]][$0] && reach[$0][cycle[0]] })
                #expect(cycle[0] == component.min(), "starts at the component's first node")
                found.insert(component)
            }
            #expect(found == expected, "round \(round)")
            if inject == 0 { #expect(cycles.isEmpty) }
        }
    }

    @Test func componentsPartitionTheNodes() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<100 {
            let nodes = Int.random(in: 1...20, using: &rng)
            let graph = randomGraph(nodes: nodes, injectCycles: 3, using: &rng)
            let all = CycleFinder.components(successors: graph).flatMap { $0 }
            #expect(all.sorted() == Array(0..<nodes))
        }
    }

    @Test func selfLoopIsACycleOfOne() {
        #expect(CycleFinder.cycles(successors: [[0]]) == [[0]])
        #expect(CycleFinder.cycles(successors: [[1], []]) == [])
    }

    @Test func longChainDoesNotOverflowTheStack() {
        let count = 200_000
        var graph = (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] }
        #expect(CycleFinder.cycles(successors: graph).isEmpty)
        graph[count - 1] = [0]
        let cycles = CycleFinder.cycles(successors: graph)
        #expect(cycles.count == 1)
        #expect(cycles.first?.count == count)
    }

    @Test func oneReportPerComponent() {
        // Two cycles sharing node 0 form one component: one report.
        let graph = [[1, 2], [0], [0], [4], [3]]
        let cycles = CycleFinder.cycles(successors: graph)
        #expect(cycles == [[0, 1], [3, 4]])
    }
}
