/// Each edge's polyline, once boxes and dummies have their places: from the port on the
/// source's bottom edge, straight down through each rank the edge crosses (at its dummy), to
/// the top centre of the target. Edges into one node all end at the same point, and duplicate
/// edges share their chain, so converging paths are drawn once.
struct EdgeRoutes {
    let graph: LayerGraph
    let rects: [LayoutRect]
    let x: [Double]
    let rankTops: [Double]

    func polyline(edge: Int) -> [LayoutPoint] {
        if let node = graph.selfLoop[edge] { return selfLoop(node, slot: graph.selfLoopSlot[edge]) }
        guard let index = graph.edgeChain[edge] else { return [] }
        let chain = graph.chains[index]
        let source = rects[chain.from]
        let target = rects[chain.to]
        let start = LayoutPoint(
            x: source.x + LayerGraph.slot(port: chain.port, of: graph.nodes[chain.from]) * source.width,
            y: source.maxY)
        let end = LayoutPoint(x: target.x + target.width / 2, y: target.y)
        var points = [start]
        if chain.reversed {
            // Laid out from the target down to the source: leave the source downwards, climb
            // beside it, through the ranks between, and beside the target into its top.
            let stub = LayeredLayout.stub
            points.append(LayoutPoint(x: start.x, y: source.maxY + stub))
            points.append(LayoutPoint(x: source.maxX + stub, y: source.maxY + stub))
            points.append(LayoutPoint(x: source.maxX + stub, y: source.y - stub))
            for dummy in chain.dummies.reversed() { points += through(dummy).reversed() }
            // Up into the target's rank from its bottom, beside the target.
            var bottom = target.maxY + stub
            if graph.pins[chain.to] == nil, let item = graph.nodeItem[chain.to] {
                bottom = rankTops[graph.itemRank[item] + 1] - LayeredLayout.rankGap + stub
            }
            points.append(LayoutPoint(x: target.maxX + stub, y: bottom))
            points.append(LayoutPoint(x: target.maxX + stub, y: target.y - stub))
            points.append(LayoutPoint(x: end.x, y: target.y - stub))
        } else {
            // Straight down out of the source's rank first, so a box shorter than its rank
            // does not send the edge across a taller neighbour.
            if graph.pins[chain.from] == nil, let item = graph.nodeItem[chain.from] {
                points.append(LayoutPoint(x: start.x, y: rankTops[graph.itemRank[item] + 1] - LayeredLayout.rankGap))
            }
            for dummy in chain.dummies { points += through(dummy) }
        }
        points.append(end)
        return points.enumerated().filter { $0.offset == 0 || $0.element != points[$0.offset - 1] }.map(\.element)
    }

    /// Down through a dummy's rank: in at its top, out at its bottom.
    private func through(_ dummy: Int) -> [LayoutPoint] {
        let rank = graph.itemRank[dummy]
        return [
            LayoutPoint(x: x[dummy], y: rankTops[rank]),
            LayoutPoint(x: x[dummy], y: rankTops[rank + 1] - LayeredLayout.rankGap),
        ]
    }

    /// A small loop out of the node's port, round its right side and into its top.
    private func selfLoop(_ node: Int, slot: Double) -> [LayoutPoint] {
        let box = rects[node]
        let stub = LayeredLayout.stub
        let centre = box.x + box.width / 2
        let port = box.x + slot * box.width
        return [
            LayoutPoint(x: port, y: box.maxY),
            LayoutPoint(x: port, y: box.maxY + stub),
            LayoutPoint(x: box.maxX + stub, y: box.maxY + stub),
            LayoutPoint(x: box.maxX + stub, y: box.y - stub),
            LayoutPoint(x: centre, y: box.y - stub),
            LayoutPoint(x: centre, y: box.y),
        ]
    }
}
