/// SPEC §13.5: counts and lists a routine's combinations of answers with its conditions
/// and schedules, on the days given (each of the seven weekdays, or one day).
///
/// A combination (a sequence of answered questions) may be walked differently on
/// different days, and differently again where a condition is unknown (the history
/// without `--day`; whether a habit is done or skipped in the run). So a partial
/// combination's state is the *set* of runs it may be: each a day, a frontier of
/// activated nodes (with the ones an answer led to, for optional habits, §13.4) and the
/// answers the conditions read. At a question, the combination either answers it (only
/// the runs that ask it and offer that option go on) or does not (only the runs that do
/// not ask it go on); a combination counts when one of its runs reaches the end. Equal
/// states have equal continuations, so they merge and their counts add, as in
/// `PathCounter`. Exact; a budget on distinct states stops it with `tooComplex`.
struct DayPathCounter {
    struct Run: Hashable, Comparable {
        var day: Int
        var frontier: [Int]
        var led: [Int]
        /// (position, option) of the answers conditions read, by position.
        var answers: [Int]

        static func < (a: Run, b: Run) -> Bool {
            if a.day != b.day { return a.day < b.day }
            if a.frontier != b.frontier { return a.frontier.lexicographicallyPrecedes(b.frontier) }
            if a.led != b.led { return a.led.lexicographicallyPrecedes(b.led) }
            return a.answers.lexicographicallyPrecedes(b.answers)
        }
    }

    typealias State = [Run]

    let graph: PathGraph
    let routine: Routine
    let days: [DayContext]
    let historyKnown: Bool
    let knownDone: Set<HabitKey>
    let habitSpecs: [HabitKey: HabitSpec]
    let conditions: RoutineConditions
    /// Positions of the questions whose answers some condition reads.
    let referenced: Set<Int>

    init(
        _ routine: Routine, days: [DayContext], historyKnown: Bool, knownDone: Set<HabitKey>,
        habitSpecs: [HabitKey: HabitSpec]
    ) {
        self.routine = routine
        self.graph = PathGraph(routine)
        self.days = days
        self.historyKnown = historyKnown
        self.knownDone = knownDone
        self.habitSpecs = habitSpecs
        self.conditions = RoutineConditions(routine)
        var positions: [String: Int] = [:]
        for (position, entry) in graph.entries.enumerated() { positions[routine.nodes[entry.node].id] = position }
        var referenced = Set<Int>()
        func visit(_ expr: ConditionExpr) {
            switch expr {
            case .or(let terms), .and(let terms): terms.forEach(visit)
            case .compare(_, let a, let b, _):
                visit(a)
                visit(b)
            case .not(let inner, _): visit(inner)
            case .member(let left, let items, _):
                visit(left)
                items.forEach(visit)
            case .call(.answer, let arguments, _):
                if let id = arguments.first?.text, let position = positions[id] { referenced.insert(position) }
            default: break
            }
        }
        (Array(conditions.node.values) + conditions.options.values.flatMap(\.values)).forEach(visit)
        self.referenced = referenced
    }

    var start: State {
        days.indices.map { Run(day: $0, frontier: graph.start, led: [], answers: []) }
    }

    /// What happens at position `p` to the state's runs: one successor for a habit; for a
    /// question, one per option, then the "not answered" one (none where no run goes on).
    func successors(of state: State, at p: Int) -> [(State, option: Int?)] {
        let entry = graph.entries[p]
        let node = routine.nodes[entry.node]
        if entry.habit != nil || entry.options.isEmpty {
            var next: [Run] = []
            for run in state {
                guard run.frontier.first == p else {
                    next.append(run)
                    continue
                }
                for open in gates(run, at: p) { next.append(advance(run, at: p, open: open, option: nil)) }
            }
            return [(Self.normalized(next), nil)]
        }
        var notAsked: [Run] = []
        var asked: [Run] = []
        for run in state {
            guard run.frontier.first == p else {
                notAsked.append(run)
                continue
            }
            for open in gates(run, at: p) {
                if open { asked.append(run) } else { notAsked.append(advance(run, at: p, open: false, option: nil)) }
            }
        }
        var result: [(State, Int?)] = []
        if case .question(_, let options) = node.body {
            for option in options.indices {
                let runs = asked.filter { offer(option, of: entry.node, in: $0) != false }.map {
                    advance($0, at: p, open: true, option: option)
                }
                if !runs.isEmpty { result.append((Self.normalized(runs), option)) }
            }
        }
        if !notAsked.isEmpty { result.append((Self.normalized(notAsked), nil)) }
        return result
    }

    static func normalized(_ runs: [Run]) -> State { Array(Set(runs)).sorted() }

    /// Whether the node at `p` is asked in `run`: `[true]`, `[false]`, or both when unknown.
    func gates(_ run: Run, at p: Int) -> [Bool] {
        let entry = graph.entries[p]
        let index = entry.node
        let led = run.led.contains(p)
        var key: HabitKey?
        if let habit = entry.habit { key = graph.habits.keys[habit] }
        if let key, knownDone.contains(key) { return [true] }
        var when: Bool? = true
        if let expr = conditions.node[index] { when = ConditionEvaluator.truth(expr, in: environment(run)) }
        if when == false { return [false] }
        var due: Bool? = true
        if let key {
            let context = days[run.day]
            let status = context.dueStatus(key, declared: habitSpecs[key]?.schedule)
            switch status {
            case .due: due = true
            case .archived: return [false]
            case .paused: due = historyKnown ? (led ? true : false) : true
            case .notScheduled(let schedule):
                if case .every = schedule, !historyKnown { due = led ? true : nil } else { due = led }
            case .frequencyMet:
                due = historyKnown ? led : (led ? true : nil)
            }
        } else if case .question(_, let options) = routine.nodes[index].body {
            let offers = options.indices.map { offer($0, of: index, in: run) }
            if offers.allSatisfy({ $0 == false }) { return [false] }
            if !offers.contains(true) { due = nil }
        }
        switch (when, due) {
        case (true, true): return [true]
        case (_, false): return [false]
        default: return [true, false]
        }
    }

