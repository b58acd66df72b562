import Synchronization

/// The last layout of one file, kept while its graph stays the same: an edit that changes
/// only texts (most of them) draws without laying the graph out again. The layout is
/// deterministic, so a graph equal to the last one has the same layout.
final class LayoutCache: Sendable {
    private let last = Mutex<(graph: LayoutGraph, result: LayoutResult)?>(nil)
    /// How many times the graph was laid out (not found kept).
    let laidOut = Atomic<Int>(0)

    func layout(_ graph: LayoutGraph) -> LayoutResult {
        if let kept = last.withLock({ $0 }), kept.graph == graph { return kept.result }
        let result = LayeredLayout.layout(graph)
        laidOut.add(1, ordering: .relaxed)
        last.withLock { $0 = (graph, result) }
        return result
    }
}
