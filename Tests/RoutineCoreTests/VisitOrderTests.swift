import TestSupport
import Testing

@testable import RoutineCore

@Suite struct VisitOrderTests {
    private func ids(_ routine: Routine, _ order: [Int]) -> [String] {
        order.map { routine.nodes[$0].id }
    }

    @Test func specExampleOrder() {
        let routine = specExampleRoutine()
        #expect(ids(routine, VisitOrder(routine).nodes) == ["q", "h1", "h3", "h2"])
    }

    @Test func specExampleRuns() {
        var a = Walker(routine: specExampleRoutine(), dayKey: testDay)
        _ = a.feed(["A", "y", "y"])
        #expect(a.stepSummary == ["q=A", "h1=done", "h3=done"])
        #expect(a.status == .completed, "h3 is visited once, after h1")
        var b = Walker(routine: specExampleRoutine(), dayKey: testDay)
        _ = b.feed(["B", "n"])
        #expect(b.stepSummary == ["q=B", "h2=skipped"])
        #expect(b.status == .completed)
    }

    @Test func startNodesInDeclaredOrderAndSharedNodeAfterLastPredecessor() {
        var builder = RoutineBuilder()
        builder.habit("a", next: ["shared"])
        builder.habit("b", next: ["shared"])
        builder.habit("shared")
        builder.habit("c")
        let routine = builder.build(start: ["a", "b", "c"])
        #expect(ids(routine, VisitOrder(routine).nodes) == ["a", "b", "shared", "c"])
    }

    @Test func questionOwnNextComesAfterOptionBranches() {
        var builder = RoutineBuilder()
        builder.question("q", "Q?", [("A", ["x"]), ("B", ["y"])], next: ["z"])
        builder.habit("x")
        builder.habit("y")
        builder.habit("z")
        let routine = builder.build(start: ["q"])
        #expect(ids(routine, VisitOrder(routine).nodes) == ["q", "x", "y", "z"])
    }

    @Test func unreachableNodesAreLeftOutAndBadIndicesIgnored() {
        var builder = RoutineBuilder()
        builder.habit("a")
        builder.habit("lonely")
        var routine = builder.build(start: ["a"])
        routine.nodes[0].next = [7, -1]
        let order = VisitOrder(routine)
        #expect(ids(routine, order.nodes) == ["a"])
        #expect(order.positions == [0, nil])
    }

    @Test func randomDAGsMatchTheRecursiveDefinition() {
        for seed in 0..<300 { checkRandomDAG(seed: seed) }
    }

    private func checkRandomDAG(seed: Int) {
        let routine = RandomRoutines.make(nodes: 1 + seed % 25, seed: UInt64(seed))
        let order = VisitOrder(routine)
        #expect(order.nodes == referenceVisitOrder(routine))
        #expect(VisitOrder(routine) == order, "deterministic")
        #expect(Set(order.nodes).count == order.nodes.count, "each node at most once")
        // Never before a predecessor: every edge between listed nodes goes forwards.
        for (position, node) in order.nodes.enumerated() {
            for next in routine.successors(of: node) {
                guard let target = order.positions[next] else {
                    Issue.record("a successor of a reachable node is unreachable")
                    continue
                }
                #expect(target > position)
            }
        }
        // Exactly the reachable nodes.
        var reachable = Set(routine.start)
        var stack = routine.start
        while let node = stack.popLast() {
            for next in routine.successors(of: node) where reachable.insert(next).inserted { stack.append(next) }
        }
        #expect(Set(order.nodes) == reachable)
    }
}
