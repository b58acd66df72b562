import Foundation
import RoutineCore
import RoutineStore

/// What the routines say of a habit on a day, before entries and pauses (which come
/// first, SPEC §17.1): the best of every routine's say, by `rank`.
enum Verdict: Hashable {
    case skipped, declined, later, due
    case possible(String)
    case optional(String)
    case notDue(DayState.NotDue)

    /// SPEC §17.1's order: the first state that applies wins.
    var rank: Int {
        switch self {
        case .skipped: 0
        case .declined: 1
        case .later: 2
        case .due: 3
        case .possible: 4
        case .optional: 5
        case .notDue: 6
        }
    }

    /// A recorded habit step's outcome (SPEC §14.1); an unknown one is refused by the caller.
    init?(outcome: String, reason: String?) {
        switch outcome {
        case "done", "already-done": self = .due
        case "skipped": self = .skipped
        // `0` at an at-most prompt (SPEC §18.1): asked, and due; its entries decide.
        case "declined" where reason?.hasPrefix(Step.noneTodayReason) == true: self = .due
        case "declined": self = .declined
        case "later": self = .later
        case "not-due": self = .notDue(Self.notDue(reason ?? "not reached"))
        default: return nil
        }
    }

    /// One class of the day model (SPEC §13.1).
    init(_ outlook: NodeOutlook) {
        switch outlook {
        case .certain, .done, .alreadyDone: self = .due
        case .skipped: self = .skipped
        case .declined: self = .declined
        case .possible(let why): self = .possible(why)
        case .optional(let reason): self = .optional(reason)
        case .notDue(let reason): self = .notDue(Self.notDue(reason))
        }
    }

    /// A reason as the walker words it (`schedule: mon`, `frequency met: 3 of 3 this week`,
    /// `when: …`, `not reached`, `archived`).
    static func notDue(_ reason: String) -> DayState.NotDue {
        if reason == "not reached" { return .branchNotTaken }
        if reason == "archived" { return .archived }
        if reason.hasPrefix(DueStatus.frequencyMetPrefix) { return .frequencyMet(reason) }
        if reason.hasPrefix("schedule") || reason == "paused" { return .schedule(reason) }
        return .condition(reason)
    }

    /// The state on a day without an entry or a pause: `past` is a day that is over.
    func state(past: Bool, isToday: Bool) -> DayState {
        switch self {
        case .skipped: return .skipped
        case .declined: return .declined
        case .later: return isToday ? .later : past ? .missed : .open
        case .due: return past ? .missed : .open
        case .possible(let why):
            guard past else { return .possible(dependsOn: why) }
            return .notDue(why.hasPrefix("when:") ? .condition(why) : .branchNotTaken)
        case .optional(let reason): return past ? .notDue(Self.notDue(reason)) : .optional(reason: reason)
        case .notDue(let reason): return .notDue(reason)
        }
    }
}

/// One habit's verdicts: dense from its first day to the last dense day, sparse after.
///
/// A dense day holds its verdict's place in `palette` (a habit meets a few distinct
/// verdicts in years of days), not the verdict: a `Verdict` carries a string, so an array
/// of them is copied, compared and destroyed day by day; the view of each distinct
/// verdict (its state, whether it makes the day due) is then worked out once per habit.
struct VerdictColumn {
    var first: Int
    /// Each dense day's verdict as its index in `palette` plus one (0: none).
    private(set) var codes: [UInt32]
    /// The distinct verdicts met on dense days, each once, and their ranks.
    private(set) var palette: [Verdict] = []
    private var ranks: [Int] = []
    private var codeOf: [Verdict: UInt32] = [:]
    /// The codes of the verdicts without a payload (`skipped`, `declined`, `later`, `due`,
    /// `not due` as branch not taken), by `fixedSlot` (0: not met yet): most days' verdicts,
    /// found without comparing or hashing a `Verdict`.
    private var fixed: [UInt32] = [0, 0, 0, 0, 0]
    /// The last verdict with a payload added and its code (a habit's days mostly repeat one).
    private var last: (verdict: Verdict, code: UInt32)?
    var sparse: [Int: Verdict] = [:]

