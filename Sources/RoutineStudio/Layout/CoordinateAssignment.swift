/// Each item's horizontal centre, given the order in its rank.
///
/// Sweeps down and up the ranks; in each rank every item wants to sit under (or over) the
/// weighted mean of its neighbours' ports, and the rank is placed as close to those wishes
/// as the order and the gaps allow, in the least-squares sense: an isotonic regression solved
/// exactly by pooling adjacent violators, O(items) per rank. Long edges weigh most, so their
/// dummies line up into straight verticals; an option's edge wants its child straight below
/// the option's port. A fixed number of sweeps: the cost is linear in the drawing's size.
enum CoordinateAssignment {
    static let sweeps = 24
    /// How strongly an item with no neighbour on the side being looked at stays where it is.
    static let inertia = 0.05
    /// How strongly a pinned node's place in its rank follows the pin (it is drawn at the pin anyway).
    static let pinWeight = 1000.0

    /// The gap kept between two neighbours in a rank.
    static func gap(_ graph: LayerGraph, _ left: Int, _ right: Int) -> Double {
        isBox(graph, left) && isBox(graph, right) ? LayeredLayout.nodeGap : LayeredLayout.edgeGap
    }

    /// A real, unpinned node: something drawn in its rank with a width.
    static func isBox(_ graph: LayerGraph, _ item: Int) -> Bool {
        guard let node = graph.itemNode[item] else { return false }
        return graph.pins[node] == nil
    }

    /// Centres, per item, with the left edge of the leftmost item at 0.
    static func centres(_ graph: LayerGraph, order: [[Int]]) -> [Double] {
        var x = Array(repeating: 0.0, count: graph.itemNode.count)
        for rank in order {
            var right = 0.0
            for (index, item) in rank.enumerated() {
                let left = index == 0 ? 0 : right + gap(graph, rank[index - 1], item)
                x[item] = left + graph.itemWidth[item] / 2
                right = left + graph.itemWidth[item]
            }
        }
        guard order.count > 1 else { return normalised(graph, x) }
        // A large graph (see `CrossingReduction.largeGraph`) gets a third of the sweeps.
        let sweeps = graph.itemNode.count > CrossingReduction.largeGraph ? Self.sweeps / 3 : Self.sweeps
        for sweep in 0..<sweeps {
            let last = sweep == sweeps - 1
            if sweep % 2 == 0 {
                for rank in order.indices.dropFirst() { place(graph, order[rank], &x, above: true, below: last) }
            } else {
                for rank in order.indices.dropLast().reversed() {
                    place(graph, order[rank], &x, above: last, below: true)
                }
            }
        }
        return normalised(graph, x)
    }

    private static func normalised(_ graph: LayerGraph, _ x: [Double]) -> [Double] {
        var leftmost = Double.infinity
        for item in x.indices where !(graph.itemNode[item].map { graph.pins[$0] != nil } ?? false) {
            leftmost = min(leftmost, x[item] - graph.itemWidth[item] / 2)
        }
        guard leftmost.isFinite else { return x }
        return x.map { $0 - leftmost }
    }

    /// Places one rank as near its items' wishes as order and gaps allow.
    private static func place(_ graph: LayerGraph, _ rank: [Int], _ x: inout [Double], above: Bool, below: Bool) {
        guard !rank.isEmpty else { return }
        // x[i] = y[i] + offset[i], with y non-decreasing: the gaps folded into offsets.
        var offsets: [Double] = []
        offsets.reserveCapacity(rank.count)
        var blocks: [(weight: Double, sum: Double, count: Int)] = []
        var running = 0.0
        for (index, item) in rank.enumerated() {
            if index > 0 {
                let previous = rank[index - 1]
                running += (graph.itemWidth[previous] + graph.itemWidth[item]) / 2 + gap(graph, previous, item)
            }
            offsets.append(running)
            var weight = 0.0
            var sum = 0.0
            if let node = graph.itemNode[item], let pin = graph.pins[node] {
                weight = pinWeight
                sum = pinWeight * (pin.x + graph.nodes[node].width / 2)
            } else {
                if above {
                    for index in graph.up[item] {
                        let segment = graph.segments[index]
                        weight += segment.weight
                        sum += segment.weight * (x[segment.upper] + segment.offset)
                    }
                }
                if below {
                    for index in graph.down[item] {
                        let segment = graph.segments[index]
                        weight += segment.weight
                        sum += segment.weight * (x[segment.lower] - segment.offset)
                    }
                }
                if weight == 0 {
                    weight = inertia
                    sum = inertia * x[item]
                }
            }
            var block = (weight: weight, sum: sum - weight * running, count: 1)
            while let last = blocks.last, last.sum / last.weight >= block.sum / block.weight {
                block = (last.weight + block.weight, last.sum + block.sum, last.count + block.count)
                blocks.removeLast()
            }
            blocks.append(block)
        }
        var index = 0
        for block in blocks {
            let y = block.sum / block.weight
            for _ in 0..<block.count {
                x[rank[index]] = y + offsets[index]
                index += 1
            }
        }
    }
}
