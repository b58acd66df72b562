/// Every SPEC §6 figure of one habit at one reference day D, derived from its entries.
///
/// Day-based figures (done, streaks, day momentum) count a DayKey once however many
/// entries it has; week count and week sum count every entry. Entries after D are
/// ignored for everything. Nothing here is ever stored.
public struct HabitStats: Sendable, Hashable {
    /// The habit these figures are about.
    public var habit: MetricHabit
    /// The reference day D.
    public var day: DayKey
    /// An entry exists for (habit, D).
    public var doneToday: Bool
    /// Entries on D (several entries on one day are all counted here).
    public var todayCount: Int
    /// Sum of values on D for quantity habits; nil for binary habits.
    public var todaySum: Double?
    /// Consecutive done DayKeys ending at D; 0 when D is not done.
    public var currentStreak: Int
    /// The streak ending at D − 1 (whether or not D is done).
    public var previousStreak: Int
    /// The longest run of consecutive done DayKeys on or before D.
    public var bestStreak: Int
    /// Daily habits: done DayKeys among D−6…D (0–7). Weekly habits: complete 7-day
    /// windows among the 4 ending at D, D−7, D−14, D−21 (0–4).
    public var momentum: Int
    /// Entries in the 7 DayKeys ending at D.
    public var weekCount: Int
    /// Sum of values in the 7 DayKeys ending at D; nil for binary habits.
    public var weekSum: Double?
    /// Whether the window ending at D is complete: with a weekly target N, count ≥ N
    /// (binary) or sum ≥ N (quantity); without one, at least one entry (both kinds).
    public var weekComplete: Bool
    /// Consecutive complete windows ending at D, D−7, D−14 …; nil for habits without a
    /// weekly target.
    public var weeklyStreak: Int?
    /// Due on D (SPEC §17.1: open, later, missed or skipped).
    public var due: Bool
    /// Momentum's denominator: the DayKeys among D−6…D that were done or due (SPEC §17.2)
    /// or pauses, else 7 (4 for weekly habits, whose momentum counts windows).
    public var dueDays: Int
    /// The last DayKey before D with an entry, if any (hints say only what is true).
    public var lastDoneBefore: DayKey?
    /// The habit's state on D (SPEC §17.1), when its states were given.
    public var state: DayState?
    /// D's amount (its sum, or without a measure its number of entries): what a day
    /// target is compared with (`5/8`).
    public var todayAmount: Double {
        DayTarget.amount(count: todayCount, sum: todaySum ?? 0, isQuantity: habit.isQuantity)
    }
    /// A frequency habit's done days in the P DayKeys ending at D (`2 of 3 this week`);
    /// nil without a frequency.
    public var periodDone: Int?
    /// A frequency habit's period streak (SPEC §18.1: consecutive windows of P DayKeys,
    /// stepping back from D, each with at least N done days); nil without a frequency.
    public var periodStreak: Int?

    public init(
        habit: MetricHabit, day: DayKey, doneToday: Bool, todayCount: Int, todaySum: Double?,
        currentStreak: Int, previousStreak: Int, bestStreak: Int, momentum: Int,
        weekCount: Int, weekSum: Double?, weekComplete: Bool, weeklyStreak: Int?, due: Bool = true,
        dueDays: Int? = nil
    ) {
        self.due = due
        self.dueDays = dueDays ?? (habit.isWeekly ? 4 : 7)
        self.habit = habit
        self.day = day
        self.doneToday = doneToday
        self.todayCount = todayCount
        self.todaySum = todaySum
        self.currentStreak = currentStreak
        self.previousStreak = previousStreak
        self.bestStreak = bestStreak
        self.momentum = momentum
        self.weekCount = weekCount
        self.weekSum = weekSum
        self.weekComplete = weekComplete
        self.weeklyStreak = weeklyStreak
    }

    /// The figures of `habit` at `day` from its history (already limited to days ≤ D)
    /// and its states (SPEC §17.2: streaks, momentum and due-ness count states; the week
    /// figures count entries).
    init(habit: MetricHabit, history: HabitHistory, day: DayKey, days: HabitDays) {
        let d = day.ordinal
        let today = history.tally(on: d)
        let week = history.window(endingAt: d)
        let figures = days.figures(at: d)
        self.init(
            habit: habit, day: day,
            doneToday: today.count > 0,
            todayCount: today.count,
            todaySum: habit.isQuantity ? MetricNumber.tidy(today.sum) : nil,
            currentStreak: figures.currentStreak,
            previousStreak: figures.previousStreak,
            bestStreak: figures.bestStreak,
            momentum: figures.momentum,
            weekCount: week.count,
            weekSum: habit.isQuantity ? MetricNumber.tidy(week.sum) : nil,
            weekComplete: HabitStats.isComplete(habit, count: week.count, sum: week.sum),
            weeklyStreak: nil, due: figures.due, dueDays: figures.dueDays)
        lastDoneBefore = history.lastDay(before: d).map(DayKey.init(ordinal:))
        state = days.state(d)
        if habit.dayTarget != nil {
            // Done is the day target met (an at-most day without entries too), not any entry.
            doneToday = state.map { $0 == .done } ?? habit.doneRule.isDone(count: today.count, sum: today.sum)
        }
        if let frequency = habit.frequency {
            periodDone = days.doneDays(from: d - frequency.period + 1, through: d)
            periodStreak = days.periodStreak(at: d, times: frequency.times, period: frequency.period)
        }
        if habit.isWeekly {
            var windows = 0
            while HabitStats.isComplete(habit, history: history, endingAt: d - 7 * windows) { windows += 1 }
            weeklyStreak = windows
            momentum = (0..<4).filter { HabitStats.isComplete(habit, history: history, endingAt: d - 7 * $0) }.count
            dueDays = 4
        }
    }