    /// A column of `count` dense days from `first`, none known.
    init(first: Int, count: Int) {
        self.first = first
        codes = [UInt32](repeating: 0, count: count)
    }

    /// The number of dense days.
    var denseCount: Int { codes.count }

    /// The best verdict known on the day (nil: none, or before the first day).
    func verdict(on day: Int) -> Verdict? {
        if day < first { return nil }
        if day - first < codes.count {
            let code = codes[day - first]
            return code == 0 ? nil : palette[Int(code) - 1]
        }
        return sparse[day]
    }

    mutating func add(_ verdict: Verdict, on day: Int) {
        if day < first { return }
        if day - first < codes.count {
            let known = codes[day - first]
            if known != 0, ranks[Int(known) - 1] <= verdict.rank { return }
            codes[day - first] = code(of: verdict)
        } else {
            if let known = sparse[day], known.rank <= verdict.rank { return }
            sparse[day] = verdict
        }
    }

    /// Adds the verdict `code(of:)` returned `code` for, as `add(_:on:)` adds it.
    @inline(__always) mutating func add(code: UInt32, on day: Int) {
        if day < first { return }
        if day - first < codes.count {
            let known = codes[day - first]
            if known != 0, ranks[Int(known) - 1] <= ranks[Int(code) - 1] { return }
            codes[day - first] = code
        } else {
            add(palette[Int(code) - 1], on: day)
        }
    }

    /// The slot in `fixed` of a verdict without a payload (nil: it has one).
    private static func fixedSlot(_ verdict: Verdict) -> Int? {
        switch verdict {
        case .skipped: 0
        case .declined: 1
        case .later: 2
        case .due: 3
        case .notDue(.branchNotTaken): 4
        case .possible, .optional, .notDue: nil
        }
    }

    /// The verdict's code, added to the palette when it is new.
    mutating func code(of verdict: Verdict) -> UInt32 {
        let slot = Self.fixedSlot(verdict)
        if let slot, fixed[slot] != 0 { return fixed[slot] }
        if slot == nil, let last, last.verdict == verdict { return last.code }
        let code: UInt32
        if let known = codeOf[verdict] {
            code = known
        } else {
            palette.append(verdict)
            ranks.append(verdict.rank)
            code = UInt32(palette.count)
            codeOf[verdict] = code
        }
        if let slot { fixed[slot] = code } else { last = (verdict, code) }
        return code
    }
}

/// What one run asked, habit by habit (by index in the ledger's habits): the best verdict
/// of each (a run asks a few habits, so a list is cheaper than a hash per step). The
/// lists of every run are slices of one array (`AskedPool`), not an array each.
struct Asked: Sequence {
    private var items: ArraySlice<(Int, Verdict)>

    init(_ items: ArraySlice<(Int, Verdict)> = []) { self.items = items }

    var isEmpty: Bool { items.isEmpty }

    func contains(_ habit: Int) -> Bool {
        for item in items where item.0 == habit { return true }
        return false
    }

    func makeIterator() -> IndexingIterator<ArraySlice<(Int, Verdict)>> { items.makeIterator() }
}

/// Every run's `Asked` list, end to end in one array: a run's steps are noted at the end,
/// then filed as a range.
struct AskedPool {
    private(set) var items: [(Int, Verdict)] = []
    /// Where the run being gathered starts.
    private var start = 0

    var gathering: Bool { start < items.count }

    /// Notes a verdict of `habit` in the run being gathered, keeping the best (SPEC
    /// §17.1's order).
    mutating func note(_ habit: Int, _ verdict: Verdict) {
        Self.note(habit, verdict, in: &items, from: start)
    }

