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
    /// Each dense day's state, as its index in `palette`: a habit has a few distinct states
    /// in years of days, and a `DayState` carries a string (an array of them is copied,
    /// compared and destroyed day by day; a streak reads every day).
    private var codes: [UInt32]
    /// The distinct states of the dense days (some maybe unused).
    private var palette: [DayState]
    /// States of days after the dense ones, by ordinal.
    public var sparse: [Int: DayState]
    /// The done (or partial) days on which the habit was also due (a done day counts as
    /// done either way; `stats` still says whether it was due, and a partial day that was
    /// due counts in momentum's denominator), ascending: a ledger notes them in day order,
    /// which an array holds without hashing each.
    private var dueDoneDays: [Int]

    /// `states[i]` is the state on `first + i`.
    public var states: [DayState] { codes.map { palette[Int($0)] } }

    /// `dueDoneDays` as a set.
    public var dueDone: Set<Int> { Set(dueDoneDays) }

    public init(first: Int, states: [DayState], sparse: [Int: DayState] = [:], dueDone: Set<Int> = []) {
        self.init(first: first, states: states, sparse: sparse, dueDoneAscending: dueDone.sorted())
    }

    /// `dueDoneAscending`: the due and done days, ascending, each once.
    public init(first: Int, states: [DayState], sparse: [Int: DayState] = [:], dueDoneAscending: [Int]) {
        var codes = Codes()
        for state in states { codes.append(state) }
        self.init(first: first, codes: codes, sparse: sparse, dueDoneAscending: dueDoneAscending)
    }

    /// The dense days' states as `codes` gathered them.
    public init(first: Int, codes: Codes, sparse: [Int: DayState] = [:], dueDoneAscending: [Int]) {
        self.first = first
        self.codes = codes.codes
        palette = codes.palette
        self.sparse = sparse
        dueDoneDays = dueDoneAscending
    }

    /// Dense days' states gathered in day order, each distinct state once in a palette.
    public struct Codes: Sendable {
        @usableFromInline internal var codes: [UInt32] = []
        fileprivate private(set) var palette: [DayState] = []
        private var codeOf: [DayState: UInt32] = [:]
        /// The codes of the states without a payload, by `fixedSlot`, plus one (0: not met
        /// yet): found without hashing a `DayState`.
        private var fixed: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 0]

        public init(capacity: Int = 0) { codes.reserveCapacity(capacity) }

        /// The slot in `fixed` of a state without a payload (nil: it has one).
        private static func fixedSlot(_ state: DayState) -> Int? {
            switch state {
            case .done: 0
            case .paused: 1
            case .skipped: 2
            case .declined: 3
            case .later: 4
            case .missed: 5
            case .open: 6
            case .notDue(.branchNotTaken): 7
            case .notDue(.archived): 8
            case .partial, .possible, .optional, .notDue: nil
            }
        }

        /// The code of `state`, added to the palette when it is new.
        public mutating func code(_ state: DayState) -> UInt32 {
            let slot = Self.fixedSlot(state)
            if let slot, fixed[slot] != 0 { return fixed[slot] - 1 }
            if slot == nil, let known = codeOf[state] { return known }
            let code = UInt32(palette.count)
            palette.append(state)
            if let slot { fixed[slot] = code + 1 } else { codeOf[state] = code }
            return code
        }

        /// Appends the next day's state.
        public mutating func append(_ state: DayState) {
            if let last = codes.last, palette[Int(last)] == state {
                codes.append(last)
            } else {
                codes.append(code(state))
            }
        }

        /// Appends the next day's state by a code `code(_:)` returned (inlined into the
        /// ledger's loop over every day of every habit).
        @inlinable public mutating func append(code: UInt32) { codes.append(code) }
    }

    public static func == (lhs: HabitDays, rhs: HabitDays) -> Bool {
        lhs.first == rhs.first && lhs.sparse == rhs.sparse && lhs.dueDoneDays == rhs.dueDoneDays
            && lhs.states == rhs.states
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
    public var last: Int { first + codes.count - 1 }

    /// The state on the day with ordinal `day`: not due before the first day; nil for a
    /// day after the dense ones that the ledger did not evaluate.
    public func state(_ day: Int) -> DayState? {
        if day < first { return .notDue(.beforeFirstDay) }
        if day <= last { return palette[Int(codes[day - first])] }
        return sparse[day]
    }

    /// SPEC §17.2's figures at the day with ordinal `d`.
    public func figures(at d: Int) -> Figures {
        var current = 0
        var previous = 0
        var best = 0
        func fold(_ day: Int, isDone: Bool, breaks: Bool) {
            if day == d { previous = current }
            if isDone {
                current += 1
                best = max(best, current)
            } else if breaks {
                current = 0
            }
        }
        // The dense days in order, each palette state's part worked out once.
        let end = min(d, last)
        if end >= first {
            let isDone = palette.map(\.isDone)
            let breaks = palette.map(\.breaksStreak)
            for ordinal in first...end {
                let code = Int(codes[ordinal - first])
                fold(ordinal, isDone: isDone[code], breaks: breaks[code])
            }
        }
        // Then the sparse days, in order.
        if !sparse.isEmpty {
            for (ordinal, state) in sparse.sorted(by: { $0.key < $1.key }) where ordinal > last && ordinal <= d {
                fold(ordinal, isDone: state.isDone, breaks: state.breaksStreak)
            }
        }
        if d > last && sparse[d] == nil { previous = current }
        var momentum = 0
        var counted = 0
        for day in (d - 6)...d {
            guard let state = state(day) else { continue }
            if state.isDone { momentum += 1 }
            if state.isDone || isDue(day) { counted += 1 }
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
        return (from...through).reduce(0) { $0 + (state($1)?.isDone == true ? 1 : 0) }
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
