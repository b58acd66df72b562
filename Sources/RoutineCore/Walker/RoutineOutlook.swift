/// How a habit node of a routine stands for a run on a day (SPEC §13.1).
public enum NodeOutlook: Sendable, Equatable {
    /// Every way the rest of the walk can go asks it.
    case certain
    /// Some way asks it and some does not; `dependsOn` says on what (an answer not yet
    /// given, or a condition the run itself can still change).
    case possible(dependsOn: String)
    /// Not due by its schedule or a pause, but an answer may lead to it (SPEC §13.4):
    /// asked if reached, never counted as due.
    case optional(reason: String)
    /// No way asks it on the day; why (`schedule: tue, thu`, `paused`, `archived`,
    /// `when: …`, `not reached`).
    case notDue(reason: String)
    /// Recorded by the run.
    case done
    /// Already done on the day when its turn came (or will come).
    case alreadyDone
    case skipped
    case declined

    /// The class's name in JSON (`certain`, `possible`, `optional`, `not-due`, `done`,
    /// `skipped`, `declined`; a habit already done is `done`).
    public var name: String {
        switch self {
        case .certain: "certain"
        case .possible: "possible"
        case .optional: "optional"
        case .notDue: "not-due"
        case .done, .alreadyDone: "done"
        case .skipped: "skipped"
        case .declined: "declined"
        }
    }

    /// Which of two classes a habit with several nodes shows: what was done first, then
    /// what is most certainly asked.
    var rank: Int {
        switch self {
        case .done: 0
        case .alreadyDone: 1
        case .certain: 2
        case .possible: 3
        case .optional: 4
        case .skipped: 5
        case .declined: 6
        case .notDue: 7
        }
    }
}

/// What a run of a routine asks on one day, node by node and habit by habit (SPEC
/// §13.1): the one answer that `today`, `plan`, the due-aware figures and `routine test`
/// read, computed from the same walker a run uses (`Walker.outlook()`).
public struct RoutineOutlook: Sendable, Equatable {
    /// One habit of the routine: the best class among its nodes (see `NodeOutlook.rank`).
    public struct Habit: Sendable, Equatable {
        public var key: HabitKey
        /// The shown name.
        public var name: String
        public var outlook: NodeOutlook
    }

    /// The class of each habit node, by node index.
    public var nodes: [Int: NodeOutlook]
    /// One row per habit, in visit order.
    public var habits: [Habit]

    /// The habits of one class.
    public func habits(where test: (NodeOutlook) -> Bool) -> [Habit] { habits.filter { test($0.outlook) } }

    /// Keys of the habits a run on the day certainly asks.
    public var certainKeys: Set<HabitKey> {
        Set(habits.filter { $0.outlook == .certain }.map(\.key))
    }
}
