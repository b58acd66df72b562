/// What a run knows of the person's history when a node's turn comes (SPEC §10.4): the
/// host's snapshot of entries per habit up to the run's DayKey, and the pauses. The
/// walker reads it to decide due-ness (and conditions); it never writes it.
///
/// Not part of a saved run: the host builds a fresh one when a run starts and when it
/// resumes (`Walker.refreshContext`), so nodes not yet reached are evaluated afresh.
/// The run's own entries are not in it (the walker adds them itself), so a context
/// rebuilt on resume must leave the run's entries out (`excludingRun`).
public struct DayContext: Sendable, Equatable {
    /// The run's DayKey.
    public var day: DayKey
    /// Live entries per habit key (`HabitName.key`), one tally per DayKey ≤ `day`, ascending.
    public var history: [HabitKey: [DayTally]]
    public var pauses: [PauseSpan]
    /// The host's current schedules by habit key (a habit absent is daily); nil when the
    /// host has none (a file not in any store): the routine's declarations are used.
    /// A schedule changed since a run started is seen when the run resumes.
    public var schedules: [HabitKey: Schedule]?
    /// Keys of archived habits: never due in a run (SPEC §11).
    public var archived: Set<HabitKey> = []
    /// The habits whose done days follow a day target (SPEC §18.1), by key; a habit absent
    /// is done on a day with any entry. The host's, else the routine's declarations'.
    public var doneRules: [HabitKey: DoneRule] = [:]
    /// The routine's past answers (SPEC §14.4) for the questions its conditions read with
    /// `answer(NODE, N)` or `answered(…)`: by node id, the answer that stands for each
    /// DayKey before `day` (the last one recorded that day), as far back as they look.
    public var pastAnswers: [String: [DayKey: String]] = [:]
    /// The current streak as of `day` − 1 of each habit a condition reads with
    /// `streak(H)`, as the host's ledger of states gives it (SPEC §17.2: what `stats`
    /// says of D − 1); a habit absent has none. Nil when the host has no ledger (a file
    /// walked without a store, a test file's history): the states the habit's schedule and
    /// pauses give over `history` stand in (`scheduleStats`).
    public var streaks: [HabitKey: Int]?

    /// - Parameter history: tallies in any order; they are sorted and keys folded here.
    public init(
        day: DayKey, history: [HabitKey: [DayTally]] = [:], pauses: [PauseSpan] = [],
        schedules: [HabitKey: Schedule]? = nil
    ) {
        self.schedules = schedules.map {
            $0
        }
        self.day = day
        var folded: [HabitKey: [DayTally]] = [:]
        for (key, tallies) in history {
            folded[key, default: []].append(contentsOf: tallies.filter { $0.day <= day })
        }
        self.history = folded.mapValues { $0.sorted { $0.day < $1.day } }
        self.pauses = pauses
    }

    /// An empty history: what a dry run of a file that touches no store knows.
    public static func empty(_ day: DayKey) -> DayContext { DayContext(day: day) }

    /// The tallies of one habit.
    public func tallies(_ habit: HabitKey) -> [DayTally] {
        history[habit] ?? []
    }

    /// The habit's rule for a done day.
    public func doneRule(_ habit: HabitKey) -> DoneRule { doneRules[habit] ?? .anyEntry }

    /// Whether the habit's entries on a day (its tally) make it done.
    func isDone(_ tally: DayTally, rule: DoneRule) -> Bool { rule.isDone(count: tally.count, sum: tally.sum) }

    /// The habit's last done DayKey before `before` (SPEC §17.1's done: any entry, or its
    /// day target met; under an at-most limit a day without entries is done too).
    public func lastDone(_ habit: HabitKey, before: DayKey) -> DayKey? {
        let rule = doneRule(habit)
        let tallies = tallies(habit)
        guard rule.emptyDayIsDone else { return tallies.last { $0.day < before && isDone($0, rule: rule) }?.day }
        // Under a limit, the latest day before that did not exceed it.
        var day = before.adding(days: -1)
        for tally in tallies.reversed() where tally.day <= day {
            guard tally.day == day, !isDone(tally, rule: rule) else { break }
            day = day.adding(days: -1)
        }
        return day
    }

    /// The number of done DayKeys among the `k` DayKeys before `day` (a frequency's
    /// window, SPEC §18.1).
    public func doneCount(_ habit: HabitKey, inLast k: Int, before day: DayKey) -> Int {
        guard k > 0 else { return 0 }
        let rule = doneRule(habit)
        let tallies = tallies(habit)
        let inWindow = tallies[Self.lowerBound(tallies, day.adding(days: -k))..<Self.lowerBound(tallies, day)]
        let done = inWindow.reduce(0) { $0 + (isDone($1, rule: rule) ? 1 : 0) }
        return rule.emptyDayIsDone ? k - (inWindow.count - done) : done
    }

