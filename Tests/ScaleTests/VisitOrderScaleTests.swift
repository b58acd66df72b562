import Testing

@testable import RoutineCore

/// Visit order on a 100,000-node graph: an explicit stack, no recursion limit.
@Suite struct VisitOrderScaleTests {
    @Test func hundredThousandNodeChainWithoutRecursion() throws {
        let count = 100_000
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for index in 0..<count {
            // Each node points to the next two, so the DFS goes 100,000 deep.
            let next = [index + 1, index + 2].filter { $0 < count }
            nodes.append(Node(id: "n\(index)", body: .habit("H\(index)"), next: next))
        }
        let routine = try Routine(slug: "long", title: nil, start: [0], nodes: nodes, habits: [])
        let order = VisitOrder(routine)
        #expect(order.nodes == Array(0..<count))
    }
}
