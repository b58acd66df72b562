import RoutineCore

/// What decides everything a walk can still do from a prompt on, so that `Explorer` walks
/// on from each such state once: the walk's day and history, the walker's frontier (the
/// prompt and the nodes activated but not yet reached, each with whether an answer led to
/// it), the habits recorded that a later node can see (a condition reads them, or another
/// node asks them again), and, when any condition reads `answer(…)`, the answers given.
/// Two walks with equal states ask, record and step over the same things from there on.
struct ExploreState: Hashable {
    var start: Int
    var frontier: [Walker.FrontierNode]
    var recorded: [HabitKey]
    var answers: [Int]

    /// What `Explorer` knows of a routine to build states.
    struct Shape: Sendable {
        /// Habits whose record a later node can see.
        let visible: Set<HabitKey>
        /// Whether any condition reads an answer of this run (checked on the text:
        /// a false alarm only costs merging fewer walks).
        let readsAnswers: Bool

        init(routine: Routine, visible: Set<HabitKey>) {
            self.visible = visible
            var conditions = routine.nodes.compactMap(\.when)
            for node in routine.nodes {
                if case .question(_, let options) = node.body { conditions += options.compactMap(\.when) }
            }
            readsAnswers = conditions.contains { $0.contains("answer") }
        }

        /// The state of an active `walker`; `start` tells the walk's day and history apart.
        func state(of walker: Walker, start: Int) -> ExploreState {
            var answers: [Int] = []
            if readsAnswers {
                for step in walker.steps {
                    if case .option(let chosen, _) = step.answer { answers += [step.nodeIndex, chosen] }
                }
            }
            let recorded = walker.entries.map(\.habitKey).filter { visible.contains($0) }.sorted()
            return ExploreState(start: start, frontier: walker.frontier, recorded: recorded, answers: answers)
        }
    }
}