    private static func note(_ habit: Int, _ verdict: Verdict, in items: inout [(Int, Verdict)], from start: Int) {
        for index in start..<items.count where items[index].0 == habit {
            if verdict.rank < items[index].1.rank { items[index].1 = verdict }
            return
        }
        items.append((habit, verdict))
    }

    /// Ends the run being gathered: its range, merged with `known` (a range filed before
    /// for the same routine and day) into a new range when there is one.
    mutating func file(mergingWith known: Range<Int>?) -> Range<Int> {
        if let known {
            var merged = Array(items[known])
            for (habit, verdict) in items[start...] { Self.note(habit, verdict, in: &merged, from: 0) }
            items.removeSubrange(start...)
            items.append(contentsOf: merged)
        }
        defer { start = items.count }
        return start..<items.count
    }

    func asked(_ range: Range<Int>) -> Asked { Asked(items[range]) }
}

/// Values by day ordinal, held in an array from the first day set to the last (a run's
/// days are many and close together: a look-up is an index, not a hash).
struct DayTable<Value> {
    private var base = 0
    private var values: [Value?] = []

    subscript(day: Int) -> Value? {
        get {
            let offset = day - base
            return offset >= 0 && offset < values.count ? values[offset] : nil
        }
        set {
            if values.isEmpty {
                guard newValue != nil else { return }
                base = day
                values = [nil]
            } else if day < base {
                guard newValue != nil else { return }
                // Grown by at least its size, so days met in falling order cost amortised O(1).
                let grow = max(base - day, values.count)
                values.insert(contentsOf: repeatElement(nil, count: grow), at: 0)
                base -= grow
            } else if day - base >= values.count {
                guard newValue != nil else { return }
                values.append(contentsOf: repeatElement(nil, count: day - base - values.count + 1))
            }
            values[day - base] = newValue
        }
    }

    /// The same days with `transform`'s values.
    func mapValues<T>(_ transform: (Value) -> T) -> DayTable<T> {
        var table = DayTable<T>()
        table.base = base
        table.values = values.map { $0.map(transform) }
        return table
    }

    /// Visits the days set, ascending.
    func forEach(_ body: (Int, Value) -> Void) {
        for (offset, value) in values.enumerated() {
            if let value { body(base + offset, value) }
        }
    }
}

/// One habit's tallies by day: held in arrays from its first day with an entry through
/// the last dense day (a look-up per day and habit, not a hash; counts and sums side by
/// side, so a day is two plain numbers, not an optional struct), later days in a dictionary.
struct DayTallies {
    private var base = 0
    /// Each dense day's number of entries (0: none) and their values' sum, added in the
    /// order of the entries (as `DayTally.add` adds them).
    private var counts: [Int] = []
    private var sums: [Double] = []
    private var sparse: [Int: DayTally] = [:]

    /// Tallies `samples` in their order.
    init(_ samples: [EntrySample], denseEnd: Int) {
        var (first, top) = (Int.max, Int.min)
        for sample in samples where sample.day <= denseEnd {
            first = min(first, sample.day)
            top = max(top, sample.day)
        }
        if first <= top {
            base = first
            counts = [Int](repeating: 0, count: top - first + 1)
            sums = [Double](repeating: 0, count: top - first + 1)
        }
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                for sample in samples {
                    if sample.day <= denseEnd {
                        let offset = sample.day - base
                        counts[offset] += 1
                        sums[offset] += MetricNumber.sample(sample.value)
                    } else {
                        sparse[sample.day, default: DayTally(day: DayKey(ordinal: sample.day), count: 0)].add(
                            sample.value)
                    }
                }
            }
        }
    }

    /// The first day with an entry.
    var first: Int? {
        counts.isEmpty ? sparse.keys.min() : base
    }

    /// Whether the day's entries meet `rule` (a day without entries: false).
    func isDone(_ day: Int, _ rule: DoneRule) -> Bool {
        self[day].map { rule.isDone(count: $0.count, sum: $0.sum) } ?? false
    }

    /// The day's number of entries and their values' sum (a count of 0: no entry), without
    /// making a `DayTally`.
    @inline(__always) func tally(_ day: Int) -> (count: Int, sum: Double) {
        let offset = day - base
        if offset >= 0 && offset < counts.count { return (counts[offset], sums[offset]) }
        guard !sparse.isEmpty, let tally = sparse[day] else { return (0, 0) }
        return (tally.count, tally.sum)
    }

    subscript(day: Int) -> DayTally? {
        let offset = day - base
        if offset >= 0 && offset < counts.count {
            return counts[offset] > 0
                ? DayTally(day: DayKey(ordinal: day), count: counts[offset], sum: sums[offset]) : nil
        }
        return sparse.isEmpty ? nil : sparse[day]
    }
}

