import RoutineCore

/// Random DAGs: edges only go from a lower to a higher rank, but nodes are stored in
/// a shuffled order, so node indices say nothing about the topology.
public enum RandomRoutines {
    public static func make(
        nodes count: Int, seed: UInt64, questionShare: Double = 0.35, maxOptions: Int = 3, maxNext: Int = 2,
        habitPool: Int? = nil
    ) -> Routine {
        var random = SeededGenerator(seed: seed)
        let slots = Array(0..<count).shuffled(using: &random)  // rank -> node index
        let pool = max(1, habitPool ?? (count / 2 + 1))
        func laterRanks(after rank: Int, upTo limit: Int) -> [Int] {
            guard rank + 1 < count else { return [] }
            let howMany = Int.random(in: 0...limit, using: &random)
            return (0..<howMany).map { _ in slots[Int.random(in: (rank + 1)..<count, using: &random)] }
        }
        var nodes = [Node?](repeating: nil, count: count)
        for rank in 0..<count {
            let id = "n\(rank)"
            let next = laterRanks(after: rank, upTo: maxNext)
            if Double.random(in: 0..<1, using: &random) < questionShare {
                let optionCount = Int.random(in: 1...maxOptions, using: &random)
                let options = (0..<optionCount).map {
                    Option(text: "o\($0)", next: laterRanks(after: rank, upTo: maxNext))
                }
                nodes[slots[rank]] = Node(id: id, body: .question("q\(rank)?", options: options), next: next)
            } else {
                let name = "Habit \(Int.random(in: 0..<pool, using: &random))"
                nodes[slots[rank]] = Node(id: id, body: .habit(name), next: next)
            }
        }
        let startCount = Int.random(in: 1...min(3, count), using: &random)
        var start: [Int] = []
        for _ in 0..<startCount {
            let rank = Int.random(in: 0..<max(1, count / 2), using: &random)
            if !start.contains(slots[rank]) { start.append(slots[rank]) }
        }
        // Edges only go up in rank: a DAG with unique ids and option texts by construction.
        return checked {
            try Routine(slug: "random", title: nil, start: start, nodes: nodes.compactMap { $0 }, habits: [])
        }
    }
}
