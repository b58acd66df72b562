/// A routine in the shape path analysis works on: its reachable nodes renumbered by
/// visit-order position, with the positions each visit activates.
///
/// Activation lists are sorted, without duplicates, and only point forwards (in a
/// valid routine every edge does; a back edge of an invalid one is ignored, exactly as
/// the walker ignores activating a node it has already passed).
struct PathGraph: Sendable {
    /// A reachable node, at its visit-order position.
    struct Entry: Sendable {
        /// Index into `Routine.nodes`.
        var node: Int
        /// The habit number (in `habits`), nil for a question.
        var habit: Int?
        /// A habit's `next`, or a question's own `next`.
        var always: [Int]
        /// For a question, each option's `next` (empty for a habit).
        var options: [[Int]]
        /// The node may be not due on some day (a `when:`, a scheduled habit, or a
        /// question whose every option has a `when:`): nothing behind it is certain.
        var mayBeSkipped = false
    }

    let entries: [Entry]
    let habits: HabitTable
    /// Positions of the start nodes, sorted, no duplicates.
    let start: [Int]

    /// - Parameter scheduled: keys of habits with a schedule (their nodes may be not due).
    init(_ routine: Routine, scheduled: Set<HabitKey> = []) {
        let order = VisitOrder(routine)
        let habits = HabitTable(routine)
        func positions(_ list: [Int], after position: Int) -> [Int] {
            var result: [Int] = []
            for node in list where node >= 0 && node < order.positions.count {
                if let target = order.positions[node], target > position { result.append(target) }
            }
            if result.count < 2 { return result }
            result.sort()
            var unique: [Int] = [result[0]]
            for target in result.dropFirst() where target != unique[unique.count - 1] { unique.append(target) }
            return unique
        }
        var entries: [Entry] = []
        entries.reserveCapacity(order.count)
        for (position, node) in order.nodes.enumerated() {
            let always = positions(routine.nodes[node].next, after: position)
            let conditional = routine.nodes[node].when != nil
            switch routine.nodes[node].body {
            case .habit:
                let habit = habits.habit(ofNode: node)
                let isScheduled = habit.map { scheduled.contains(habits.keys[$0]) } ?? false
                entries.append(
                    Entry(
                        node: node, habit: habit, always: always, options: [],
                        mayBeSkipped: conditional || isScheduled))
            case .question(_, let options):
                let lists = options.map { positions($0.next, after: position) }
                let allConditional = !options.isEmpty && options.allSatisfy { $0.when != nil }
                entries.append(
                    Entry(
                        node: node, habit: nil, always: always, options: lists,
                        mayBeSkipped: conditional || allConditional))
            }
        }
        self.entries = entries
        self.habits = habits
        self.start = positions(routine.start, after: -1)
    }

    /// The frontier after visiting the first element of `frontier` and activating
    /// `added`: both sorted and duplicate-free, so is the result.
    static func advance(_ frontier: [Int], adding added: [Int], and more: [Int] = []) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(frontier.count + added.count + more.count)
        var a = 1  // skip the node being visited
        var b = 0
        var c = 0
        while a < frontier.count || b < added.count || c < more.count {
            let x = a < frontier.count ? frontier[a] : Int.max
            let y = b < added.count ? added[b] : Int.max
            let z = c < more.count ? more[c] : Int.max
            let smallest = min(x, y, z)
            result.append(smallest)
            if x == smallest { a += 1 }
            if y == smallest { b += 1 }
            if z == smallest { c += 1 }
        }
        return result
    }
}
