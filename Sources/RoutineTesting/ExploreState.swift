import RoutineCore

/// What decides everything a walk can still do from a prompt on, so that `Explorer` walks
/// on from each such state once: the walk's day and history, the prompt, the nodes
/// activated but not yet reached, the habits recorded that a later node can see (a
/// condition reads them, or another node asks them again), and, when any condition
/// reads `answer(…)`, the answers given. Two walks with equal states ask, record and step
/// over the same things from there on.
struct ExploreState: Hashable {
    var start: Int
    var prompt: Int
    var pending: [Int]
    var recorded: [HabitKey]
    var answers: [Int]

    /// What `Explorer` knows of a routine to build states.
    struct Shape: Sendable {
        let routine: Routine
        let order: VisitOrder
        let index: [String: Int]
        /// Habits whose record a later node can see.
        let visible: Set<HabitKey>
        /// Whether any condition reads an answer of this run (checked on the text:
        /// a false alarm only costs merging fewer walks).
        let readsAnswers: Bool

        init(routine: Routine, visible: Set<HabitKey>) {
            self.routine = routine
            self.order = VisitOrder(routine)
            var index: [String: Int] = [:]
            for (position, node) in routine.nodes.enumerated() { index[node.id] = position }
            self.index = index
            self.visible = visible
            var conditions = routine.nodes.compactMap(\.when)
            for node in routine.nodes {
                if case .question(_, let options) = node.body { conditions += options.compactMap(\.when) }
            }
            readsAnswers = conditions.contains { $0.contains("answer") }
        }

        /// The state of `walker` at `prompt`; `start` tells the walk's day and history apart.
        func state(of walker: Walker, at prompt: Prompt, start: Int) -> ExploreState? {
            guard let node = index[prompt.node], let here = order.positions[node] else { return nil }
            var activated = Set(routine.start)
            var answers: [Int] = []
            for step in walker.steps where step.reason == nil {
                var option: Int?
                if case .option(let chosen, _) = step.answer {
                    option = chosen
                    if readsAnswers { answers += [step.nodeIndex, chosen] }
                }
                activated.formUnion(routine.activations(of: step.nodeIndex, option: option))
            }
            let pending = activated.filter { (order.positions[$0] ?? -1) > here }.sorted()
            let recorded = walker.entries.map(\.habitKey).filter { visible.contains($0) }.sorted()
            return ExploreState(start: start, prompt: node, pending: pending, recorded: recorded, answers: answers)
        }
    }
}
