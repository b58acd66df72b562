/// The order of the items in each rank: a depth-first first guess, then barycentre sweeps
/// down and up with adjacent swaps ("transpose"), keeping the order with fewest crossings.
///
/// Ports count: a segment leaves its upper item at `position + slot`, so a question's
/// option edges are kept in option order. Every loop is bounded (a fixed number of sweeps,
/// stopping after a few without improvement).
struct CrossingReduction {
    static let maximumSweeps = 24
    static let patience = 4
    static let transposeRounds = 6
    /// Past this many items (nodes and the bend points of long edges) one round of sweeps
    /// from the top-down guess is made instead of three, with a third of the sweeps: a
    /// 1,000-node routine whose edges reach far down has about 70,000 items, and three
    /// rounds took most of a second for a few fewer crossings.
    static let largeGraph = 20_000

    var isLarge: Bool { graph.itemNode.count > Self.largeGraph }

    let graph: LayerGraph
    /// Per rank, the items left to right.
    var order: [[Int]]
    /// Per item, its index in its rank.
    var position: [Int]
    /// Per rank, the segments whose upper item is in it.
    let segmentsBelow: [[Int]]
    /// The neighbours above item i (and the slot each segment leaves from) are
    /// `above[aboveStart[i]..<aboveStart[i + 1]]`; below likewise: flat arrays, for speed.
    let aboveStart: [Int]
    let above: [(item: Int, slot: Double)]
    let belowStart: [Int]
    let below: [Int]

    init(_ graph: LayerGraph) {
        self.graph = graph
        var aboveStart = [0]
        var above: [(item: Int, slot: Double)] = []
        var belowStart = [0]
        var below: [Int] = []
        for item in graph.itemNode.indices {
            for index in graph.up[item] { above.append((graph.segments[index].upper, graph.segments[index].slot)) }
            aboveStart.append(above.count)
            for index in graph.down[item] { below.append(graph.segments[index].lower) }
            belowStart.append(below.count)
        }
        (self.aboveStart, self.above, self.belowStart, self.below) = (aboveStart, above, belowStart, below)
        var byRank = Array(repeating: [Int](), count: graph.rankCount)
        for (index, segment) in graph.segments.enumerated() { byRank[graph.itemRank[segment.upper]].append(index) }
        segmentsBelow = byRank
        order = Array(repeating: [], count: graph.rankCount)
        position = Array(repeating: 0, count: graph.itemNode.count)
        initialOrder()
    }

    /// The order after the sweeps.
    static func order(_ graph: LayerGraph) -> [[Int]] {
        var reduction = CrossingReduction(graph)
        reduction.run()
        return reduction.order
    }

    /// Depth first from each item nothing is above (or, `fromBelow`, nothing is below), in
    /// item order, children in port order: what hangs from one node starts out together.
    private mutating func initialOrder(fromBelow: Bool = false) {
        order = Array(repeating: [], count: graph.rankCount)
        var seen = Array(repeating: false, count: graph.itemNode.count)
        let ends = fromBelow ? graph.down : graph.up
        // Items at an end first; then any left over (none, once cycles are broken).
        let roots = graph.itemNode.indices.filter { ends[$0].isEmpty } + Array(graph.itemNode.indices)
        for root in roots where !seen[root] {
            var stack = [root]
            seen[root] = true
            while let item = stack.popLast() {
                position[item] = order[graph.itemRank[item]].count
                order[graph.itemRank[item]].append(item)
                let next = (fromBelow ? graph.up[item] : graph.down[item]).sorted { a, b in
                    graph.segments[a].slot != graph.segments[b].slot
                        ? graph.segments[a].slot < graph.segments[b].slot : a < b
                }
                for segment in next.reversed() {
                    let neighbour = fromBelow ? graph.segments[segment].upper : graph.segments[segment].lower
                    if !seen[neighbour] {
                        seen[neighbour] = true
                        stack.append(neighbour)
                    }
                }
            }
        }
    }

    private mutating func run() {
        guard graph.rankCount > 1 else { return }
        transpose(reverse: false)
        var best = order
        var fewest = crossings()
        // Three rounds: from the top-down first guess, from a bottom-up one, then from the best so far.
        let rounds = isLarge ? 1 : 3
        let sweeps = isLarge ? Self.maximumSweeps / 3 : Self.maximumSweeps
        for round in 0..<rounds where fewest > 0 {
            if round == 1 { initialOrder(fromBelow: true) }
            if round == 2 { setOrder(best) }
            var idle = 0
            for sweep in 0..<sweeps where fewest > 0 && idle < Self.patience {
                if sweep % 2 == 0 {
                    for rank in 1..<graph.rankCount { sortByMedian(rank, fromAbove: true) }
                } else {
                    for rank in (0..<(graph.rankCount - 1)).reversed() { sortByMedian(rank, fromAbove: false) }
                }
                // Swapping neighbours whose crossings tie, every other pair of sweeps, leaves plateaus.
                transpose(reverse: sweep % 4 >= 2)
                let count = crossings()
                if count < fewest {
                    fewest = count
                    best = order
                    idle = 0
                } else {
                    idle += 1
                }
            }
        }
        setOrder(best)
    }

