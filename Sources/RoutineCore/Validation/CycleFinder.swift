/// Finds the cycles of a directed graph: one per strongly connected component that
/// has a cycle (a component of two or more nodes, or one node with a self-loop).
///
/// Tarjan's algorithm, written with an explicit stack so that a 100,000-node chain
/// does not overflow the call stack; everything is linear in nodes plus edges.
public enum CycleFinder {
    /// The strongly connected components, each a list of node indices in ascending
    /// order; components are listed in the order Tarjan's algorithm closes them.
    public static func components(successors: [[Int]]) -> [[Int]] {
        let (componentOf, total) = label(successors: Successors(successors))
        var result = [[Int]](repeating: [], count: total)
        for (node, component) in componentOf.enumerated() { result[component].append(node) }
        return result
    }

    /// Tarjan's algorithm: the component number of every node (numbered in the order
    /// components close) and the number of components. No per-component arrays, so
    /// a 100,000-node DAG (100,000 components) costs no extra allocations.
    static func label(successors: Successors) -> (componentOf: [Int], count: Int) {
        let count = successors.count
        let targets = successors.targets
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var calls: [(node: Int, edge: Int)] = []
        var counter = 0
        var componentOf = [Int](repeating: -1, count: count)
        var components = 0

        for root in 0..<count where index[root] == -1 {
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            calls.append((root, 0))
            while let top = calls.last {
                let node = top.node
                let edges = successors.range(of: node)
                if top.edge < edges.count {
                    calls[calls.count - 1].edge += 1
                    let next = targets[edges.lowerBound + top.edge]
                    guard next >= 0, next < count else { continue }
                    if index[next] == -1 {
                        index[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        calls.append((next, 0))
                    } else if onStack[next] {
                        low[node] = min(low[node], index[next])
                    }
                    continue
                }
                calls.removeLast()
                if let parent = calls.last {
                    low[parent.node] = min(low[parent.node], low[node])
                }
                if low[node] == index[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        componentOf[member] = components
                        if member == node { break }
                    }
                    components += 1
                }
            }
        }
        return (componentOf, components)
    }

    /// One cycle per component that has one, as the nodes in walking order starting
    /// at the component's lowest index (the edge from the last node back to the first
    /// closes it). The cycle found is a shortest one through that first node.
    /// Cycles are ordered by their first node.
    public static func cycles(successors: [[Int]]) -> [[Int]] {
        cycles(successors: Successors(successors))
    }

    /// `cycles(successors:)` over a graph in compressed rows.
    public static func cycles(successors: Successors) -> [[Int]] {
        let count = successors.count
        let targets = successors.targets
        let (labels, total) = label(successors: successors)
        var size = [Int](repeating: 0, count: total)
        for component in labels { size[component] += 1 }
        // Renumber the components that have a cycle 0, 1, …; others get -1.
        var cyclicNumber = [Int](repeating: -1, count: total)
        var cyclic: [[Int]] = []
        for node in 0..<count {
            let component = labels[node]
            let hasCycle = size[component] > 1 || targets[successors.range(of: node)].contains(node)
            guard hasCycle else { continue }
            if cyclicNumber[component] == -1 {
                cyclicNumber[component] = cyclic.count
                cyclic.append([])
            }
            cyclic[cyclicNumber[component]].append(node)
        }
        let componentOf = labels.map { cyclicNumber[$0] }
        var parent = [Int](repeating: -1, count: count)
        var result: [[Int]] = []
        for (id, component) in cyclic.enumerated() {
            guard let root = component.first else { continue }
            result.append(
                shortestCycle(
                    through: root, component: id, componentOf: componentOf,
                    successors: successors, parent: &parent))
        }
        return result.sorted { $0[0] < $1[0] }
    }

    /// Breadth-first search inside one component from `root` back to `root`.
    private static func shortestCycle(
        through root: Int, component: Int, componentOf: [Int],
        successors: Successors, parent: inout [Int]
    ) -> [Int] {
        let targets = successors.targets
        var queue = [root]
        var touched = [root]
        parent[root] = root
        var head = 0
        var closing = -1
        search: while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in successors.range(of: node) {
                let next = targets[edge]
                guard next >= 0, next < componentOf.count else { continue }
                guard componentOf[next] == component else { continue }
                if next == root {
                    closing = node
                    break search
                }
                if parent[next] == -1 {
                    parent[next] = node
                    touched.append(next)
                    queue.append(next)
                }
            }
        }
        var path: [Int] = []
        var node = closing
        while node != root && node != -1 {
            path.append(node)
            node = parent[node]
        }
        path.append(root)
        for node in touched { parent[node] = -1 }
        return path.reversed()
    }
}