    /// The week-complete rule for one window's figures.
    static func isComplete(_ habit: MetricHabit, count: Int, sum: Double) -> Bool {
        guard let target = habit.weeklyTarget else { return count >= 1 }
        // Tidy the sum so that 0.1 + 0.2 km meets a 0.3 km target.
        return habit.isQuantity ? MetricNumber.tidy(sum) >= target : Double(count) >= target
    }

    static func isComplete(_ habit: MetricHabit, history: HabitHistory, endingAt day: Int) -> Bool {
        let window = history.window(endingAt: day)
        return isComplete(habit, count: window.count, sum: window.sum)
    }
}

/// Computes `HabitStats` for each habit at reference day `day`, in the order of `habits`,
/// from its entries and its states as the ledger computed them (SPEC §17.2: streaks,
/// momentum and due-ness count states). `states` is required, so no view can skip the
/// ledger; a habit it has no states for has none (no streak, not due).
///
/// One pass groups the entries by habit key (entries of habits not listed are dropped),
/// then the grouped form computes. A habit listed twice (same key) gets the same figures
/// twice. The order of `entries` never matters.
public func computeStats(
    habits: [MetricHabit], entries: [MetricEntry], day: DayKey, states: [HabitKey: HabitDays]
) -> [HabitStats] {
    computeStats(habits: habits, entriesByHabit: grouped(entries, of: habits), day: day, states: states)
}

/// `computeStats` with the entries already grouped by habit (as the ledger reads them):
/// the same figures, without a look-up of each entry's habit. Entries after `day` are
/// dropped.
public func computeStats(
    habits: [MetricHabit], entriesByHabit: [HabitKey: [EntrySample]], day: DayKey, states: [HabitKey: HabitDays]
) -> [HabitStats] {
    // The states say the rest: a habit's history is read only as far back as its figures look.
    stats(habits: habits, entriesByHabit: entriesByHabit, day: day, wholeHistory: false) { habit, _ in
        states[habit.key] ?? HabitDays(first: day.ordinal + 1, states: [])
    }
}

/// The same figures where no ledger can be asked: a condition's `streak(H)` inside a run
/// (SPEC §10.3) reads the states the habit's schedule and `pauses` alone give
/// (`HabitDays.scheduled`), not what the routines asked.
public func scheduleStats(
    habits: [MetricHabit], entries: [MetricEntry], day: DayKey, pauses: [PauseSpan] = []
) -> [HabitStats] {
    stats(habits: habits, entriesByHabit: grouped(entries, of: habits), day: day, wholeHistory: true) {
        habit, history in
        HabitDays.scheduled(
            history: history, schedule: habit.schedule, pauses: pauses, habitKey: habit.key, through: day.ordinal)
    }
}

/// The entries of the habits listed, by habit key (each habit's in the order of `entries`).
private func grouped(_ entries: [MetricEntry], of habits: [MetricHabit]) -> [HabitKey: [EntrySample]] {
    var groups: [HabitKey: [EntrySample]] = [:]
    for habit in habits { groups[habit.key] = [] }
    for entry in entries {
        groups[entry.habitKey]?.append(EntrySample(day: entry.dayKey.ordinal, value: entry.value))
    }
    return groups
}

/// Computes each habit's figures from its entries (those after `day` dropped) with its states.
/// Without `wholeHistory` (the states do not come from the history), a habit without a
/// weekly target has its history built from its recent entries alone (`HabitHistory.recent`).
private func stats(
    habits: [MetricHabit], entriesByHabit: [HabitKey: [EntrySample]], day: DayKey, wholeHistory: Bool,
    states: (MetricHabit, HabitHistory) -> HabitDays
) -> [HabitStats] {
    var histories: [HabitKey: HabitHistory] = [:]
    return habits.map { habit in
        let entries = entriesByHabit[habit.key] ?? []
        let history =
            histories[habit.key]
            ?? HabitHistory(
                entries: wholeHistory || habit.isWeekly ? entries[...] : HabitHistory.recent(entries, at: day.ordinal),
                through: day.ordinal)
        histories[habit.key] = history
        return HabitStats(habit: habit, history: history, day: day, days: states(habit, history))
    }
}