/// How one habit's verdict on a day becomes its state (SPEC §17.1's order): its entries
/// first, then a pause, its archiving, then what the routines said.
struct StateRule {
    let key: HabitKey
    let rule: DoneRule
    let tallies: DayTallies
    let pauses: [PauseSpan]
    let archivedFrom: Int?
    let today: Int

    /// The state on the day, and whether it was due and done (or partial).
    func state(_ day: Int, _ verdict: Verdict?) -> (state: DayState, dueDone: Bool) {
        if let state = decided(day) {
            return (state, Self.isDoneOrPartial(state) && (verdict.map(Self.makesDue) ?? false))
        }
        return ((verdict ?? .notDue(.branchNotTaken)).state(past: day < today, isToday: day == today), false)
    }

    /// Whether the verdict makes its day due (by rank: comparing with `.declined` would
    /// compare the enums' payloads).
    static func makesDue(_ verdict: Verdict) -> Bool {
        verdict.rank <= Verdict.due.rank && verdict.rank != Verdict.declined.rank
    }

    /// A day whose state this is counts as due and done when its verdict made it due.
    static func isDoneOrPartial(_ state: DayState) -> Bool {
        switch state {
        case .done, .partial: true
        default: false
        }
    }

    /// The state that the day's entries, a pause or the habit's archiving give it (SPEC
    /// §17.1: before what the routines said); nil when the verdict decides.
    @inline(__always) func decided(_ day: Int) -> DayState? {
        let (count, sum) = tallies.tally(day)
        let isDone = count > 0 ? rule.isDone(count: count, sum: sum) : rule.emptyDayIsDone && day <= today
        if isDone { return .done }
        if count > 0, let partial = rule.partial(count: count, sum: sum) {
            return .partial(amount: partial.amount, target: partial.target)
        }
        if !pauses.isEmpty {
            let date = DayKey(ordinal: day)
            if pauses.contains(where: { $0.covers(key, on: date) }) { return .paused }
        }
        if let archivedFrom, day >= archivedFrom { return .notDue(.archived) }
        return nil
    }
}

/// The one computation behind `HabitLedger.build`.
struct LedgerBuilder {
    let planner: DayPlanner
    let store: AppDatabase
    let end: DayKey
    let today: DayKey
    let time: TimeContext
    /// The last day evaluated densely: the earlier of `end` and today.
    let denseEnd: Int
    /// Days after `denseEnd` (up to `end`) to evaluate.
    var extra: Set<Int>
    /// The first day evaluated (nil: each habit's first day).
    var window: Int?
    /// The habits asked for (nil: all): only they, the routines that reach them and the
    /// habits whose streaks those routines' conditions read are evaluated.
    let wanted: Set<HabitKey>?
    /// Every habit key the ledger names, each once: its per-habit tables are arrays by
    /// index here (set by `build`, from the records' own).
    var names: [HabitKey] = []
    /// Each name's index in `names`.
    var indexOf: [HabitKey: Int] = [:]
    /// Each habit's rule from verdict to state, by index (set by `build`).
    var stateRules: [StateRule?] = []

