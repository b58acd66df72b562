/// What an author wants to know about a routine before using it (SPEC §4.5): how many
/// distinct combinations of question answers it has, the longest chain of prompts, and
/// for each habit whether every, some or no combination records it; optionally the
/// first combinations themselves.
///
/// Definitions (see `docs/visit-order.md`):
/// - A *combination* is one way to answer the questions a run asks; habits' answers
///   (done, skipped, already done) do not change which nodes a run visits, so the
///   combinations are exactly the distinct runs. A routine without questions has one.
/// - The *longest chain* is the most prompts one run can show: the most nodes a single
///   run visits (a habit already done is stepped over, so a real run may show fewer).
/// - A habit is *on* a combination when the run visits one of its nodes. Habits are
///   listed in the order a run first meets them, then the ones no run visits.
///
/// Everything is exact; nothing is enumerated to count (see `PathCounter` for the cost).
public struct PathAnalysis: Sendable, Equatable {
    public enum Coverage: String, Sendable, Codable {
        case every
        case some
        case none
    }

    public struct HabitCoverage: Sendable, Equatable {
        public var habit: String
        public var on: Coverage
    }

    /// One answered question of a listed combination.
    public struct Answer: Sendable, Equatable {
        public var node: String
        public var question: String
        public var option: String
    }

    /// One listed combination: the answers chosen, in visit order, and the habits the
    /// run visits (each once, in visit order, by shown name).
    public struct Combination: Sendable, Equatable {
        public var answers: [Answer]
        public var habits: [String]
    }

    /// The default cap on the number of distinct frontiers the counter may expand.
    public static let defaultBudget = 2_000_000

    public var routine: String
    public var title: String
    public var combinations: BigCount
    public var longestChain: Int
    public var habits: [HabitCoverage]
    /// The first combinations in listing order, when a limit was given.
    public var paths: [Combination]?

    /// Analyses `routine`. With `limit`, also lists its first `limit` combinations in a
    /// fixed order: options are tried in declared order, earlier questions (in visit
    /// order) varying slowest. Throws `tooComplex` when counting would need more than
    /// `budget` distinct frontiers (see `PathCounter`).
    ///
    /// Conditions and schedules are unknown here (SPEC §10.4): a node with a `when:`, a
    /// habit with a schedule (declared, or named in `scheduled` by `HabitName.key`) and
    /// a question whose every option has a `when:` may be not due, so no habit behind
    /// one is on `every` combination; combinations count every option. To see one
    /// day, analyse `routine.pruned(for:)`.
    public init(
        _ routine: Routine, listing limit: Int? = nil, budget: Int = PathAnalysis.defaultBudget,
        scheduled: Set<HabitKey> = []
    )
        throws(PathAnalysisError)
    {
        let declared = routine.habits.filter { $0.schedule != nil }.map { HabitKey($0.name) }
        let graph = PathGraph(routine, scheduled: scheduled.union(declared))
        let counted = try PathCounter.count(graph, budget: budget)
        self.routine = routine.slug
        self.title = routine.displayTitle
        self.combinations = counted.combinations
        self.longestChain = counted.longestChain
        let coverage = PathCoverage.classify(graph)
        var order: [Int] = []
        var listed = [Bool](repeating: false, count: graph.habits.count)
        for entry in graph.entries {
            if let habit = entry.habit, !listed[habit] {
                listed[habit] = true
                order.append(habit)
            }
        }
        order += (0..<graph.habits.count).filter { !listed[$0] }
        habits = order.map { HabitCoverage(habit: graph.habits.names[$0], on: coverage[$0]) }
        paths = limit.map { PathLister.list(graph, routine: routine, limit: $0) }
    }
}

/// Why a routine could not be analysed.
public enum PathAnalysisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Counting exactly needed more distinct frontiers than the budget allowed.
    case tooComplex(frontiers: Int)

    public var description: String {
        switch self {
        case .tooComplex(let frontiers):
            "the routine has too many branches that stay apart to analyse exactly (more than \(frontiers - 1) distinct partial runs)"
        }
    }
}