    /// The index of the first tally on or after `day` (tallies are ascending).
    static func lowerBound(_ tallies: [DayTally], _ day: DayKey) -> Int {
        var (low, high) = (0, tallies.count)
        while low < high {
            let middle = (low + high) / 2
            if tallies[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// True when a pause covers the habit on `day`.
    public func isPaused(_ habit: HabitKey, on day: DayKey) -> Bool {
        pauses.contains { $0.covers(habit, on: day) }
    }

    /// Due-ness of a habit on the run's day, by its schedule (the host's when it has
    /// them, else `declared`) and the pauses.
    public func dueStatus(_ habit: HabitKey, declared: Schedule?) -> DueStatus {
        if archived.contains(habit) { return .archived }
        let schedule = schedules.map { $0[habit] } ?? declared
        return Due.status(
            schedule: schedule, paused: isPaused(habit, on: day), day: day,
            lastDoneBefore: lastDone(habit, before: day),
            doneInLast: { doneCount(habit, inLast: $0, before: day) })
    }
}

/// The live entries of one habit on one DayKey: how many, and the sum of their values.
public struct DayTally: Sendable, Equatable, Hashable {
    public var day: DayKey
    public var count: Int
    public var sum: Double

    public init(day: DayKey, count: Int = 1, sum: Double = 0) {
        self.day = day
        self.count = count
        self.sum = sum
    }

    /// Counts one more live entry with `value` (missing and non-finite values add 0).
    public mutating func add(_ value: Double?) {
        count += 1
        sum += MetricNumber.sample(value)
    }
}

extension Routine {
    /// Every habit a run of this routine may read the history of: habit nodes, declared
    /// habits and habits named in conditions, without repeats (by `HabitName.key`).
    public var contextHabitNames: [String] {
        var seen = Set<HabitKey>()
        var names: [String] = []
        func add(_ name: String) {
            if !name.isEmpty, seen.insert(HabitKey(name)).inserted { names.append(name) }
        }
        for node in nodes {
            if case .habit(let name) = node.body { add(name) }
        }
        for habit in habits { add(habit.name) }
        conditionHabitNames.forEach(add)
        return names
    }

    /// The question nodes whose past answers the conditions read (`answer(NODE, N)`,
    /// `answered(NODE, TEXT, DAYS)`), and how many days back they look at most.
    public var conditionPastAnswers: (nodes: [String], depth: Int) {
        var nodes: [String] = []
        var depth = 0
        forEachConditionCall { function, arguments in
            let days: String? =
                switch function {
                case .answer where arguments.count == 2: arguments[1].text
                case .answered where arguments.count == 3: arguments[2].text
                default: nil
                }
            guard let days else { return }
            if !nodes.contains(arguments[0].text) { nodes.append(arguments[0].text) }
            depth = max(depth, min(99_999, Int(days) ?? 0))
        }
        return (nodes, depth)
    }

    /// Calls `body` with every function call in the routine's conditions.
    func forEachConditionCall(_ body: (ConditionFunction, [ConditionArgument]) -> Void) {
        let conditions = RoutineConditions(self)
        func visit(_ expr: ConditionExpr) {
            switch expr {
            case .or(let terms), .and(let terms): terms.forEach(visit)
            case .compare(_, let left, let right, _):
                visit(left)
                visit(right)
            case .not(let inner, _): visit(inner)
            case .member(let left, let items, _):
                visit(left)
                items.forEach(visit)
            case .call(let function, let arguments, _): body(function, arguments)
            default: break
            }
        }
        (Array(conditions.node.values) + conditions.options.values.flatMap(\.values)).forEach(visit)
    }

    /// The furthest back a condition looks with `done(H, N)` (0 without one): a host
    /// that reads a window of history reads at least this much.
    public var conditionDepth: Int {
        var depth = 0
        forEachConditionCall { function, arguments in
            if function == .done, arguments.count > 1 { depth = max(depth, Int(arguments[1].text) ?? Int.max) }
        }
        return depth
    }

    /// The habits the routine's conditions read with `streak(H)`, without repeats (by
    /// `HabitName.key`): the ones whose states a host reads from its ledger before a walk.
    public var conditionStreakHabits: [HabitKey] {
        var keys: [HabitKey] = []
        forEachConditionCall { function, arguments in
            guard function == .streak, let name = arguments.first?.text else { return }
            let key = HabitKey(name)
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The habits named in the routine's conditions: the ones whose history a run
    /// reads besides `every:` habits.
    public var conditionHabitNames: [String] {
        let conditions = RoutineConditions(self)
        return (Array(conditions.node.values) + conditions.options.values.flatMap(\.values)).flatMap(\.habitNames)
    }
}
