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

    /// The habit's last DayKey with a live entry before `before`.
    public func lastDone(_ habit: HabitKey, before: DayKey) -> DayKey? {
        tallies(habit).last { $0.day < before }?.day
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
            schedule: schedule, paused: isPaused(habit, on: day), day: day, lastDoneBefore: lastDone(habit, before: day)
        )
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

    /// The furthest back a condition looks with `done(H, N)` (0 without one): a host
    /// that reads a window of history reads at least this much.
    public var conditionDepth: Int {
        let conditions = RoutineConditions(self)
        var depth = 0
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
            case .call(.done, let arguments, _) where arguments.count > 1:
                depth = max(depth, Int(arguments[1].text) ?? Int.max)
            default: break
            }
        }
        (Array(conditions.node.values) + conditions.options.values.flatMap(\.values)).forEach(visit)
        return depth
    }

    /// The habits named in the routine's conditions: the ones whose history a run
    /// reads besides `every:` habits.
    public var conditionHabitNames: [String] {
        let conditions = RoutineConditions(self)
        return (Array(conditions.node.values) + conditions.options.values.flatMap(\.values)).flatMap(\.habitNames)
    }
}
