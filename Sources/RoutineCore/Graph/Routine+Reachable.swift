extension Routine {
    /// The habit names of the habit nodes that some path from `start` reaches, in
    /// node order, each habit once (by `HabitName.key`). `isOpen` decides whether a
    /// node may be passed (default: all; `today` and `paths --day` pass the day's
    /// conditions); a node that is not open activates nothing.
    public func reachableHabitNames(isOpen: (Int) -> Bool = { _ in true }) -> [String] {
        var reached = [Bool](repeating: false, count: nodes.count)
        var stack = start.filter { $0 >= 0 && $0 < nodes.count }
        while let index = stack.popLast() {
            guard !reached[index], isOpen(index) else { continue }
            reached[index] = true
            var options: [Int?] = [nil]
            if case .question(_, let list) = nodes[index].body { options = Array(list.indices) }
            for option in options {
                stack += activations(of: index, option: option).filter { $0 >= 0 && $0 < nodes.count && !reached[$0] }
            }
        }
        var seen = Set<HabitKey>()
        return nodes.indices.compactMap { index in
            guard reached[index], case .habit(let name) = nodes[index].body, seen.insert(HabitKey(name)).inserted
            else { return nil }
            return name
        }
    }
}
