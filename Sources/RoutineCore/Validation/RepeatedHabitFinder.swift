/// Finds habit nodes that a run can reach after another node of the same habit.
///
/// Definition (see docs/diagnostics.md): node `v` repeats a habit when it is reachable
/// from `start`, and some other node `u` with the same habit (names compared by
/// `HabitName.key`) has a directed path `u -> ... -> v` of one or more `next` edges
/// (option `next` lists included). On such a path the run asks `u` first; `v` is then
/// only asked if `u` was skipped. Each such `v` is reported once.
///
/// Cost: only habits on two or more reachable nodes matter. Their keys become bits;
/// a pass in topological order ORs each node's ancestor bits into its successors, so
/// the work is O((nodes + edges) * K / 64) for K such habits, in chunks that keep the
/// bit table under about 32 MB.
public enum RepeatedHabitFinder {
    /// The nodes that repeat a habit, ascending. `habitKeys[i]` is nil for question
    /// nodes. Returns an empty list when the reachable part has a cycle (cycles are
    /// reported on their own, and "a path" is then unbounded).
    public static func repeatedNodes(
        successors: [[Int]], habitKeys: [String?], reachable: [Bool]
    ) -> [Int] {
        repeatedNodes(successors: Successors(successors), habitKeys: habitKeys, reachable: reachable)
    }

    /// `repeatedNodes` over a graph in compressed rows.
    /// `order`: a topological order of the whole graph when the caller has one (the
    /// validator sorts it to learn that there is no cycle); its reachable nodes are then
    /// the order walked, instead of sorting the reachable part again.
    public static func repeatedNodes(
        successors: Successors, habitKeys: [String?], reachable: [Bool], order wholeOrder: [Int]? = nil
    ) -> [Int] {
        let count = successors.count
        guard
            let order = wholeOrder.map({ $0.filter { reachable[$0] } })
                ?? topologicalOrder(successors: successors, reachable: reachable)
        else {
            return []
        }
        // Each key numbered by `IDIndex` (a `[String: Int]` that hashes ASCII keys by
        // their bytes): SipHash of every habit node's key was 2 % of a 100,000-node check.
        let numbers = IDIndex(capacity: min(count, 4_096))
        var nodesByKey: [[Int]] = []
        for node in 0..<count where reachable[node] {
            guard let key = habitKeys[node] else { continue }
            if let number = numbers.valueOrInsert(key, nodesByKey.count) {
                nodesByKey[number].append(node)
            } else {
                nodesByKey.append([node])
            }
        }
        let shared = nodesByKey.filter { $0.count > 1 }
        guard !shared.isEmpty else { return [] }

        let wordsPerChunk = max(1, min((shared.count + 63) / 64, 4_000_000 / max(count, 1)))
        let bitsPerChunk = wordsPerChunk * 64
        var repeated: [Int] = []
        var chunkStart = 0
        var bitOf = [Int](repeating: -1, count: count)
        while chunkStart < shared.count {
            let chunk = shared[chunkStart..<min(chunkStart + bitsPerChunk, shared.count)]
            for node in 0..<count { bitOf[node] = -1 }
            for (offset, nodes) in chunk.enumerated() {
                for node in nodes { bitOf[node] = offset }
            }
            repeated += pass(
                order: order, successors: successors, bitOf: bitOf,
                words: wordsPerChunk, count: count)
            chunkStart += bitsPerChunk
        }
        return repeated.sorted()
    }

    /// One propagation pass over one chunk of habit bits.
    private static func pass(
        order: [Int], successors: Successors, bitOf: [Int], words: Int, count: Int
    ) -> [Int] {
        let targets = successors.targets
        var ancestors = [UInt64](repeating: 0, count: count * words)
        var out = [UInt64](repeating: 0, count: words)
        var repeated: [Int] = []
        for node in order {
            let base = node * words
            let bit = bitOf[node]
            if bit >= 0, ancestors[base + bit / 64] & (1 << UInt64(bit % 64)) != 0 {
                repeated.append(node)
            }
            var any = false
            for word in 0..<words {
                out[word] = ancestors[base + word]
                if out[word] != 0 { any = true }
            }
            if bit >= 0 {
                out[bit / 64] |= 1 << UInt64(bit % 64)
                any = true
            }
            guard any else { continue }
            for edge in successors.range(of: node) {
                let next = targets[edge]
                guard next >= 0, next < count, next != node else { continue }
                let target = next * words
                for word in 0..<words { ancestors[target + word] |= out[word] }
            }
        }
        return repeated
    }

    /// Kahn's algorithm over the reachable nodes (all nodes when `reachable` is nil); nil
    /// when they contain a cycle.
    static func topologicalOrder(successors: Successors, reachable: [Bool]?) -> [Int]? {
        let count = successors.count
        let targets = successors.targets
        var indegree = [Int](repeating: 0, count: count)
        var total = 0
        for node in 0..<count where reachable?[node] ?? true {
            total += 1
            for edge in successors.range(of: node) {
                let next = targets[edge]
                if next >= 0 && next < count { indegree[next] += 1 }
            }
        }
        var order: [Int] = []
        order.reserveCapacity(total)
        for node in 0..<count where (reachable?[node] ?? true) && indegree[node] == 0 {
            order.append(node)
        }
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            for edge in successors.range(of: node) {
                let next = targets[edge]
                guard next >= 0, next < count else { continue }
                indegree[next] -= 1
                if indegree[next] == 0 { order.append(next) }
            }
        }
        return order.count == total ? order : nil
    }
}
