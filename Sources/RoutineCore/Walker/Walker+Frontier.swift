extension Walker {
    /// A node activated and not yet reached, and whether an answer led to it (then, when
    /// it is not due by its schedule or a pause, it is asked as optional, SPEC §13.4).
    public struct FrontierNode: Hashable, Sendable {
        public var node: Int
        public var answerLed: Bool
    }

    /// The activated nodes from the current prompt on, in visit order: with the run's
    /// day and history, its records and its answers, what decides everything the run can
    /// still do. `routine test --explore` walks on once from walks equal in these.
    public var frontier: [FrontierNode] {
        guard status == .active, cursor < order.count else { return [] }
        return (cursor..<order.count).compactMap { position in
            let node = order.nodes[position]
            guard node < activated.count, activated[node] else { return nil }
            return FrontierNode(node: node, answerLed: node < answerLed.count && answerLed[node])
        }
    }
}
