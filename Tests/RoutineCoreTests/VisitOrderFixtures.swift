import TestSupport

@testable import RoutineCore

/// Builds `Routine` values in Swift, naming nodes by id; refs are resolved at `build`.
struct RoutineBuilder {
    private enum Body {
        case habit(String)
        case question(String, [(text: String, next: [String])])
    }

    private var entries: [(id: String, body: Body, next: [String])] = []
    var habits: [HabitSpec] = []

    init() {}

    mutating func habit(_ id: String, _ name: String? = nil, next: [String] = []) {
        entries.append((id, .habit(name ?? id), next))
    }

    mutating func question(_ id: String, _ text: String, _ options: [(String, [String])], next: [String] = []) {
        entries.append((id, .question(text, options.map { (text: $0.0, next: $0.1) }), next))
    }

    /// The routine; an unknown ref or a graph `Routine` refuses is a test bug and traps.
    func build(_ slug: String = "test", start: [String], title: String? = nil) -> Routine {
        var index: [String: Int] = [:]
        for (number, entry) in entries.enumerated() { index[entry.id] = number }
        func refs(_ ids: [String]) -> [Int] {
            ids.map { id in
                guard let number = index[id] else { fatalError("unknown node \(id)") }
                return number
            }
        }
        let nodes = entries.map { entry -> Node in
            switch entry.body {
            case .habit(let name):
                return Node(id: entry.id, body: .habit(name), next: refs(entry.next))
            case .question(let text, let options):
                return Node(
                    id: entry.id,
                    body: .question(text, options: options.map { Option(text: $0.text, next: refs($0.next)) }),
                    next: refs(entry.next))
            }
        }
        return checked { try Routine(slug: slug, title: title, start: refs(start), nodes: nodes, habits: habits) }
    }
}

/// SplitMix64: a small seeded generator, so property tests are deterministic.

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