    init(
        planner: DayPlanner, from: DayKey?, end: DayKey, extra: [DayKey], habits: Set<HabitKey>? = nil,
        time: TimeContext
    ) throws {
        self.planner = planner
        wanted = habits
        store = planner.store
        self.end = end
        self.time = time
        today = time.today
        window = from.map { min($0.ordinal, end.ordinal) }
        denseEnd = min(end.ordinal, time.today.ordinal)
        self.extra = Set(extra.map(\.ordinal).filter { $0 > min(end.ordinal, time.today.ordinal) && $0 <= end.ordinal })
    }

    mutating func build() throws -> HabitLedger {
        let (compiled, kept) = try routinesToEvaluate()
        // A condition's `streak(H)` reads H's states from its first day: a window would
        // cut them, so a ledger evaluating such a routine reads the whole history.
        if compiled.contains(where: { !$0.routine.conditionStreakHabits.isEmpty }) { window = nil }
        let habits = try store.habits.all(includeArchived: true).filter { kept?.contains($0.key) ?? true }
        // A window reads, before its first day, the days a schedule reads (`every: N`:
        // the last done day within N days; `per: N/P`: the done days within P).
        let lookback = habits.map { $0.schedule?.span ?? 0 }.max() ?? 0
        // Only the kept habits' entries: the others' decide no state of a kept habit. (A
        // ledger through a day after today reads them all: another habit's entry after
        // today is a day every habit evaluates, which momentum's denominator counts.)
        let records = try store.ledger.records(
            from: window.map { DayKey(ordinal: $0 - lookback) }, to: end, entriesOf: end <= today ? kept : nil)
        // Habits by index from here on (an array look-up, not a hash of the name), names at the edges.
        names = records.habits
        for (index, key) in names.enumerated() { indexOf[key] = index }
        let ids = habits.map { intern($0.key) }
        let count = names.count
        // Each day's live entries, tallied: a day target (SPEC §18.1) reads their count or sum.
        var samples = records.entries
        if samples.count < count { samples += [[EntrySample]](repeating: [], count: count - samples.count) }
        var firstEntry = [Int?](repeating: nil, count: count)
        // A window's habits' first days, whatever their day (the whole history's do not
        // need it: they read every row).
        if window != nil {
            for (key, day) in try store.ledger.firstDays() where day <= end {
                if let id = indexOf[key] { firstEntry[id] = day.ordinal }
            }
        }
        for habitSamples in samples {
            // A habit's entries come in day order: only its last ones can be after `denseEnd`.
            for sample in habitSamples.reversed() {
                guard sample.day > denseEnd else { break }
                extra.insert(sample.day)
            }
        }
        var tallies = [DayTallies?](repeating: nil, count: count)
        for id in samples.indices where !samples[id].isEmpty {
            let habitTallies = DayTallies(samples[id], denseEnd: denseEnd)
            tallies[id] = habitTallies
            if let day = habitTallies.first { firstEntry[id] = min(firstEntry[id] ?? day, day) }
        }
        var rules = [DoneRule?](repeating: nil, count: count)
        for (habit, id) in zip(habits, ids) where habit.dayTarget != nil {
            rules[id] = DoneRule(target: habit.dayTarget, isQuantity: habit.measure != nil)
        }
        // Whether the day's entries make the habit done (what a run finds already done).
        func done(_ id: Int, _ day: Int) -> Bool {
            tallies[id]?.isDone(day, rules[id] ?? .anyEntry) ?? false
        }
        let (steps, elsewhere, runs) = (records.steps, records.elsewhere, records.runs)
        for step in steps where step.day.ordinal > denseEnd { extra.insert(step.day.ordinal) }
        for run in runs where run.day.ordinal > denseEnd { extra.insert(run.day.ordinal) }
        let pauses = try store.pauses.pauseSpans()
        let extraDays = extra.sorted()

        // A run that asked a habit is evidence of it, even on a day before its creation
        // here (a routine imported after runs were recorded with `--day`, or pulled).
        for step in steps {
            let day = step.day.ordinal
            firstEntry[step.habit] = min(firstEntry[step.habit] ?? day, day)
        }
        var columns = [VerdictColumn?](repeating: nil, count: count)
        var archivedFrom = [Int?](repeating: nil, count: count)
        var firstDay = [Int?](repeating: nil, count: count)
        for (habit, id) in zip(habits, ids) {
            let created = dayOrdinal(habit.createdAt)
            firstDay[id] = min(created, firstEntry[id] ?? created)
            // The days evaluated start at the habit's first day, or at the window's.
            let first = max(firstDay[id] ?? created, window ?? Int.min)
            columns[id] = VerdictColumn(first: first, count: max(0, denseEnd - first + 1))
            if let archived = habit.archivedAt { archivedFrom[id] = dayOrdinal(archived) }
        }

        // What each run asked (SPEC §17.5: this store's runs and the steps pulled from
        // other devices alike), by routine and day.
        // A run's steps are read together (row order): they are gathered per run in a
        // short list and filed once per run, not hashed three times per step; routines
        // are numbered in the order met (a few: found by comparing, the same slug string
        // mostly), days are positions in an array.
        var slugs: [String] = []
        func routineIndex(_ slug: String) -> Int {
            if let index = slugs.firstIndex(of: slug) { return index }
            slugs.append(slug)
            return slugs.count - 1
        }
        var filed: [DayTable<Range<Int>>] = []
        var runDays: [DayTable<Bool>] = []
        func ensure(_ index: Int) {
            while filed.count <= index { filed.append(DayTable()) }
            while runDays.count <= index { runDays.append(DayTable()) }
        }
        var run = (routine: "", index: -1, day: Int.min)
        var pool = AskedPool()
        func file() {
            guard pool.gathering else { return }
            filed[run.index][run.day] = pool.file(mergingWith: filed[run.index][run.day])
        }
        for step in steps {
            guard let verdict = Verdict(outcome: step.outcome, reason: step.reason) else {
                throw LedgerError.unknownOutcome(
                    step.outcome, routine: step.routine, day: step.day, habit: names[step.habit].rawValue)
            }
            let day = step.day.ordinal
            if day != run.day || step.routine != run.routine {
                file()
                let index = step.routine == run.routine ? run.index : routineIndex(step.routine)
                ensure(index)
                run = (step.routine, index, day)
            }
            pool.note(step.habit, verdict)
        }
        file()
        var last = (routine: "", index: -1)
        for run in runs {
            if run.routine != last.routine || last.index < 0 { last = (run.routine, routineIndex(run.routine)) }
            ensure(last.index)
            let day = run.day.ordinal
            runDays[last.index][day] = (runDays[last.index][day] ?? true) && run.finished
        }
        for key in elsewhere {
            let index = routineIndex(key.routine)
            ensure(index)
            if runDays[index][key.day.ordinal] == nil { runDays[index][key.day.ordinal] = true }
        }
        // After the runs: a run that recorded no step numbers its routine here, and every
        // routine numbered has its (maybe empty) table of what was asked.
        let asked = filed.map { $0.mapValues { pool.asked($0) } }

        // Habits in the active routines (all of them: a habit a routine left out of this
        // ledger reaches is not one it keeps).
        var inActive = Set<HabitKey>()
        for routine in try planner.compiledRoutines() {
            inActive.formUnion(routine.routine.reachableHabitNames().map { HabitKey($0) })
        }
        // Runs of routines no longer active still say what they asked.
        let active = Set(try planner.compiledRoutines().map(\.slug))
        for (index, routine) in slugs.enumerated() where !active.contains(routine) {
            asked[index].forEach { day, verdicts in
                for (habit, verdict) in verdicts { columns[habit]?.add(verdict, on: day) }
            }
        }
        // Habits in no active routine: their schedule and pauses (SPEC §13.6).
        for (habit, id) in zip(habits, ids) where !inActive.contains(habit.key) {
            guard var column = columns[id] else { continue }
            // Taken out, so that adding to it does not copy its days (the array held them too).
            columns[id] = nil
            var last: Int?
            let rule = rules[id] ?? .anyEntry
            let habitTallies = tallies[id]
            // Under an at-most limit a day without entries is done too (up to today).
            func isDone(_ day: Int) -> Bool {
                guard let tally = habitTallies?[day] else { return rule.emptyDayIsDone && day <= today.ordinal }
                return rule.isDone(count: tally.count, sum: tally.sum)
            }
            var window: [Int] = []
            // In a window, the days a schedule reads before it are walked too (their
            // verdicts fall before the column's first day, which drops them).
            let start = self.window.map { max(firstDay[id] ?? column.first, $0 - lookback) } ?? column.first
            let days = (start <= denseEnd ? Array(start...denseEnd) : []) + extraDays
            // Without a schedule, or with weekdays, the verdict is the weekday's (the
            // status reads nothing else): computed once per weekday.
            switch habit.schedule {
            case nil, .days:
                // Each weekday's verdict as its code in the column (0: not worked out yet).
                var byWeekday = [UInt32](repeating: 0, count: 7)
                for day in days where day >= start {
                    let weekday = ((day % 7) + 7) % 7
                    if byWeekday[weekday] == 0 {
                        let status = Due.status(
                            schedule: habit.schedule, paused: false, day: DayKey(ordinal: day), lastDoneBefore: nil)
                        byWeekday[weekday] = column.code(
                            of: status.isDue ? .due : .notDue(Verdict.notDue(status.reason ?? "schedule")))
                    }
                    column.add(code: byWeekday[weekday], on: day)
                }
                columns[id] = column
                continue
            case .every, .per:
                break
            }
            for day in days where day >= start {
                let date = DayKey(ordinal: day)
                let status = Due.status(
                    schedule: habit.schedule, paused: false, day: date, lastDoneBefore: last.map(DayKey.init(ordinal:)),
                    doneInLast: { k in window.reduce(0) { $0 + ($1 >= day - k ? 1 : 0) } })
                column.add(status.isDue ? .due : .notDue(Verdict.notDue(status.reason ?? "schedule")), on: day)
                if isDone(day) {
                    last = day
                    if case .per(_, let p) = habit.schedule {
                        window.append(day)
                        window.removeAll { $0 <= day - p }
                    }
                }
            }
            columns[id] = column
        }

        stateRules = [StateRule?](repeating: nil, count: count)
        for (habit, id) in zip(habits, ids) {
            stateRules[id] = StateRule(
                key: habit.key, rule: rules[id] ?? .anyEntry,
                tallies: tallies[id] ?? DayTallies([], denseEnd: denseEnd),
                pauses: pauses.filter { $0.applies(to: habit.key) }, archivedFrom: archivedFrom[id],
                today: today.ordinal)
        }
        // The routines last: a routine's `streak(H)` conditions read H's states, which the
        // habits by hand and the routines evaluated before it have decided.
        for routine in compiled {
            let keys = routine.routine.reachableHabitNames().compactMap { indexOf[HabitKey($0)] }.filter {
                columns[$0] != nil
            }
            let index = slugs.firstIndex(of: routine.slug)
            try evaluate(
                routine, keys: keys, columns: &columns, asked: index.map { asked[$0] } ?? DayTable(),
                runDays: index.map { runDays[$0] } ?? DayTable(), done: done, extraDays: extraDays)
        }

        var result: [HabitKey: HabitDays] = [:]
        var evaluated = 0
        for (habit, id) in zip(habits, ids) {
            guard let column = columns[id], let rule = stateRules[id] else { continue }
            // Days come in ascending order (dense, then the later ones).
            var dueDone: [Int] = []
            func state(_ day: Int, _ verdict: Verdict?) -> DayState {
                evaluated += 1
                let (state, wasDueDone) = rule.state(day, verdict)
                if wasDueDone { dueDone.append(day) }
                return state
            }
            var codes = HabitDays.Codes(capacity: column.denseCount)
            // Each distinct verdict's part once (index 0: none): whether it makes a day
            // due, and the code of the state it leaves a past day.
            let palette: [Verdict?] = [nil] + column.palette
            let makesDue = palette.map { $0.map(StateRule.makesDue) ?? false }
            let past = palette.map { codes.code(($0 ?? .notDue(.branchNotTaken)).state(past: true, isToday: false)) }
            let done = codes.code(.done)
            for (offset, code) in column.codes.enumerated() {
                let (day, code) = (column.first + offset, Int(code))
                guard day < today.ordinal else {
                    codes.append(state(day, palette[code]))
                    continue
                }
                evaluated += 1
                guard let decided = rule.decided(day) else {
                    codes.append(code: past[code])
                    continue
                }
                if makesDue[code] && StateRule.isDoneOrPartial(decided) { dueDone.append(day) }
                if decided.isDone { codes.append(code: done) } else { codes.append(decided) }
            }
            var sparse: [Int: DayState] = [:]
            for day in extraDays where day >= column.first { sparse[day] = state(day, column.sparse[day]) }
            result[habit.key] = HabitDays(
                first: column.first, codes: codes, sparse: sparse, dueDoneAscending: dueDone)
        }
        var entriesByHabit: [HabitKey: [EntrySample]] = [:]
        for (id, habitSamples) in samples.enumerated() where !habitSamples.isEmpty {
            entriesByHabit[names[id]] = habitSamples
        }
        return HabitLedger(
            today: today, through: end, from: window.map(DayKey.init(ordinal:)), days: result,
            entriesByHabit: entriesByHabit, evaluatedCount: evaluated)
    }

