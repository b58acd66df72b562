/// What `routine today` shows (SPEC §10.5): for each routine, its state on D and its
/// habits — done (with figures), due and not yet done, skipped in a finished run, and a
/// count of those not due — then the habits in no routine ("by hand").
///
/// ```
/// Today, 2026-11-22
/// gym: not started
///   · Warm-up: done yesterday
///   · Stretch
///   1 not due today
/// morning-checkin: completed at 07:12
///   ✓ Meditate: 10 min · 5-day streak
///   – Journal: skipped
/// By hand
///   ✓ Vitamins
/// ```
///
/// Pure: the caller passes each routine's state and the habits it may still ask, and
/// the figures of every habit (`HabitStats`, whose `due` holds schedule and pauses).
public struct TodayOverview: Sendable {
    /// A routine's state on the day.
    public enum State: Sendable, Equatable {
        case notStarted
        /// Paused (or walked by another process) at this prompt; nil when nothing is left
        /// to ask (resuming finishes it).
        case paused(prompt: String?)
        /// Completed, at a local `HH:MM`.
        case completed(at: String)
        case aborted(at: String)

        var isFinished: Bool {
            switch self {
            case .completed, .aborted: true
            case .notStarted, .paused: false
            }
        }
    }

    /// One routine as the caller sees it on the day.
    public struct RoutineDay: Sendable {
        public var slug: String
        public var title: String
        public var state: State
        /// The habits of its habit nodes, in node order, each once.
        public var habits: [String]
        /// Keys of habits that may still be asked on the day: reachable on some path with
        /// the day's conditions and due-ness (used only while not finished).
        public var reachable: Set<HabitKey>
        /// Keys of habits skipped in the day's run.
        public var skipped: Set<HabitKey>
        /// Keys of habits the day's conditions leave out (counted as not due).
        public var notDue: Set<HabitKey>

        public init(
            slug: String, title: String, state: State, habits: [String], reachable: Set<HabitKey>,
            skipped: Set<HabitKey>, notDue: Set<HabitKey> = []
        ) {
            self.notDue = notDue
            self.slug = slug
            self.title = title
            self.state = state
            self.habits = habits
            self.reachable = reachable
            self.skipped = skipped
        }
    }

    /// One section: a routine, or the habits done by hand.
    public struct Section: Sendable {
        /// The routine's slug; nil for "by hand".
        public var slug: String?
        public var state: State?
        public var done: [HabitStats] = []
        public var due: [HabitStats] = []
        public var skipped: [HabitStats] = []
        /// Habits not due on the day (schedule or pause).
        public var notDue: [HabitStats] = []
    }

    public var day: DayKey
    public var sections: [Section]

    public init(day: DayKey, routines: [RoutineDay], stats: [HabitStats]) {
        self.day = day
        let byKey = Dictionary(stats.map { ($0.habit.key, $0) }, uniquingKeysWith: { first, _ in first })
        var inRoutine = Set<HabitKey>()
        sections = routines.map { routine in
            var section = Section(slug: routine.slug, state: routine.state)
            for name in routine.habits {
                let key = HabitKey(name)
                inRoutine.insert(key)
                guard let figures = byKey[key] else { continue }
                if figures.doneToday {
                    section.done.append(figures)
                } else if routine.skipped.contains(key) {
                    section.skipped.append(figures)
                } else if !figures.due || routine.notDue.contains(key) {
                    section.notDue.append(figures)
                } else if !routine.state.isFinished && routine.reachable.contains(key) {
                    section.due.append(figures)
                }
            }
            return section
        }
        var byHand = Section(slug: nil, state: nil)
        for figures in stats where !inRoutine.contains(figures.habit.key) {
            if figures.doneToday {
                byHand.done.append(figures)
            } else if figures.due {
                byHand.due.append(figures)
            } else {
                byHand.notDue.append(figures)
            }
        }
        if !byHand.done.isEmpty || !byHand.due.isEmpty { sections.append(byHand) }
    }

    /// Nothing due is left open, and something exists to be done.
    public var allDone: Bool {
        sections.allSatisfy(\.due.isEmpty) && sections.contains { !$0.done.isEmpty || !$0.skipped.isEmpty }
    }

    /// The overview as text lines (no colour, no trailing spaces).
    public var lines: [String] {
        var lines = ["Today, \(day) (\(Weekday(day).longName))"]
        guard !sections.isEmpty else {
            lines.append("No routines or habits yet — import a routine or `routine log HABIT` to start.")
            return lines
        }
        for section in sections {
            lines.append(Self.heading(section))
            lines += section.done.map { "  ✓ " + HabitHints.doneHint($0) }
            lines += section.due.map { "  · " + HabitHints.openHint($0) }
            lines += section.skipped.map { "  – " + HabitName.display($0.habit.name) + ": skipped" }
            if !section.notDue.isEmpty { lines.append("  \(section.notDue.count) not due today") }
        }
        if allDone { lines.append("All done — nice.") }
        return lines
    }

    public var text: String { lines.joined(separator: "\n") }

    static func heading(_ section: Section) -> String {
        guard let slug = section.slug, let state = section.state else { return "By hand" }
        switch state {
        case .notStarted: return "\(slug): not started"
        case .paused(let prompt?): return "\(slug): paused at “\(prompt)”"
        case .paused(nil): return "\(slug): paused, nothing left to ask (resume finishes it)"
        case .completed(let time): return "\(slug): completed at \(time)"
        case .aborted(let time): return "\(slug): aborted at \(time)"
        }
    }

    /// One line of JSON: `{"day","allDone","routines":[{"routine","state","at","prompt",
    /// "done":[{"habit","value","streak"}],"due":[habit],"skipped":[habit],"notDue":N}],
    /// "byHand":{"done","due","notDue"}|null}`.
    public var json: String {
        func names(_ list: [HabitStats]) -> String {
            "[" + list.map { JSONText.string(HabitName.display($0.habit.name)) }.joined(separator: ",") + "]"
        }
        func body(_ section: Section) -> String {
            let done = section.done.map { stats in
                "{\"habit\":\(JSONText.string(HabitName.display(stats.habit.name))),"
                    + "\"value\":\(stats.habit.isQuantity ? JSONText.number(stats.todaySum) : "null"),"
                    + "\"streak\":\(stats.currentStreak)}"
            }.joined(separator: ",")
            return "\"done\":[\(done)],\"due\":\(names(section.due)),\"skipped\":\(names(section.skipped)),"
                + "\"notDue\":\(section.notDue.count)"
        }
        let routines = sections.filter { $0.slug != nil }.map { section -> String in
            var state = "not-started"
            var at = "null"
            var prompt = "null"
            switch section.state {
            case .paused(let text):
                state = "paused"
                prompt = text.map(JSONText.string) ?? "null"
            case .completed(let time):
                state = "completed"
                at = JSONText.string(time)
            case .aborted(let time):
                state = "aborted"
                at = JSONText.string(time)
            case .notStarted, nil: break
            }
            return "{\"routine\":\(JSONText.string(section.slug ?? "")),\"state\":\"\(state)\",\"at\":\(at),"
                + "\"prompt\":\(prompt),\(body(section))}"
        }
        let byHand = sections.first { $0.slug == nil }.map { "{\(body($0))}" } ?? "null"
        return "{\"day\":\"\(day)\",\"allDone\":\(allDone),\"routines\":[\(routines.joined(separator: ","))],"
            + "\"byHand\":\(byHand)}"
    }
}
