import RoutineStudio
import TestSupport

/// Graphs for the layout's tests, all from seeds, so a failure replays.
enum LayoutFixtures {
    /// Boxes of assorted sizes, some with ports, each with 1–3 edges to the next few nodes (a
    /// DAG), and with `cycles` some edges back to an earlier node or to itself.
    static func randomGraph(
        seed: UInt64, nodes count: Int, ports: Bool = true, cycles: Bool = false
    )
        -> LayoutGraph
    {
        var random = SeededGenerator(seed: seed)
        var nodes: [LayoutGraph.Node] = []
        for _ in 0..<count {
            nodes.append(
                LayoutGraph.Node(
                    width: Double(60 + random.below(140)), height: Double(24 + random.below(50)),
                    ports: ports && random.below(3) == 0 ? 2 + random.below(3) : 0))
        }
        var edges: [LayoutGraph.Edge] = []
        var seen = Set<[Int]>()
        for from in 0..<count {
            var targets: [Int] = []
            if from < count - 1 {
                targets = (0..<(1 + random.below(3))).map { _ in from + 1 + random.below(min(count - from - 1, 6)) }
            }
            // A loop back (or onto itself) from one node in four, as a file with errors may have.
            if cycles && random.below(4) == 0 { targets.append(random.below(from + 1)) }
            for to in targets {
                let port = nodes[from].ports > 0 ? random.below(nodes[from].ports) : nil
                guard seen.insert([from, port ?? -1, to]).inserted else { continue }
                edges.append(LayoutGraph.Edge(from: from, port: port, to: to))
            }
        }
        return LayoutGraph(nodes: nodes, edges: edges)
    }

    /// The pairs of boxes that overlap (touching edges do not count).
    static func overlaps(_ rects: [LayoutRect], skipping: (Int, Int) -> Bool = { _, _ in false }) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for a in rects.indices {
            for b in rects.indices where b > a && !skipping(a, b) {
                let ra = rects[a]
                let rb = rects[b]
                if ra.x < rb.maxX && rb.x < ra.maxX && ra.y < rb.maxY && rb.y < ra.maxY { found.append((a, b)) }
            }
        }
        return found
    }

    /// Every coordinate of a result is a finite number.
    static func allFinite(_ result: LayoutResult) -> Bool {
        let rects = result.nodes.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) }
        let points = result.edges.joined().allSatisfy { $0.x.isFinite && $0.y.isFinite }
        return rects && points && result.width.isFinite && result.height.isFinite
    }

    /// Whether the segment from `p` to `q` passes through the inside of `box` (clipping the
    /// segment to the box shrunk by half a unit, so touching does not count).
    static func passesThrough(_ p: LayoutPoint, _ q: LayoutPoint, _ box: LayoutRect) -> Bool {
        let (left, right, top, bottom) = (box.x + 0.5, box.maxX - 0.5, box.y + 0.5, box.maxY - 0.5)
        guard left < right && top < bottom else { return false }
        var enter = 0.0
        var leave = 1.0
        let dx = q.x - p.x
        let dy = q.y - p.y
        for (delta, distance) in [(-dx, p.x - left), (dx, right - p.x), (-dy, p.y - top), (dy, bottom - p.y)] {
            if delta == 0 {
                if distance < 0 { return false }
            } else if delta < 0 {
                enter = max(enter, distance / delta)
            } else {
                leave = min(leave, distance / delta)
            }
        }
        return enter < leave
    }
}
