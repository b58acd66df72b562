/// The graph the layout's phases work on: the input cleaned (sizes made finite, ports checked,
/// duplicate edges merged), cycles broken, nodes ranked by longest path, and every edge cut
/// into segments between neighbouring ranks by dummy items (the Sugiyama "proper" graph).
///
/// Items are the real nodes that have edges to other nodes, in node order, then one dummy per
/// rank a long edge crosses. Nodes without such edges ("loose" ones) are left out: they are
/// placed after everything else, so adding one moves no other node.
struct LayerGraph {
    /// A piece of an edge between an item and one in the next rank down.
    struct Segment {
        var upper: Int
        var lower: Int
        /// Where the segment leaves the upper item, as a fraction of its width (0.5: centre).
        var slot: Double
        /// The same place in units, from the upper item's centre.
        var offset: Double
        /// How much the coordinate step wants this segment vertical (long edges most).
        var weight: Double
    }

    /// One drawn edge: the edge between two different nodes that duplicates collapse into.
    struct Chain {
        var from: Int
        var port: Int?
        var to: Int
        /// True when the edge was turned round to break a cycle: it is laid out from `to` down to `from`.
        var reversed: Bool
        /// The dummy items, top to bottom.
        var dummies: [Int]
    }

    var nodes: [LayoutGraph.Node]
    /// The node an item stands for, or nil for a dummy.
    var itemNode: [Int?] = []
    var itemRank: [Int] = []
    /// An item's width inside its rank: a node's width; 0 for a dummy or a pinned node (which is drawn where it was pinned).
    var itemWidth: [Double] = []
    var segments: [Segment] = []
    /// Per item, the segments below it and above it.
    var down: [[Int]] = []
    var up: [[Int]] = []
    var rankCount = 0
    var chains: [Chain] = []
    /// Per input edge: its chain, or nil for a self-loop or an edge to a node that does not exist.
    var edgeChain: [Int?] = []
    /// Per input edge: the node of a self-loop, and where on its bottom edge it leaves.
    var selfLoop: [Int?] = []
    var selfLoopSlot: [Double] = []
    /// Per node: its item, or nil for a loose node.
    var nodeItem: [Int?] = []
    var nodeRank: [Int] = []
    var pins: [LayoutPoint?] = []

    init(_ graph: LayoutGraph) {
        nodes = graph.nodes.map { node in
            LayoutGraph.Node(width: Self.size(node.width), height: Self.size(node.height), ports: max(0, node.ports))
        }
        let count = nodes.count
        pins = (0..<count).map { index in
            guard let pin = graph.pinned[index], pin.x.isFinite, pin.y.isFinite else { return nil }
            return pin
        }
        collectChains(graph.edges)
        let reversed = Self.backEdges(count: count, chains: chains)
        for index in reversed { chains[index].reversed = true }
        nodeRank = Self.longestPathRanks(count: count, chains: chains)
        buildItems()
    }

