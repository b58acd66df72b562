/// What `routine today` shows (SPEC §13.2): for each routine, its state on D and its
/// habits — done (with figures), certain (due), a count of those depending on answers
/// (listed with `--all`), optional ones (with `--all`), skipped and declined ones, and a
/// count of those not due — then the habits in no routine ("by hand").
///
/// ```
/// Today, 2026-11-22 (Sunday)
/// morning-checkin: not started
///   · Journal: done yesterday
///   + 4 more depending on your answers
/// training: completed at 07:12
///   ✓ Warm-up: 10 min · 5-day streak
///   – Stretch: skipped
///   5 not due today
/// By hand
///   ✓ Vitamins
/// ```
///
/// Pure: the caller passes each routine's state and outlook (the day planner's answer)
/// and the figures of every habit shown. A value: each front end draws it (the CLI's
/// text and JSON in RoutineCLI/Support, the studio's page in RoutineStudio/History).
public struct TodayOverview: Sendable {
    /// A routine's state on the day.
    public enum State: Sendable, Equatable {
        case notStarted
        /// Paused (or walked by another process) at this prompt; nil when nothing is left
        /// to ask (resuming finishes it).
        case paused(prompt: String?)
        /// Completed, at a local `HH:MM` (a run pulled from another device or imported
        /// answers are a run too, SPEC §17.5).
        case completed(at: String)
        case aborted(at: String)
    }

    /// One routine on the day.
    public struct RoutineDay: Sendable {
        public var slug: String
        public var state: State
        public var outlook: RoutineOutlook

        public init(slug: String, state: State, outlook: RoutineOutlook) {
            self.slug = slug
            self.state = state
            self.outlook = outlook
        }
    }

    /// A habit with its figures and its state on the day (the ledger's, SPEC §17.1).
    public struct Item: Sendable {
        public var stats: HabitStats
        public var state: DayState
        public var name: String { HabitName.display(stats.habit.name) }
    }

    /// One section: a routine, or the habits done by hand.
    public struct Section: Sendable {
        /// The routine's slug; nil for "by hand".
        public var slug: String?
        public var state: State?
        /// Every habit shown, in the routine's visit order, each once.
        public var items: [Item] = []

        public func items(_ name: String) -> [Item] { items.filter { $0.state.name == name } }
        public var done: [HabitStats] { items("done").map(\.stats) }
        /// Due and not done: open, left for later, (a past day) missed, or below its day
        /// target (partial).
        public var dueItems: [Item] {
            items.filter {
                if case .partial = $0.state { return true }
                return [.open, .later, .missed].contains($0.state)
            }
        }
        public var due: [HabitStats] { dueItems.map(\.stats) }
    }

    public var day: DayKey
    /// Whether D is today (the heading and "not due today" say so).
    public var isToday: Bool
    /// `--all`: list the habits depending on answers, the optional and the not-due ones.
    public var showAll: Bool
    public var sections: [Section]

    /// - Parameters:
    ///   - stats: figures of the habits to show (archived ones only when asked for); a
    ///     habit without figures is not shown.
    ///   - states: each habit's state on the day (the ledger's); a habit without one
    ///     takes its routine's class (a renderer's test may pass none).
    ///   - inRoutines: keys of the habits any routine names, archived routines included:
    ///     the others are "by hand".
    public init(
        day: DayKey, routines: [RoutineDay], stats: [HabitStats], states: [HabitKey: DayState] = [:],
        inRoutines: Set<HabitKey> = [], isToday: Bool = true, showAll: Bool = false
    ) {
        self.day = day
        self.isToday = isToday
        self.showAll = showAll
        let byKey = Dictionary(stats.map { ($0.habit.key, $0) }, uniquingKeysWith: { first, _ in first })
        var named = inRoutines
        sections = routines.map { routine in
            var section = Section(slug: routine.slug, state: routine.state)
            for habit in routine.outlook.habits {
                named.insert(habit.key)
                guard let figures = byKey[habit.key] else { continue }
                let state = figures.doneToday ? .done : states[habit.key] ?? Self.state(habit.outlook)
                section.items.append(Item(stats: figures, state: state))
            }
            return section
        }
        var byHand = Section(slug: nil, state: nil)
        for figures in stats where !named.contains(figures.habit.key) {
            let state =
                figures.doneToday
                ? .done : states[figures.habit.key] ?? (figures.due ? .open : .notDue(.schedule("schedule or pause")))
            byHand.items.append(Item(stats: figures, state: state))
        }
        if !byHand.done.isEmpty || !byHand.due.isEmpty { sections.append(byHand) }
    }

    /// A routine's class for a habit the caller gave no state (today's day model).
    static func state(_ outlook: NodeOutlook) -> DayState {
        switch outlook {
        case .certain: .open
        case .done, .alreadyDone: .done
        case .skipped: .skipped
        case .declined: .declined
        case .possible(let why): .possible(dependsOn: why)
        case .optional(let why): .optional(reason: why)
        case .notDue(let why): .notDue(why == "not reached" ? .branchNotTaken : .condition(why))
        }
    }

    /// Nothing due is left open, and something exists to be done.
    public var allDone: Bool {
        sections.allSatisfy(\.due.isEmpty)
            && sections.contains { section in section.items.contains { [.done, .skipped].contains($0.state) } }
    }
}