    /// The active routines to evaluate, in the order that lets a routine's `streak(H)`
    /// read H's states from the routines that reach H (evaluated before it, where no two
    /// routines read each other's), and the habits kept (nil: all). With `wanted`, the
    /// routines that reach a wanted habit, then those that reach a habit whose streak
    /// one of them reads, and so on; their habits are kept.
    private func routinesToEvaluate() throws -> (routines: [DayPlanner.Compiled], kept: Set<HabitKey>?) {
        let all = try planner.compiledRoutines()
        let reach = all.map { Set($0.routine.reachableHabitNames().map { HabitKey($0) }) }
        let reads = all.map { Set($0.routine.conditionStreakHabits) }
        var chosen = Set(all.indices)
        var kept: Set<HabitKey>?
        if var keys = wanted {
            chosen = []
            var grew = true
            while grew {
                grew = false
                for index in all.indices where !chosen.contains(index) && !reach[index].isDisjoint(with: keys) {
                    chosen.insert(index)
                    keys.formUnion(reach[index])
                    keys.formUnion(reads[index])
                    grew = true
                }
            }
            kept = keys
        }
        // A routine comes after every other routine reaching a habit whose streak it reads.
        var order: [Int] = []
        var left = all.indices.filter { chosen.contains($0) }
        while !left.isEmpty {
            let ready =
                left.first { index in
                    left.allSatisfy { other in other == index || reach[other].isDisjoint(with: reads[index]) }
                } ?? left[0]
            order.append(ready)
            left.removeAll { $0 == ready }
        }
        return (order.map { all[$0] }, kept)
    }

    /// The index of `key` in `names`, added if it is not there.
    private mutating func intern(_ key: HabitKey) -> Int {
        if let index = indexOf[key] { return index }
        indexOf[key] = names.count
        names.append(key)
        return names.count - 1
    }

    private func dayOrdinal(_ date: Date) -> Int {
        DayKey(instant: date, timeZone: time.timeZone, dayStartMinutes: time.dayStartMinutes).ordinal
    }
}
