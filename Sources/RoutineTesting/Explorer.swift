import RoutineCore

/// `routine test --explore FILE` (SPEC §15.1): walks a routine on each weekday, through
/// every answer combination, and reports what no walk did — options never offered, nodes
/// never reached or never asked, conditions always true or always false, habits never
/// recorded — at their places in the file.
///
/// Each weekday is walked under two histories, so that conditions reading the past can
/// come out both ways: none (nothing ever done before the day) and full (every habit the
/// routine names done on each of the 60 days before). At a habit, both done and skip are
/// tried when a condition reads that habit or another node asks it again; otherwise only
/// done (skipping it changes nothing a later node sees). Walks that reach the same
/// `ExploreState` are walked on from once. The walks are bounded (`bound` answers in
/// all); when the bound is hit the report says so, and its "never" findings may be false.
public struct Explorer: Sendable {
    /// The report: the findings, how many walks were made, and whether every one was.
    public struct Report: Sendable {
        public var findings: [ExploreFinding]
        public var walks: Int
        public var complete: Bool
        public var bound: Int
    }

    /// The week explored: Monday 2026-01-05 to Sunday 2026-01-11.
    static let week = (0..<7).map { DayKey(ordinal: 20_458 + $0) }
    static let historyDays = 60

    let routine: Routine
    let places: RoutinePlaces
    let bound: Int
    var tally: ExploreTally
    var answersGiven = 0
    var walks = 0

    public init(routine: Routine, draft: RoutineDraft?, bound: Int = 200_000) {
        self.routine = routine
        self.places = RoutinePlaces(routine: routine, draft: draft)
        self.bound = bound
        self.tally = ExploreTally(routine: routine)
    }

    /// Explores, and reports.
    public static func explore(_ routine: Routine, draft: RoutineDraft?, bound: Int = 200_000) -> Report {
        var explorer = Explorer(routine: routine, draft: draft, bound: bound)
        let complete = explorer.run()
        return Report(
            findings: explorer.tally.findings(places: explorer.places, complete: complete), walks: explorer.walks,
            complete: complete,
            bound: bound)
    }

    /// Walks every day and history; false when the bound stopped it.
    mutating func run() -> Bool {
        // Skip changes what comes later only for a habit a condition reads, or one that
        // another node asks again (asked there only if skipped here).
        var branching = Set(routine.conditionHabitNames.map { HabitKey($0) })
        var seen = Set<HabitKey>()
        for node in routine.nodes {
            if case .habit(let name) = node.body, !seen.insert(HabitKey(name)).inserted {
                branching.insert(HabitKey(name))
            }
        }
        let shape = ExploreState.Shape(routine: routine, visible: branching)
        var seenStates = Set<ExploreState>()
        for (number, day) in Self.week.enumerated() {
            for full in [false, true] {
                let start = Walker(routine: routine, dayKey: day, context: context(day, full: full))
                let walked = walk(
                    from: start, branching: branching, shape: shape, history: number * 2 + (full ? 1 : 0),
                    seen: &seenStates)
                if !walked { return false }
            }
        }
        return true
    }

    /// Depth first over the answers, with an explicit stack (a deep routine must not
    /// exhaust the call stack). A walk that comes to a state already walked on from ends
    /// there: what follows was seen (`ExploreState`); what came before is tallied.
    private mutating func walk(
        from start: Walker, branching: Set<HabitKey>, shape: ExploreState.Shape, history number: Int,
        seen: inout Set<ExploreState>
    ) -> Bool {
        var stack = [start]
        while let walker = stack.popLast() {
            guard let prompt = walker.prompt else {
                walks += 1
                tally.finished(walker)
                continue
            }
            if !seen.insert(shape.state(of: walker, start: number)).inserted {
                walks += 1
                tally.finished(walker)
                continue
            }
            tally.asked(prompt)
            for line in answers(to: prompt, branching: branching) {
                guard answersGiven < bound else { return false }
                answersGiven += 1
                var next = walker
                if case .answered = next.handle(line) { stack.append(next) }
            }
        }
        return true
    }

    /// The lines that take each way on from a prompt.
    private func answers(to prompt: Prompt, branching: Set<HabitKey>) -> [String] {
        switch prompt.kind {
        case .question:
            return prompt.options.indices.reversed().map { String(prompt.number(ofOffered: $0)) }
        case .habit:
            let done = prompt.isQuantity ? JSONValue.numberText(prompt.target ?? 1) : "y"
            return branching.contains(HabitKey(prompt.text)) ? ["n", done] : [done]
        }
    }

    /// Nothing before `day`, or every habit the routine names done on each of the 60 days before.
    private func context(_ day: DayKey, full: Bool) -> DayContext {
        guard full else { return .empty(day) }
        var history: [HabitKey: [DayTally]] = [:]
        for name in routine.contextHabitNames {
            let spec = routine.spec(forHabit: name)
            let value = spec?.measure == nil ? 0 : (spec?.target ?? 1)
            history[HabitKey(name)] = (1...Self.historyDays).map {
                DayTally(day: day.adding(days: -$0), count: 1, sum: value)
            }
        }
        return DayContext(day: day, history: history)
    }
}