    private func offer(_ option: Int, of node: Int, in run: Run) -> Bool? {
        guard let expr = conditions.options[node]?[option] else { return true }
        return ConditionEvaluator.truth(expr, in: environment(run))
    }

    private func advance(_ run: Run, at p: Int, open: Bool, option: Int?) -> Run {
        var next = run
        guard open else {
            next.frontier = PathGraph.advance(run.frontier, adding: [])
            next.led.removeAll { $0 == p }
            return next
        }
        let entry = graph.entries[p]
        let chosen = option.map { entry.options[$0] } ?? []
        next.frontier = PathGraph.advance(run.frontier, adding: entry.always, and: chosen)
        var led = Set(run.led)
        led.remove(p)
        led.formUnion(chosen)
        if run.led.contains(p) { led.formUnion(entry.always) }
        next.led = led.sorted()
        if let option, referenced.contains(p) { next.answers += [p, option] }
        return next
    }

    private func environment(_ run: Run) -> PathEnvironment {
        var answers: [String: String] = [:]
        var index = 0
        while index + 1 < run.answers.count {
            let entry = graph.entries[run.answers[index]]
            if case .question(_, let options) = routine.nodes[entry.node].body, run.answers[index + 1] < options.count {
                answers[routine.nodes[entry.node].id] = options[run.answers[index + 1]].text
            }
            index += 2
        }
        return PathEnvironment(
            context: days[run.day], historyKnown: historyKnown, answers: answers, habitSpecs: habitSpecs,
            knownDone: knownDone)
    }
}

/// What a condition reads in path analysis: the day (its weekday always; its history only
/// with `--day`), the answers fixed along the path; what the run records is unknown.
struct PathEnvironment: ForwardingEnvironment {
    let context: DayContext
    let historyKnown: Bool
    let answers: [String: String]
    let habitSpecs: [HabitKey: HabitSpec]
    let knownDone: Set<HabitKey>

    var inner: WalkerEnvironment {
        WalkerEnvironment(
            context: context, steps: [], entries: [], knownDone: knownDone, doneByRun: [], habitSpecs: habitSpecs)
    }

    var weekday: Weekday { Weekday(context.day) }
    func answer(_ node: String) -> String { answers[node] ?? "" }

    func knows(_ function: ConditionFunction, _ subject: String, daysBack: Int) -> Bool {
        switch function {
        case .answer where daysBack > 0: historyKnown
        case .answer: true
        case .done where daysBack == 0, .weekCount, .weekSum: knownDone.contains(HabitKey(subject))
        case .due:
            // A `days:` schedule is known from the weekday; the rest reads the history.
            historyKnown || { if case .days = habitSpecs[HabitKey(subject)]?.schedule { true } else { false } }()
        default: historyKnown
        }
    }
}

extension DayPathCounter {
    /// The first position any run of `state` visits next; nil when every run is finished.
    static func next(_ state: State) -> Int? { state.compactMap { $0.frontier.first }.min() }

    /// The number of combinations possible on at least one of the days.
    func count(budget: Int) throws(PathAnalysisError) -> BigCount {
        var buckets: [Int: [State: BigCount]] = [:]
        var total = BigCount.zero
        var expanded = 0
        func deliver(_ state: State, _ runs: BigCount) {
            guard !state.isEmpty else { return }
            guard let first = Self.next(state) else {
                total += runs
                return
            }
            if let existing = buckets[first]?[state] {
                buckets[first]?[state] = existing + runs
            } else {
                buckets[first, default: [:]][state] = runs
            }
        }
        deliver(start, .one)
        for position in graph.entries.indices {
            guard let bucket = buckets.removeValue(forKey: position) else { continue }
            for (state, runs) in bucket {
                expanded += 1
                if expanded > budget { throw .tooComplex(frontiers: expanded) }
                for (next, _) in successors(of: state, at: position) { deliver(next, runs) }
            }
        }
        return total
    }

    /// The first `limit` combinations (options in declared order, "not answered" last),
    /// each with the days it is possible on and the habits some run of it asks.
    func list(limit: Int) -> [(PathAnalysis.Combination, days: [Int])] {
        var result: [(PathAnalysis.Combination, days: [Int])] = []
        guard limit > 0 else { return result }
        var stack: [(State, [PathAnalysis.Answer], [Int])] = [(start, [], [])]
        var steps = 0
        while let (state, answers, habits) = stack.popLast(), steps < 1_000_000 {
            steps += 1
            guard let position = Self.next(state) else {
                let names = habits.map { graph.habits.names[$0] }
                result.append(
                    (PathAnalysis.Combination(answers: answers, habits: names), Set(state.map(\.day)).sorted()))
                if result.count >= limit { break }
                continue
            }
            let entry = graph.entries[position]
            var seen = habits
            if let habit = entry.habit, !seen.contains(habit),
                state.contains(where: { $0.frontier.first == position && gates($0, at: position).contains(true) })
            {
                seen.append(habit)
            }
            let node = routine.nodes[entry.node]
            for (next, option) in successors(of: state, at: position).reversed() where !next.isEmpty {
                var chosen = answers
                if let option, case .question(let text, let options) = node.body {
                    chosen.append(PathAnalysis.Answer(node: node.id, question: text, option: options[option].text))
                }
                stack.append((next, chosen, seen))
            }
        }
        return result
    }
}
