/// One habit's states day by day (SPEC §17.1), as the ledger computed them, and the
/// figures SPEC §17.2 derives from them: streaks and momentum count states, never
/// entries or schedules directly, so every view that reads them agrees.
///
/// Days from `first` are held densely up to the last day the ledger evaluated; a few
/// later days (after today: a day asked for, a day with an entry) may be held sparsely,
/// so a day far ahead costs nothing for the days in between (they are not over: nothing
/// there extends or breaks a streak).
public struct HabitDays: Sendable, Equatable {
    /// The ordinal (`DayKey.ordinal`) of `states[0]`: the habit's first day.
    public var first: Int
    /// `states[i]` is the state on `first + i`.
    public var states: [DayState]
    /// States of days after the dense ones, by ordinal.
    public var sparse: [Int: DayState]
    /// The done (or partial) days on which the habit was also due (a done day counts as
    /// done either way; `stats` still says whether it was due, and a partial day that was
    /// due counts in momentum's denominator), ascending: a ledger notes them in day order,
    /// which an array holds without hashing each.
    private var dueDoneDays: [Int]

    /// `dueDoneDays` as a set.
    public var dueDone: Set<Int> { Set(dueDoneDays) }

    public init(first: Int, states: [DayState], sparse: [Int: DayState] = [:], dueDone: Set<Int> = []) {
        self.init(first: first, states: states, sparse: sparse, dueDoneAscending: dueDone.sorted())
    }

    /// `dueDoneAscending`: the due and done days, ascending, each once.
    public init(first: Int, states: [DayState], sparse: [Int: DayState] = [:], dueDoneAscending: [Int]) {
        self.first = first
        self.states = states
        self.sparse = sparse
        dueDoneDays = dueDoneAscending
    }

    /// Due on the day: its state is due, or it was due and done.
    public func isDue(_ day: Int) -> Bool {
        if state(day)?.isDue == true { return true }
        var (low, high) = (0, dueDoneDays.count)
        while low < high {
            let middle = (low + high) / 2
            if dueDoneDays[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low < dueDoneDays.count && dueDoneDays[low] == day
    }

    /// The last ordinal held densely.
    public var last: Int { first + states.count - 1 }

    /// The state on the day with ordinal `day`: not due before the first day; nil for a
    /// day after the dense ones that the ledger did not evaluate.
    public func state(_ day: Int) -> DayState? {
        if day < first { return .notDue(.beforeFirstDay) }
        if day <= last { return states[day - first] }
        return sparse[day]
    }

    /// Visits the days evaluated up to `day`, in order (dense, then sparse), in place.
    func forEachEvaluated(through day: Int, _ body: (Int, DayState) -> Void) {
        let end = min(day, last)
        if end >= first {
            for ordinal in first...end { body(ordinal, states[ordinal - first]) }
        }
        guard !sparse.isEmpty else { return }
        for (ordinal, state) in sparse.sorted(by: { $0.key < $1.key }) where ordinal > last && ordinal <= day {
            body(ordinal, state)
        }
    }

    /// SPEC §17.2's figures at the day with ordinal `d`.
    public func figures(at d: Int) -> Figures {
        var current = 0
        var previous = 0
        var best = 0
        forEachEvaluated(through: d) { day, state in
            if day == d { previous = current }
            if state == .done {
                current += 1
                best = max(best, current)
            } else if state.breaksStreak {
                current = 0
            }
        }
        if d > last && sparse[d] == nil { previous = current }
        var momentum = 0
        var counted = 0
        for day in (d - 6)...d {
            guard let state = state(day) else { continue }
            if state == .done { momentum += 1 }
            if state == .done || isDue(day) { counted += 1 }
        }
        return Figures(
            due: isDue(d), currentStreak: current, previousStreak: previous, bestStreak: best,
            momentum: momentum, dueDays: counted)
    }

    /// SPEC §18.1's period streak at the day with ordinal `d`: consecutive windows of
    /// `period` DayKeys, stepping back from `d` (ending at d, d − P, d − 2P …), each with
    /// at least `times` done days.
    public func periodStreak(at d: Int, times: Int, period: Int) -> Int {
        var windows = 0
        var end = d
        while end >= first, doneDays(from: end - period + 1, through: end) >= times {
            windows += 1
            end -= period
        }
        return windows
    }

    /// The done days within `from...through`.
    public func doneDays(from: Int, through: Int) -> Int {
        guard from <= through else { return 0 }
        return (from...through).reduce(0) { $0 + (state($1) == .done ? 1 : 0) }
    }

    /// What `figures(at:)` returns.
    public struct Figures: Sendable, Equatable {
        /// Due on D (open, later, missed or skipped).
        public var due: Bool
        /// Done days since the last break (missed or skipped), walking back from D.
        public var currentStreak: Int
        /// The current streak as it stood at the end of D − 1.
        public var previousStreak: Int
        public var bestStreak: Int
        /// Done days among D−6…D.
        public var momentum: Int
        /// Days among D−6…D that were done or due (momentum's denominator).
        public var dueDays: Int
    }

    /// The states a habit's schedule and pauses alone give (SPEC §10.1–10.2), from its
    /// first done day (or `d`) through `d`: what a condition's `streak(H)` reads, where
    /// no routine may be asked (SPEC §10.3). Days before `d` that were due and not done
    /// are missed; `d` itself is open.
    static func scheduled(
        history: HabitHistory, schedule: Schedule?, pauses: [PauseSpan], habitKey: HabitKey, through d: Int
    ) -> HabitDays {
        let first = min(history.days.first ?? d, d)
        var states: [DayState] = []
        var dueDone = Set<Int>()
        states.reserveCapacity(d - first + 1)
        for day in first...d {
            let key = DayKey(ordinal: day)
            let paused = pauses.contains { $0.covers(habitKey, on: key) }
            var last: DayKey?
            if case .every = schedule { last = history.lastDay(before: day).map(DayKey.init(ordinal:)) }
            let status = Due.status(
                schedule: schedule, paused: paused, day: key, lastDoneBefore: last,
                doneInLast: { history.doneDays(from: day - $0, to: day - 1) })
            if history.isDone(day) {
                states.append(.done)
                if status.isDue { dueDone.insert(day) }
                continue
            }
            switch status {
            case .due: states.append(day == d ? .open : .missed)
            case .paused: states.append(.paused)
            case .archived: states.append(.notDue(.archived))
            case .notScheduled: states.append(.notDue(.schedule(status.reason ?? "schedule")))
            case .frequencyMet: states.append(.notDue(.frequencyMet(status.reason ?? DueStatus.frequencyMetPrefix)))
            }
        }
        return HabitDays(first: first, states: states, dueDone: dueDone)
    }
}