    /// A size the arithmetic can use: negative, infinite and NaN sizes count as 0.
    private static func size(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// Where a port sits along its node's bottom edge, as a fraction of the width.
    static func slot(port: Int?, of node: LayoutGraph.Node) -> Double {
        guard let port, node.ports > 0 else { return 0.5 }
        return (Double(port) + 0.5) / Double(node.ports)
    }

    private struct EdgeKey: Hashable {
        var from: Int
        var port: Int?
        var to: Int
    }

    private mutating func collectChains(_ edges: [LayoutGraph.Edge]) {
        var seen: [EdgeKey: Int] = [:]
        edgeChain = Array(repeating: nil, count: edges.count)
        selfLoop = Array(repeating: nil, count: edges.count)
        selfLoopSlot = Array(repeating: 0.5, count: edges.count)
        for (index, edge) in edges.enumerated() {
            guard nodes.indices.contains(edge.from), nodes.indices.contains(edge.to) else { continue }
            // A port the node does not have is drawn from the bottom centre, like `next`.
            let port = edge.port.flatMap { $0 >= 0 && $0 < nodes[edge.from].ports ? $0 : nil }
            if edge.from == edge.to {
                selfLoop[index] = edge.from
                selfLoopSlot[index] = Self.slot(port: port, of: nodes[edge.from])
                continue
            }
            let key = EdgeKey(from: edge.from, port: port, to: edge.to)
            if let chain = seen[key] {
                edgeChain[index] = chain
            } else {
                seen[key] = chains.count
                edgeChain[index] = chains.count
                chains.append(Chain(from: edge.from, port: port, to: edge.to, reversed: false, dummies: []))
            }
        }
    }

    /// The chains a depth-first search in node order (edges in input order) meets as back
    /// edges: turning exactly these round leaves no cycle, and the choice is the same every time.
    private static func backEdges(count: Int, chains: [Chain]) -> [Int] {
        var outgoing = Array(repeating: [Int](), count: count)
        for (index, chain) in chains.enumerated() { outgoing[chain.from].append(index) }
        // 0: not seen, 1: on the search path, 2: finished.
        var state = Array(repeating: UInt8(0), count: count)
        var reversed: [Int] = []
        var stack: [(node: Int, next: Int)] = []
        for root in 0..<count where state[root] == 0 {
            state[root] = 1
            stack.append((root, 0))
            while let top = stack.last {
                if top.next == outgoing[top.node].count {
                    state[top.node] = 2
                    stack.removeLast()
                    continue
                }
                let chain = outgoing[top.node][top.next]
                stack[stack.count - 1].next += 1
                let target = chains[chain].to
                switch state[target] {
                case 0:
                    state[target] = 1
                    stack.append((target, 0))
                case 1: reversed.append(chain)
                default: break
                }
            }
        }
        return reversed
    }

    /// Each node's rank: the length of the longest path to it from a node nothing points to
    /// (with the back edges turned round, so the graph has no cycle), then nodes with more
    /// children than parents pulled down towards their children.
    private static func longestPathRanks(count: Int, chains: [Chain]) -> [Int] {
        var outgoing = Array(repeating: [Int](), count: count)
        var incoming = Array(repeating: 0, count: count)
        for chain in chains {
            let (upper, lower) = chain.reversed ? (chain.to, chain.from) : (chain.from, chain.to)
            outgoing[upper].append(lower)
            incoming[lower] += 1
        }
        let parents = incoming
        var rank = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { incoming[$0] == 0 }
        var next = 0
        while next < ready.count {
            let node = ready[next]
            next += 1
            for lower in outgoing[node] {
                rank[lower] = max(rank[lower], rank[node] + 1)
                incoming[lower] -= 1
                if incoming[lower] == 0 { ready.append(lower) }
            }
        }
        // Longest paths put every node as high as it can go, which stretches the edges of a
        // node with more children than parents (a second start, say). Moving such a node down
        // as far as its children allow shortens its edges (fewer dummies, fewer crossings) and
        // lengthens fewer. Bottom-up, children are placed before their parents: one pass.
        // A node with more parents than children, in turn, goes up to just under its lowest parent.
        var above = Array(repeating: [Int](), count: count)
        for node in 0..<count { for lower in outgoing[node] { above[lower].append(node) } }
        for _ in 0..<8 {
            var moved = false
            for node in ready.reversed() where outgoing[node].count > parents[node] {
                guard let lowest = outgoing[node].map({ rank[$0] }).min(), lowest - 1 > rank[node] else { continue }
                rank[node] = lowest - 1
                moved = true
            }
            for node in ready where parents[node] > outgoing[node].count {
                guard let highest = above[node].map({ rank[$0] }).max(), highest + 1 < rank[node] else { continue }
                rank[node] = highest + 1
                moved = true
            }
            if !moved { break }
        }
        return rank
    }

    private mutating func addItem(node: Int?, rank: Int, width: Double) -> Int {
        itemNode.append(node)
        itemRank.append(rank)
        itemWidth.append(width)
        down.append([])
        up.append([])
        rankCount = max(rankCount, rank + 1)
        return itemNode.count - 1
    }

    private mutating func addSegment(upper: Int, lower: Int, slot: Double, offset: Double) {
        let dummies = (itemNode[upper] == nil ? 1 : 0) + (itemNode[lower] == nil ? 1 : 0)
        let weight: Double = [1, 2, 8][dummies]
        down[upper].append(segments.count)
        up[lower].append(segments.count)
        segments.append(Segment(upper: upper, lower: lower, slot: slot, offset: offset, weight: weight))
    }

    private mutating func buildItems() {
        var connected = Array(repeating: false, count: nodes.count)
        for chain in chains {
            connected[chain.from] = true
            connected[chain.to] = true
        }
        nodeItem = Array(repeating: nil, count: nodes.count)
        for node in nodes.indices where connected[node] {
            nodeItem[node] = addItem(node: node, rank: nodeRank[node], width: pins[node] == nil ? nodes[node].width : 0)
        }
        for index in chains.indices {
            let chain = chains[index]
            guard let fromItem = nodeItem[chain.from], let toItem = nodeItem[chain.to] else { continue }
            let (upper, lower) = chain.reversed ? (toItem, fromItem) : (fromItem, toItem)
            // A turned-round edge leaves its upper node (its target) from the centre.
            let slot = chain.reversed ? 0.5 : Self.slot(port: chain.port, of: nodes[chain.from])
            let offset = (slot - 0.5) * itemWidth[upper]
            var previous = upper
            var dummies: [Int] = []
            for rank in stride(from: itemRank[upper] + 1, to: itemRank[lower], by: 1) {
                let dummy = addItem(node: nil, rank: rank, width: 0)
                addSegment(
                    upper: previous, lower: dummy, slot: previous == upper ? slot : 0.5,
                    offset: previous == upper ? offset : 0)
                dummies.append(dummy)
                previous = dummy
            }
            addSegment(
                upper: previous, lower: lower, slot: previous == upper ? slot : 0.5,
                offset: previous == upper ? offset : 0)
            chains[index].dummies = dummies
        }
    }
}