    private mutating func setOrder(_ newOrder: [[Int]]) {
        order = newOrder
        for rank in order { for (index, item) in rank.enumerated() { position[item] = index } }
    }

    /// Sorts a rank by the weighted median position of each item's neighbours in the rank
    /// above (or below); items with no neighbour there keep their places.
    private mutating func sortByMedian(_ rank: Int, fromAbove: Bool) {
        let items = order[rank]
        var keyed: [(key: Double, position: Int, item: Int)] = []
        var free = Array(repeating: false, count: items.count)
        var places: [Double] = []
        for (index, item) in items.enumerated() {
            places.removeAll(keepingCapacity: true)
            if fromAbove {
                for a in aboveStart[item]..<aboveStart[item + 1] {
                    places.append(Double(position[above[a].item]) + above[a].slot)
                }
            } else {
                for b in belowStart[item]..<belowStart[item + 1] { places.append(Double(position[below[b]]) + 0.5) }
            }
            guard !places.isEmpty else {
                free[index] = true
                continue
            }
            keyed.append((Self.median(&places), index, item))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        var sorted = keyed.makeIterator()
        var result: [Int] = []
        result.reserveCapacity(items.count)
        for index in items.indices {
            if free[index] {
                result.append(items[index])
            } else if let next = sorted.next() {
                result.append(next.item)
            }
        }
        setRank(rank, result)
    }

    private mutating func setRank(_ rank: Int, _ items: [Int]) {
        order[rank] = items
        for (index, item) in items.enumerated() { position[item] = index }
    }

    /// The weighted median of Gansner et al. (dot): the middle place, or for an even count
    /// the two middle ones weighted towards the side whose places lie closer together.
    static func median(_ places: inout [Double]) -> Double {
        places.sort()
        let count = places.count
        let middle = count / 2
        if count % 2 == 1 { return places[middle] }
        if count == 2 { return (places[0] + places[1]) / 2 }
        let left = places[middle - 1] - places[0]
        let right = places[count - 1] - places[middle]
        guard left + right > 0 else { return (places[middle - 1] + places[middle]) / 2 }
        return (places[middle - 1] * right + places[middle] * left) / (left + right)
    }

    /// Crossings between the segments of `left` and those of `right` while `left` is left of `right`.
    private func crossings(left: Int, right: Int) -> Int {
        var count = 0
        for a in aboveStart[left]..<aboveStart[left + 1] {
            let keyA = Double(position[above[a].item]) + above[a].slot
            for b in aboveStart[right]..<aboveStart[right + 1]
            where keyA > Double(position[above[b].item]) + above[b].slot {
                count += 1
            }
        }
        for a in belowStart[left]..<belowStart[left + 1] {
            let lowerA = position[below[a]]
            for b in belowStart[right]..<belowStart[right + 1] where lowerA > position[below[b]] { count += 1 }
        }
        return count
    }

    /// Swaps neighbours in a rank while that removes crossings (a few rounds at most); with
    /// `reverse`, also neighbours whose crossings tie.
    private mutating func transpose(reverse: Bool) {
        // Only ranks beside a swap can gain from another look.
        var dirty = Array(repeating: true, count: order.count)
        for _ in 0..<Self.transposeRounds {
            var improved = false
            var touched = Array(repeating: false, count: order.count)
            for rank in order.indices where dirty[rank] && order[rank].count > 1 {
                for index in 0..<(order[rank].count - 1) {
                    let left = order[rank][index]
                    let right = order[rank][index + 1]
                    let now = crossings(left: left, right: right)
                    let swapped = crossings(left: right, right: left)
                    if swapped < now || (reverse && now > 0 && swapped == now) {
                        order[rank][index] = right
                        order[rank][index + 1] = left
                        position[right] = index
                        position[left] = index + 1
                        for near in max(0, rank - 1)...min(order.count - 1, rank + 1) { touched[near] = true }
                        if swapped < now { improved = true }
                    }
                }
            }
            if !improved { break }
            dirty = touched
        }
    }

    /// All crossings between neighbouring ranks: segments sorted by where they leave the
    /// upper rank, then the inversions among where they reach the lower one (a Fenwick tree).
    func crossings() -> Int {
        var total = 0
        for rank in 0..<max(0, graph.rankCount - 1) {
            var ends: [(upper: Double, lower: Int)] = segmentsBelow[rank].map { index in
                let segment = graph.segments[index]
                return (Double(position[segment.upper]) + segment.slot, position[segment.lower])
            }
            ends.sort { $0.upper != $1.upper ? $0.upper < $1.upper : $0.lower < $1.lower }
            let size = order[rank + 1].count
            var tree = Array(repeating: 0, count: size + 1)
            for (seen, end) in ends.enumerated() {
                // How many earlier segments reach further right than this one.
                var atOrBefore = 0
                var index: Int = end.lower + 1
                while index > 0 {
                    atOrBefore += tree[index]
                    index -= index & -index
                }
                total += seen - atOrBefore
                index = end.lower + 1
                while index <= size {
                    tree[index] += 1
                    index += index & -index
                }
            }
        }
        return total
    }
}
