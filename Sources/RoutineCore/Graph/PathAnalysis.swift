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
        /// The weekdays it is possible on, when the analysis looked at the seven of them
        /// and it is not possible on all (SPEC §13.5); nil otherwise.
        public var weekdays: [Weekday]? = nil
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

extension PathAnalysis {
    /// SPEC §13.5: the analysis with the routine's conditions and schedules evaluated on
    /// `days` — the seven weekdays (one context each, `historyKnown` false: conditions
    /// on the history are unknown) or the one day of `--day` (its history known).
    /// Combinations count when possible on at least one of the days; a habit is on
    /// `every` combination when a run certainly asks it on every day, on `none` when no
    /// run can ask it on any day. The longest chain is that of every option offered.
    public init(
        _ routine: Routine, days: [DayContext], historyKnown: Bool, knownDone: Set<HabitKey> = [],
        habitSpecs: [HabitKey: HabitSpec] = [:], listing limit: Int? = nil, budget: Int = PathAnalysis.defaultBudget
    ) throws(PathAnalysisError) {
        try self.init(routine, listing: nil, budget: budget)
        let counter = DayPathCounter(
            routine, days: days, historyKnown: historyKnown, knownDone: knownDone, habitSpecs: habitSpecs)
        combinations = try counter.count(budget: budget)
        if historyKnown, let day = days.first, days.count == 1 {
            longestChain = try PathCounter.count(
                PathGraph(routine.pruned(for: day, habitSpecs: habitSpecs)), budget: budget
            ).longestChain
        }
        let walker = Walker(routine: routine, dayKey: days.first?.day ?? DayKey(ordinal: 0), habitSpecs: habitSpecs)
        var certainEvery = Set<HabitKey>()
        var askedSome = Set<HabitKey>()
        for (number, day) in days.enumerated() {
            let outlook = walker.startingAfresh(on: day.day, alreadyDone: knownDone).outlook(
                context: day, historyKnown: historyKnown)
            var certain = Set<HabitKey>()
            for habit in outlook.habits {
                switch habit.outlook {
                case .certain, .alreadyDone, .done: certain.insert(habit.key)
                case .notDue: break
                default: askedSome.insert(habit.key)
                }
            }
            certainEvery = number == 0 ? certain : certainEvery.intersection(certain)
            askedSome.formUnion(certain)
        }
        habits = habits.map { coverage in
            var changed = coverage
            let key = HabitKey(coverage.habit)
            changed.on = certainEvery.contains(key) ? .every : askedSome.contains(key) ? .some : .none
            return changed
        }
        if let limit {
            let allWeek = days.count == 7 && !historyKnown
            paths = counter.list(limit: limit).map { combination, numbers in
                var listed = combination
                if allWeek, numbers.count < 7 { listed.weekdays = numbers.map { Weekday(days[$0].day) } }
                return listed
            }
        }
    }

    /// `routine paths` without `--day` (SPEC §13.5): a routine with conditions or schedules
    /// on each of the seven days of the week that holds `day` (the caller's today: a
    /// schedule such as `every: 3` falls on dates, not only on weekdays), its history
    /// unknown; one without, as it stands (the counter of `init(_:listing:)`, which a
    /// 100,000-node graph affords). The one decision `paths`, the language server's hover
    /// and any other reader share.
    public static func overTheWeek(
        of day: DayKey, _ routine: Routine, habitSpecs: [HabitKey: HabitSpec] = [:],
        schedules: [HabitKey: Schedule]? = nil,
        archived: Set<HabitKey> = [], listing limit: Int? = nil, budget: Int = PathAnalysis.defaultBudget
    ) throws(PathAnalysisError) -> PathAnalysis {
        let conditional =
            routine.nodes.contains { node in
                if node.when != nil { return true }
                if case .question(_, let options) = node.body { return options.contains { $0.when != nil } }
                return false
            }
            || routine.habits.contains { $0.schedule != nil }
            || routine.reachableHabitNames().contains {
                habitSpecs[HabitKey($0)]?.schedule != nil || schedules?[HabitKey($0)] != nil
            }
        guard conditional else { return try PathAnalysis(routine, listing: limit, budget: budget) }
        return try PathAnalysis(
            routine, days: week(of: day, schedules: schedules, archived: archived), historyKnown: false,
            habitSpecs: habitSpecs, listing: limit, budget: budget)
    }

    /// The seven days of the week that holds `day`, Monday first, for
    /// `init(_:days:historyKnown:…)`.
    public static func week(
        of day: DayKey, schedules: [HabitKey: Schedule]? = nil, archived: Set<HabitKey> = []
    ) -> [DayContext] {
        let monday = day.adding(days: -day.weekday)
        return (0..<7).map { offset in
            var context = DayContext(day: monday.adding(days: offset), schedules: schedules)
            context.archived = archived
            return context
        }
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
