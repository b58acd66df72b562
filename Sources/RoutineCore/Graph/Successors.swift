/// A graph's successor lists in two flat arrays (compressed rows): node `n`'s successors
/// are `targets[offsets[n]..<offsets[n + 1]]`, in order. The validator builds one per
/// file instead of an array per node (100,000 small arrays on a big file, each grown
/// one ref at a time), and the graph passes walk it by index.
public struct Successors: Sendable, Equatable {
    public private(set) var offsets: [Int] = [0]
    public private(set) var targets: [Int] = []

    public init() {}

    /// The same graph as `lists` (`lists[n]` is node `n`'s successors).
    public init(_ lists: [[Int]]) {
        offsets.reserveCapacity(lists.count + 1)
        var edges = 0
        for list in lists { edges += list.count }
        targets.reserveCapacity(edges)
        for list in lists {
            targets += list
            offsets.append(targets.count)
        }
    }

    /// The number of nodes.
    public var count: Int { offsets.count - 1 }

    public mutating func reserveCapacity(nodes: Int) {
        offsets.reserveCapacity(nodes + 1)
    }

    /// Adds a successor to the node being built (the one after the last closed).
    public mutating func append(_ target: Int) { targets.append(target) }

    /// Closes the node being built: the next `append` starts the following node.
    public mutating func closeNode() { offsets.append(targets.count) }

    /// The positions in `targets` of node `node`'s successors.
    public func range(of node: Int) -> Range<Int> { offsets[node]..<offsets[node + 1] }

    /// Node `node`'s successors, in order.
    public subscript(node: Int) -> ArraySlice<Int> { targets[range(of: node)] }

    /// As one array per node.
    public var lists: [[Int]] { (0..<count).map { Array(self[$0]) } }
}
