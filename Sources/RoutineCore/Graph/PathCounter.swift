/// Counts a routine's combinations of answers and finds its longest chain, exactly,
/// without enumerating the combinations.
///
/// A run's future depends only on its *frontier*: the set of activated nodes it has
/// not visited yet (all at later visit-order positions than the current one). Runs
/// that reach the same frontier — e.g. two answers whose branches converge on one
/// node — have exactly the same continuations. So the counter walks the visit order
/// forwards with a table from frontier to (number of runs reaching it, most nodes
/// visited on the way), merging equal frontiers: counts add, chains take the maximum.
/// A frontier is handled when the walk reaches its first node; its successors' first
/// nodes all lie later, so each frontier is expanded once.
///
/// Cost: O(S · (w + d)) time and O(S' · w) memory, where S is the number of distinct
/// frontiers met, S' the most alive at once, w their size and d the activation-list
/// length. S is one per node for a routine without questions or whose branches
/// re-converge promptly, grows with the product of the option counts of questions
/// whose branches stay apart at the same time, and is exponential in the worst case
/// (computing the longest chain is NP-hard in general: it contains maximum coverage).
/// A budget on S stops the analysis with an error instead of running for ever.
struct PathCounter {
    struct Result: Sendable, Equatable {
        var combinations: BigCount
        var longestChain: Int
        var frontiers: Int
    }

    private struct Tally {
        var runs: BigCount
        var visited: Int
    }

    static func count(_ graph: PathGraph, budget: Int) throws(PathAnalysisError) -> Result {
        if graph.start.isEmpty { return Result(combinations: .one, longestChain: 0, frontiers: 0) }
        // Frontiers waiting to be expanded, bucketed by their first position.
        var buckets: [Int: [[Int]: Tally]] = [graph.start[0]: [graph.start: Tally(runs: .one, visited: 0)]]
        var total = BigCount.zero
        var longest = 0
        var expanded = 0

        func deliver(_ frontier: [Int], _ tally: Tally) {
            guard let first = frontier.first else {
                total += tally.runs
                longest = max(longest, tally.visited)
                return
            }
            if var existing = buckets[first]?[frontier] {
                existing.runs += tally.runs
                existing.visited = max(existing.visited, tally.visited)
                buckets[first]?[frontier] = existing
            } else {
                buckets[first, default: [:]][frontier] = tally
            }
        }

        for position in graph.entries.indices {
            guard let bucket = buckets.removeValue(forKey: position) else { continue }
            let entry = graph.entries[position]
            for (frontier, tally) in bucket {
                expanded += 1
                if expanded > budget { throw .tooComplex(frontiers: expanded) }
                let next = Tally(runs: tally.runs, visited: tally.visited + 1)
                if entry.habit != nil || entry.options.isEmpty {
                    deliver(PathGraph.advance(frontier, adding: entry.always), next)
                } else {
                    for option in entry.options {
                        deliver(PathGraph.advance(frontier, adding: option, and: entry.always), next)
                    }
                }
            }
        }
        return Result(combinations: total, longestChain: longest, frontiers: expanded)
    }
}
