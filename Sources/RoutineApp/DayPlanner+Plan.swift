import RoutineCore
import RoutineStore

extension DayPlanner {
    /// `routine plan` (SPEC §13.3): each active routine's habits on each of `count` days
    /// from `from`, as a run on each day would see them, then the habits in no routine
    /// by their schedule and pauses.
    ///
    /// Today and the days before it are the ledger's states (SPEC §17.3); future days assume that each habit is done on each day it is certain (so
    /// an `every: 3` habit shows every third day). Archived habits are shown only with
    /// `includeArchived`, and never due.
    public func plan(from: DayKey, count: Int, time: TimeContext, includeArchived: Bool = false) throws -> PlanGrid {
        let days = (0..<max(0, count)).map { from.adding(days: $0) }
        guard let last = days.last else { return PlanGrid(days: [], groups: []) }
        let today = time.today
        let compiled = try compiledRoutines()
        let habits = try store.habits.all()
        let archived = Set(habits.filter(\.isArchived).map(\.key))
        var doneOn: [DayKey: Set<HabitKey>] = [:]
        for entry in try store.entries.metricEntries(from: from, to: last) {
            doneOn[entry.dayKey, default: []].insert(entry.habitKey)
        }
        let todays = days.contains(today) ? try routines(on: today, time: time) : []
        // Today and the days before it are what the ledger states (SPEC §17.3).
        let lived = days.filter { $0 <= today }
        let ledger = try lived.last.map {
            try HabitLedger.build(planner: self, from: lived.first, through: $0, alsoOn: lived, time: time)
        }
        func livedCell(_ key: HabitKey, _ day: DayKey) -> PlanGrid.Cell? {
            guard day <= today, let ledger else { return nil }
            return PlanGrid.Cell(state: ledger.state(key, day))
        }
        var bases = try compiled.map { try runContext(for: $0.routine, day: last, time: time) }
        let tracked = compiled.map { Set($0.routine.contextHabitNames.map { HabitKey($0) }) }
        var outlooks = [[RoutineOutlook]](repeating: [], count: compiled.count)
        for day in days {
            var certain = Set<HabitKey>()
            for (index, routine) in compiled.enumerated() {
                let outlook: RoutineOutlook
                if day == today, let run = todays.first(where: { $0.slug == routine.slug }) {
                    outlook = run.outlook
                } else {
                    var context = bases[index]
                    context.day = day
                    let walker = routine.walker.startingAfresh(
                        on: day, alreadyDone: doneOn[day] ?? [], context: context)
                    outlook = walker.outlook()
                }
                outlooks[index].append(outlook)
                certain.formUnion(outlook.certainKeys)
            }
            // What a person does on a day it is certain counts for the days after it.
            guard day >= today else { continue }
            for key in certain.subtracting(doneOn[day] ?? []) {
                for index in bases.indices where tracked[index].contains(key) {
                    bases[index].history[key, default: []].append(DayTally(day: day))
                    bases[index].history[key]?.sort { $0.day < $1.day }
                }
            }
        }
        var groups: [PlanGrid.Group] = []
        var named = Set<HabitKey>()
        for (index, routine) in compiled.enumerated() {
            guard let first = outlooks[index].first else { continue }
            var rows: [PlanGrid.Row] = []
            for habit in first.habits {
                named.insert(habit.key)
                if archived.contains(habit.key) && !includeArchived { continue }
                let cells = outlooks[index].enumerated().map { offset, outlook in
                    if let cell = livedCell(habit.key, days[offset]) { return cell }
                    let row = outlook.habits.first { $0.key == habit.key }?.outlook ?? .notDue(reason: "not reached")
                    let done = doneOn[days[offset]]?.contains(habit.key) == true
                    return PlanGrid.Cell(done ? .done : row)
                }
                rows.append(PlanGrid.Row(habit: habit.name, cells: cells))
            }
            groups.append(PlanGrid.Group(routine: routine.slug, rows: rows))
        }
        named.formUnion(try habitKeysInRoutines())
        let byHand = try handRows(
            habits.filter { !named.contains($0.key) && (includeArchived || !$0.isArchived) }, days: days,
            today: today, doneOn: doneOn, lived: livedCell)
        if !byHand.isEmpty { groups.append(PlanGrid.Group(routine: nil, rows: byHand)) }
        return PlanGrid(days: days, groups: groups)
    }

    /// Habits in no routine: due by their schedule and pauses (done on the days they are
    /// due, from today on, for `every:`).
    private func handRows(
        _ habits: [HabitInfo], days: [DayKey], today: DayKey, doneOn: [DayKey: Set<HabitKey>],
        lived: (HabitKey, DayKey) -> PlanGrid.Cell?
    )
        throws -> [PlanGrid.Row]
    {
        guard let first = days.first else { return [] }
        let pauses = try store.pauses.pauseSpans()
        let context = try HistoryWindow(store: store).dayContext(
            habits: habits.map(\.name), day: first.adding(days: -1), historyOf: [])
        return habits.map { habit in
            var last = context.lastDone(habit.key, before: first)
            // The plan's days done or assumed done, for a frequency's window (SPEC §18.1).
            var doneDays = Set<Int>()
            func markDone(_ day: DayKey) {
                last = day
                doneDays.insert(day.ordinal)
            }
            func doneInLast(_ k: Int, before day: DayKey) -> Int {
                let before = max(0, k - (day.ordinal - first.ordinal))
                let within = doneDays.filter { $0 >= day.ordinal - k && $0 < day.ordinal }.count
                return within + context.doneCount(habit.key, inLast: before, before: first)
            }
            let cells = days.map { day -> PlanGrid.Cell in
                if let cell = lived(habit.key, day) {
                    // Done, or (today) due: assumed done, as on the days after it.
                    if cell.state == .done || (day >= today && cell.state?.isDue == true) { markDone(day) }
                    return cell
                }
                if doneOn[day]?.contains(habit.key) == true {
                    markDone(day)
                    return PlanGrid.Cell(.done)
                }
                if habit.isArchived { return PlanGrid.Cell(.notDue(reason: "archived")) }
                let status = Due.status(
                    schedule: habit.schedule, paused: pauses.contains { $0.covers(habit.key, on: day) }, day: day,
                    lastDoneBefore: last, doneInLast: { doneInLast($0, before: day) })
                guard status.isDue else { return PlanGrid.Cell(.notDue(reason: status.reason ?? "not due")) }
                if day >= today { markDone(day) }
                return PlanGrid.Cell(.certain)
            }
            return PlanGrid.Row(habit: habit.name, cells: cells)
        }
    }
}
