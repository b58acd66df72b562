/// The parsed `when:` conditions of a routine, by node index (and option index).
/// A condition that does not parse (never in a validated routine) is left out: true.
struct RoutineConditions: Sendable {
    var node: [Int: ConditionExpr] = [:]
    var options: [Int: [Int: ConditionExpr]] = [:]

    init(_ routine: Routine) {
        for (index, node) in routine.nodes.enumerated() {
            if let when = node.when, case .success(let expr) = ConditionParser.parse(when) { self.node[index] = expr }
            guard case .question(_, let list) = node.body else { continue }
            for (number, option) in list.enumerated() {
                if let when = option.when, case .success(let expr) = ConditionParser.parse(when) {
                    options[index, default: [:]][number] = expr
                }
            }
        }
    }
}

/// What a condition reads inside a run (SPEC §10.3): the host's history snapshot plus
/// the run's own steps and entries, for the run's DayKey D.
struct WalkerEnvironment: ConditionEnvironment {
    let context: DayContext
    let steps: [Step]
    let entries: [EntryDraft]
    let knownDone: Set<HabitKey>
    let doneByRun: Set<HabitKey>
    let habitSpecs: [HabitKey: HabitSpec]

    private var day: DayKey { context.day }

    var weekday: Weekday { Weekday(day) }

    func done(_ habit: String, daysBack: Int) -> Bool {
        let key = HabitKey(habit)
        let target = day.adding(days: -daysBack)
        if daysBack == 0, knownDone.contains(key) || doneByRun.contains(key) { return true }
        return context.tallies(key).contains { $0.day == target && $0.count > 0 }
    }

    /// Days since H's last live entry (SPEC §10.3), whatever its day target.
    func daysSince(_ habit: String) -> Int {
        guard let last = context.tallies(HabitKey(habit)).last(where: { $0.day < day })?.day else { return 100_000 }
        return day.ordinal - last.ordinal
    }

    /// The current streak as of D − 1 (SPEC §10.3): the host ledger's (`context.streaks`),
    /// so a condition agrees with `stats`; without a host ledger, the schedule's states.
    func streak(_ habit: String) -> Int {
        let key = HabitKey(habit)
        if let streaks = context.streaks { return streaks[key] ?? 0 }
        let schedule = context.schedules.map { $0[key] } ?? habitSpecs[key]?.schedule
        let metric = MetricHabit(key: key, name: habit, schedule: schedule)
        let samples = context.tallies(key).map { MetricEntry(habitKey: key, dayKey: $0.day) }
        return scheduleStats(habits: [metric], entries: samples, day: day.adding(days: -1), pauses: context.pauses)
            .first?.currentStreak ?? 0
    }

    private func week(_ habit: String) -> (count: Int, sum: Double) {
        let key = HabitKey(habit)
        let first = day.adding(days: -6)
        var count = 0
        var sum = 0.0
        for tally in context.tallies(key) where tally.day >= first && tally.day <= day {
            count += tally.count
            sum += tally.sum
        }
        for entry in entries where entry.habitKey == key {
            count += 1
            sum += entry.value ?? 0
        }
        return (count, sum)
    }

    func weekCount(_ habit: String) -> Int { week(habit).count }
    func weekSum(_ habit: String) -> Double { MetricNumber.tidy(week(habit).sum) }

    func due(_ habit: String) -> Bool {
        context.dueStatus(HabitKey(habit), declared: habitSpecs[HabitKey(habit)]?.schedule).isDue
    }

    func answer(_ node: String) -> String {
        for step in steps where step.node == node {
            if case .option(_, let text) = step.answer { return text }
        }
        return ""
    }

    func pastAnswer(_ node: String, daysBack: Int) -> String {
        guard daysBack >= 1 else { return "" }
        return context.pastAnswers[node]?[day.adding(days: -daysBack)] ?? ""
    }

    func answered(_ node: String, _ text: String, days: Int) -> Int {
        guard days >= 1, let answers = context.pastAnswers[node] else { return 0 }
        let wanted = text.lowercased()
        return (1...days).count { answers[day.adding(days: -$0)]?.lowercased() == wanted }
    }
}

/// An environment that reads what a run reads (`inner`) and says itself what is known:
/// the day planner's (`OutlookEnvironment`) and path analysis's (`PathEnvironment`).
protocol ForwardingEnvironment: ConditionEnvironment {
    var inner: WalkerEnvironment { get }
}

extension ForwardingEnvironment {
    var weekday: Weekday { inner.weekday }
    func done(_ habit: String, daysBack: Int) -> Bool { inner.done(habit, daysBack: daysBack) }
    func daysSince(_ habit: String) -> Int { inner.daysSince(habit) }
    func streak(_ habit: String) -> Int { inner.streak(habit) }
    func weekCount(_ habit: String) -> Int { inner.weekCount(habit) }
    func weekSum(_ habit: String) -> Double { inner.weekSum(habit) }
    func due(_ habit: String) -> Bool { inner.due(habit) }
    func answer(_ node: String) -> String { inner.answer(node) }
    func pastAnswer(_ node: String, daysBack: Int) -> String { inner.pastAnswer(node, daysBack: daysBack) }
    func answered(_ node: String, _ text: String, days: Int) -> Int { inner.answered(node, text, days: days) }
}
