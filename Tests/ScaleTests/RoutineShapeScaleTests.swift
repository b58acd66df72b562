import Testing

@testable import RoutineCore

/// `Routine`'s check on a 100,000-node chain closed at its end: no recursion, linear time.
@Suite struct RoutineShapeScaleTests {
    @Test func aHundredThousandNodeCycleIsFound() {
        let count = 100_000
        let chain = (0..<count).map { Node(id: "n\($0)", body: .habit("H"), next: [($0 + 1) % count]) }
        #expect(throws: RoutineShape.Error(reason: "node 'n0' is on a cycle")) {
            try Routine(slug: "r", title: nil, start: [0], nodes: chain, habits: [])
        }
    }
}
