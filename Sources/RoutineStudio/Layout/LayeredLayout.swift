/// The studio's automatic layout (SPEC §19.1): a routine graph top to bottom in layers,
/// deterministic, without overlapping boxes, converging paths drawn once, and stable, so
/// that adding a node nothing is connected to yet moves no other node. docs/studio-layout.md
/// describes the phases: ranks (`LayerGraph`), order (`CrossingReduction`), coordinates
/// (`CoordinateAssignment`), then pins, loose nodes and edge routes (here).
public enum LayeredLayout {
    /// Horizontal space between two boxes in a rank.
    static let nodeGap = 24.0
    /// Horizontal space between an edge passing through a rank and its neighbours.
    static let edgeGap = 12.0
    /// Vertical space between ranks, where edges bend.
    static let rankGap = 56.0
    /// How far a self-loop or a turned-round edge stands off its box.
    static let stub = 8.0

    public static func layout(_ graph: LayoutGraph) -> LayoutResult {
        let layers = LayerGraph(graph)
        let order = CrossingReduction.order(layers)
        var x = CoordinateAssignment.centres(layers, order: order)
        let rankTops = rankTops(layers)
        let pinRects = layers.nodes.indices.compactMap { node in
            layers.pins[node].map {
                LayoutRect(x: $0.x, y: $0.y, width: layers.nodes[node].width, height: layers.nodes[node].height)
            }
        }
        if !pinRects.isEmpty { avoidPins(layers, order: order, rankTops: rankTops, pins: pinRects, x: &x) }

        var rects = Array(repeating: LayoutRect(x: 0, y: 0, width: 0, height: 0), count: layers.nodes.count)
        for (node, size) in layers.nodes.enumerated() {
            if let pin = layers.pins[node] {
                rects[node] = LayoutRect(x: pin.x, y: pin.y, width: size.width, height: size.height)
            } else if let item = layers.nodeItem[node] {
                rects[node] = LayoutRect(
                    x: x[item] - size.width / 2, y: rankTops[layers.itemRank[item]], width: size.width,
                    height: size.height)
            }
        }
        placeLooseNodes(layers, order: order, x: x, rankTops: rankTops, pins: pinRects, rects: &rects)

        let routes = EdgeRoutes(graph: layers, rects: rects, x: x, rankTops: rankTops)
        let edges = graph.edges.indices.map { routes.polyline(edge: $0) }
        var width = 0.0
        var height = 0.0
        for rect in rects {
            width = max(width, rect.maxX)
            height = max(height, rect.maxY)
        }
        for point in edges.joined() {
            width = max(width, point.x)
            height = max(height, point.y)
        }
        let ranks = layers.nodes.indices.map { layers.nodeItem[$0] == nil ? 0 : layers.nodeRank[$0] }
        return LayoutResult(nodes: rects, edges: edges, ranks: ranks, width: width, height: height)
    }

    /// The top of each rank (plus one past the last): each rank as tall as its tallest box.
    static func rankTops(_ graph: LayerGraph) -> [Double] {
        var heights = Array(repeating: 0.0, count: graph.rankCount)
        for (item, node) in graph.itemNode.enumerated() {
            guard let node, graph.pins[node] == nil else { continue }
            heights[graph.itemRank[item]] = max(heights[graph.itemRank[item]], graph.nodes[node].height)
        }
        var tops = [0.0]
        for height in heights { tops.append(tops[tops.count - 1] + height + rankGap) }
        return tops
    }

    /// Pushes boxes right, rank by rank, past any pinned box they would overlap; what follows
    /// in the rank moves along so the order holds. Pins themselves never move.
    private static func avoidPins(
        _ graph: LayerGraph, order: [[Int]], rankTops: [Double], pins: [LayoutRect], x: inout [Double]
    ) {
        for (rank, items) in order.enumerated() {
            var previous: Int?
            for item in items {
                if let node = graph.itemNode[item], graph.pins[node] != nil { continue }
                let width = graph.itemWidth[item]
                var left = x[item] - width / 2
                if let previous {
                    let right = x[previous] + graph.itemWidth[previous] / 2
                    left = max(left, right + CoordinateAssignment.gap(graph, previous, item))
                }
                if let node = graph.itemNode[item] {
                    let box = LayoutRect(x: left, y: rankTops[rank], width: width, height: graph.nodes[node].height)
                    left = clear(of: pins, box)
                }
                x[item] = left + width / 2
                previous = item
            }
        }
    }

    /// The least left edge, no further left than `box`'s own, at which `box` overlaps none of
    /// `obstacles` (with a node gap kept). One pass over the obstacles by their left edges is
    /// enough: the box only moves right, so one passed on the left stays passed.
    static func clear(of obstacles: [LayoutRect], _ box: LayoutRect) -> Double {
        let inTheWay = obstacles.filter { $0.y < box.maxY + nodeGap && box.y < $0.maxY + nodeGap }
            .sorted { $0.x != $1.x ? $0.x < $1.x : $0.maxX < $1.maxX }
        var left = box.x
        for obstacle in inTheWay where obstacle.x < left + box.width + nodeGap && left < obstacle.maxX + nodeGap {
            left = obstacle.maxX + nodeGap
        }
        return left
    }

    /// Nodes with no edge to another node go at the top, in node order, each right of
    /// everything already drawn beside it: placed last, they can move nothing else.
    private static func placeLooseNodes(
        _ graph: LayerGraph, order: [[Int]], x: [Double], rankTops: [Double], pins: [LayoutRect],
        rects: inout [LayoutRect]
    ) {
        // Each rank's band as one obstacle, from its leftmost to its rightmost item (edges
        // passing through included), with room for the edges in the gaps above and below.
        var obstacles = pins
        for (rank, items) in order.enumerated() {
            var left = Double.infinity
            var right = -Double.infinity
            for item in items where CoordinateAssignment.isBox(graph, item) || graph.itemNode[item] == nil {
                left = min(left, x[item] - graph.itemWidth[item] / 2)
                right = max(right, x[item] + graph.itemWidth[item] / 2 + stub)
            }
            guard left <= right else { continue }
            let top = rankTops[rank] - rankGap + nodeGap
            obstacles.append(
                LayoutRect(x: left, y: top, width: right - left, height: rankTops[rank + 1] - top))
        }
        for node in graph.nodes.indices where graph.nodeItem[node] == nil && graph.pins[node] == nil {
            var box = LayoutRect(x: 0, y: 0, width: graph.nodes[node].width, height: graph.nodes[node].height)
            // Right of all of them, not in a hole between: where it goes does not depend on
            // where the ranks' nodes happen to sit.
            for obstacle in obstacles where obstacle.y < box.maxY + nodeGap && box.y < obstacle.maxY + nodeGap {
                box.x = max(box.x, obstacle.maxX + nodeGap)
            }
            rects[node] = box
            obstacles.append(LayoutRect(x: box.x, y: box.y, width: box.width + stub, height: box.height))
        }
    }
}
