/// The fixed order in which a run visits the nodes of a routine (SPEC §4.1).
///
/// The order is the reverse post-order of a depth-first search that starts from the
/// start nodes taken in reverse declared order and follows each node's successors in
/// reverse declared order; a question's successors are its options' `next` lists,
/// options in order, followed by its own `next`. In a DAG this is a topological order
/// of the nodes reachable from `start`: every node comes after each of its
/// predecessors, and a node shared by several branches comes after the last of them.
///
/// Only nodes reachable from `start` are listed. The search is iterative (no recursion,
/// so 100,000-node routines are fine) and linear in nodes plus edges. Out-of-range
/// indices are ignored and a cycle (which validation rejects) cannot make it loop.
public struct VisitOrder: Sendable, Equatable {
    /// Node indices (into `Routine.nodes`) in visit order.
    public let nodes: [Int]
    /// For each node index, its position in `nodes`, or nil when unreachable.
    public let positions: [Int?]

    public init(_ routine: Routine) {
        let count = routine.nodes.count
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the stack, 2 finished
        var postOrder: [Int] = []
        postOrder.reserveCapacity(count)
        // Each frame is a node and how many of its successors (counted from the last)
        // have been tried.
        var stack: [(node: Int, tried: Int)] = []
        var successors: [[Int]] = Array(repeating: [], count: count)
        var computed = [Bool](repeating: false, count: count)

        for root in routine.start.reversed() where root >= 0 && root < count && state[root] == 0 {
            state[root] = 1
            stack.append((root, 0))
            while let top = stack.last {
                if !computed[top.node] {
                    successors[top.node] = routine.successors(of: top.node)
                    computed[top.node] = true
                }
                let list = successors[top.node]
                if top.tried < list.count {
                    stack[stack.count - 1].tried += 1
                    let next = list[list.count - 1 - top.tried]
                    if next >= 0, next < count, state[next] == 0 {
                        state[next] = 1
                        stack.append((next, 0))
                    }
                } else {
                    stack.removeLast()
                    state[top.node] = 2
                    postOrder.append(top.node)
                    successors[top.node] = []  // free as we go
                }
            }
        }
        nodes = postOrder.reversed()
        var positions = [Int?](repeating: nil, count: count)
        for (position, node) in nodes.enumerated() { positions[node] = position }
        self.positions = positions
    }

    /// The number of reachable nodes.
    public var count: Int { nodes.count }
}

extension Routine {
    /// A node's successors in declared order: for a question, its options' `next`
    /// lists (options in order) followed by its own `next`; for a habit, its `next`.
    /// Empty for an index out of range.
    public func successors(of node: Int) -> [Int] {
        guard node >= 0, node < nodes.count else { return [] }
        switch nodes[node].body {
        case .habit:
            return nodes[node].next
        case .question(_, let options):
            return options.flatMap(\.next) + nodes[node].next
        }
    }

    /// The nodes a visit of `node` activates: a habit's `next`; for a question answered
    /// with option `option`, that option's `next` followed by the question's own `next`.
    /// Out-of-range indices are dropped.
    public func activations(of node: Int, option: Int?) -> [Int] {
        guard node >= 0, node < nodes.count else { return [] }
        var result: [Int]
        switch nodes[node].body {
        case .habit:
            result = nodes[node].next
        case .question(_, let options):
            let chosen = option.flatMap { $0 >= 0 && $0 < options.count ? options[$0].next : nil } ?? []
            result = chosen + nodes[node].next
        }
        return result.filter { $0 >= 0 && $0 < nodes.count }
    }
}
