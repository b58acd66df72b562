/// Decides for each habit whether every, some or no combination of answers visits it.
///
/// *Some*: a habit is visited on some combination exactly when one of its nodes is
/// reachable from `start` (answer each question on the path towards it with the
/// option that leads there).
///
/// *Every*: let must(v) be the habits that every run visiting v goes on to visit
/// (v's own habit included). A run visits all of a habit's `next`, a question's own
/// `next` and the `next` of one option of its choosing, so
///
///     must(habit v)    = {habit of v} ∪ ⋃ must(next)
///     must(question v) = ⋃ must(own next) ∪ ⋂ over options (⋃ must(option next))
///
/// and the habits on every combination are ⋃ must(start). This is exact even though
/// shared nodes are visited once: avoiding a set of habits is possible from a node or
/// not, whatever the context, so choosing an avoiding option at every question is one
/// consistent run. Sets are computed in reverse visit order; a set is handed over (not
/// copied) to its last predecessor, and a node's set grows the largest of its
/// successors' sets, so a chain costs linear time. Worst case O(n · h) for n nodes
/// and h habits.
struct PathCoverage {
    static func classify(_ graph: PathGraph) -> [PathAnalysis.Coverage] {
        var reachable = [Bool](repeating: false, count: graph.habits.count)
        for entry in graph.entries {
            if let habit = entry.habit { reachable[habit] = true }
        }
        let every = unavoidableHabits(graph)
        return (0..<graph.habits.count).map { habit in
            every.contains(habit) ? .every : reachable[habit] ? .some : .none
        }
    }

    private static func unavoidableHabits(_ graph: PathGraph) -> Set<Int> {
        let count = graph.entries.count
        var uses = [Int](repeating: 0, count: count)
        for entry in graph.entries {
            for target in Set(entry.always + entry.options.flatMap { $0 }) { uses[target] += 1 }
        }
        let isStart = Set(graph.start)
        var must = [Set<Int>?](repeating: nil, count: count)

        // Takes a successor's set, handing it over when this is its last use.
        func take(_ position: Int) -> Set<Int> {
            uses[position] -= 1
            let set = must[position] ?? []
            if uses[position] == 0 && !isStart.contains(position) { must[position] = nil }
            return set
        }

        for position in graph.entries.indices.reversed() {
            let entry = graph.entries[position]
            var local: [Int: Set<Int>] = [:]
            for target in Set(entry.always + entry.options.joined()) { local[target] = take(target) }
            var common: Set<Int>?
            for option in entry.options {
                var optionSet = Set<Int>()
                for target in option { optionSet.formUnion(local[target] ?? []) }
                common = common.map { $0.intersection(optionSet) } ?? optionSet
            }
            // Grow the largest set in place (it is uniquely held once moved out of `local`).
            let largest = entry.always.max { (local[$0]?.count ?? 0) < (local[$1]?.count ?? 0) }
            var result = largest.flatMap { local.removeValue(forKey: $0) } ?? []
            for target in entry.always where target != largest { result.formUnion(local[target] ?? []) }
            if let habit = entry.habit { result.insert(habit) }
            if let common { result.formUnion(common) }
            must[position] = entry.mayBeSkipped ? [] : result
        }
        var every = Set<Int>()
        for position in graph.start { every.formUnion(must[position] ?? []) }
        return every
    }
}
