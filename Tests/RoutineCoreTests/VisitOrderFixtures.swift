import TestSupport

@testable import RoutineCore

/// The spec's definition of the visit order, written as directly as possible
/// (recursive), to check the iterative implementation against.
func referenceVisitOrder(_ routine: Routine) -> [Int] {
    var visited = Set<Int>()
    var postOrder: [Int] = []
    func successors(_ node: Int) -> [Int] {
        switch routine.nodes[node].body {
        case .habit: return routine.nodes[node].next
        case .question(_, let options):
            var list: [Int] = []
            for option in options { list += option.next }
            return list + routine.nodes[node].next
        }
    }
    func visit(_ node: Int) {
        visited.insert(node)
        for next in successors(node).reversed() where !visited.contains(next) { visit(next) }
        postOrder.append(node)
    }
    for node in routine.start.reversed() where !visited.contains(node) { visit(node) }
    return postOrder.reversed()
}

/// Every run of a routine, found by brute force from the spec's activation rules
/// (independently of the code under test but for the visit order, checked on its own):
/// for each combination of answers, in listing order, the options chosen (node, option
/// index) and the nodes visited.
func bruteForceRuns(_ routine: Routine) -> [(choices: [(node: Int, option: Int)], visited: [Int])] {
    let order = referenceVisitOrder(routine)
    var runs: [(choices: [(node: Int, option: Int)], visited: [Int])] = []
    func walk(_ position: Int, _ activated: Set<Int>, _ choices: [(node: Int, option: Int)], _ visited: [Int]) {
        var position = position
        while position < order.count && !activated.contains(order[position]) { position += 1 }
        guard position < order.count else {
            runs.append((choices, visited))
            return
        }
        let node = routine.nodes[order[position]]
        switch node.body {
        case .habit:
            walk(position + 1, activated.union(node.next), choices, visited + [order[position]])
        case .question(_, let options):
            for (index, option) in options.enumerated() {
                walk(
                    position + 1, activated.union(option.next).union(node.next),
                    choices + [(order[position], index)], visited + [order[position]])
            }
        }
    }
    walk(0, Set(routine.start), [], [])
    return runs
}

/// The spec's example (SPEC §4.1): q's options A -> [h1, h3] and B -> [h2], h1 -> [h3].
func specExampleRoutine() -> Routine {
    var builder = RoutineBuilder()
    builder.question("q", "Which?", [("A", ["h1", "h3"]), ("B", ["h2"])])
    builder.habit("h1", next: ["h3"])
    builder.habit("h2")
    builder.habit("h3")
    return builder.build(start: ["q"])
}
