/// Three-valued activation: never, on some ways, on every way.
enum Tri: Int, Comparable, Sendable {
    case no = 0, maybe, yes

    init(_ truth: Bool?) { self = truth.map { $0 ? .yes : .no } ?? .maybe }

    static func < (a: Tri, b: Tri) -> Bool { a.rawValue < b.rawValue }
}

extension Walker {
    /// What this run asks from where it stands (SPEC §13.1): each habit node certain,
    /// possible, optional or not due, and the ones already passed as done, skipped or
    /// declined. A fresh walker (`Walker(routine:dayKey:…context:)`) gives the outlook of
    /// a run about to start.
    ///
    /// One pass over the visit order from the cursor, with three-valued activation and
    /// conditions: a condition that reads only the day and the history before the run is
    /// evaluated; one that reads what the rest of the run may change (`answer(q)` of a
    /// question still ahead, `done(H)`, `week-count(H)`, `week-sum(H)` of the day for a
    /// habit the run may still record before the node's turn) is unknown, and a node
    /// behind an unknown is possible, never dropped. A node activated on some ways only is
    /// checked once more for convergence (every answer leads to it, perhaps through other
    /// nodes): then it is certain. Without a context every node is due.
    ///
    /// `context` replaces the walker's for the outlook only; with `historyKnown` false,
    /// what reads the history (`days-since`, `streak`, `done(H, N)`, `due`, `every:`) is
    /// unknown too: what `paths` without `--day` assumes (SPEC §13.5).
    public func outlook(context: DayContext? = nil, historyKnown: Bool = true) -> RoutineOutlook {
        var pass = OutlookPass(walker: self, context: context ?? self.context, historyKnown: historyKnown)
        pass.run()
        return pass.result()
    }
}

/// The state of one `Walker.outlook()` computation.
struct OutlookPass {
    let walker: Walker
    let count: Int
    var act: [Tri]
    var led: [Bool]
    var depends: [String?]
    /// Why a node that no way activates is left out, when an option's `when:` says so.
    var blocked: [String?]
    /// Per node: asked for sure once activated (its gate open on every way).
    var surely: [Bool]
    /// Per question: each option's offer (`no`, `maybe`, `yes`).
    var offers: [Int: [Tri]] = [:]
    var classes: [Int: NodeOutlook] = [:]
    /// Habits some node before the current one may still record in this run.
    var mayRecord = Set<HabitKey>()
    var position = 0
    let nodeByID: [String: Int]

    let context: DayContext?
    let historyKnown: Bool

    init(walker: Walker, context: DayContext?, historyKnown: Bool) {
        self.walker = walker
        self.context = context
        self.historyKnown = historyKnown
        count = walker.routine.nodes.count
        act = [Tri](repeating: .no, count: count)
        led = [Bool](repeating: false, count: count)
        depends = [String?](repeating: nil, count: count)
        blocked = depends
        surely = [Bool](repeating: false, count: count)
        var byID: [String: Int] = [:]
        for (index, node) in walker.routine.nodes.enumerated() { byID[node.id] = index }
        nodeByID = byID
    }

    mutating func run() {
        for step in walker.steps where walker.habitKey(ofNode: step.nodeIndex) != nil {
            classes[step.nodeIndex] = Self.outlook(of: step.answer)
        }
        let order = walker.order
        let live = walker.status == .active || walker.status == .paused
        if live {
            for index in 0..<count where walker.activated[index] {
                act[index] = .yes
                led[index] = walker.answerLed[index]
            }
        }
        for index in order.nodes[min(walker.cursor, order.count)...] where live {
            position = order.positions[index] ?? 0
            visit(index)
        }
        for index in 0..<count where classes[index] == nil && walker.habitKey(ofNode: index) != nil {
            classes[index] = .notDue(reason: blocked[index] ?? "not reached")
        }
    }

    static func outlook(of answer: StepAnswer) -> NodeOutlook {
        switch answer {
        case .done: .done
        case .alreadyDone: .alreadyDone
        case .skipped: .skipped
        case .declined: .declined
        case .notDue(let reason): .notDue(reason: reason)
        // Left for later: still to do today (SPEC §17.4), as a habit not yet asked is.
        case .option, .later: .certain
        }
    }

    private mutating func visit(_ index: Int) {
        let node = walker.routine.nodes[index]
        let key = walker.habitKey(ofNode: index)
        if act[index] == .maybe, unavoidable(index) { act[index] = .yes }
        guard act[index] != .no else { return }
        if let key, walker.knownDone.contains(key) || walker.doneByRun.contains(key) {
            // Stepped over as already done whatever its condition, activating its `next`.
            classes[index] = .alreadyDone
            surely[index] = true
            spread(node.next, act[index], led[index], depends[index])
            return
        }
        if let key, mayRecord.contains(key) {
            // An earlier node may record the habit first: then this one is stepped over
            // as already done, whatever its condition, and activates its `next`.
            spread(node.next, min(act[index], .maybe), led[index], depends[index] ?? "your answers")
        }
        var when = Tri.yes
        var why = depends[index]
        if let text = node.when, let expr = walker.conditions.node[index] {
            when = Tri(ConditionEvaluator.truth(expr, in: environment()))
            if when == .no {
                if key != nil { classes[index] = .notDue(reason: "when: \(text)") }
                return
            }
            if when == .maybe { why = "when: \(text)" }
        }
        var strength = min(act[index], when)
        if let key {
            if mayRecord.contains(key) { strength = min(strength, .maybe) }
            var status = context?.dueStatus(key, declared: walker.habitSpecs[key]?.schedule) ?? .due
            var lately = false
            let schedule = context?.schedules.map { $0[key] } ?? walker.habitSpecs[key]?.schedule
            if !historyKnown, schedule?.readsHistory == true, status != .archived {
                // Whether it was done lately is unknown: it may be due.
                status = .due
                lately = true
                strength = min(strength, .maybe)
                why = why ?? "when it was last done"
            }
            switch status {
            case .archived:
                classes[index] = .notDue(reason: status.reason ?? "archived")
                return
            case .paused, .notScheduled, .frequencyMet:
                let reason = status.reason ?? "not due"
                guard led[index] else {
                    classes[index] = .notDue(reason: reason)
                    return
                }
                classes[index] = .optional(reason: reason)
                strength = .maybe
            case .due:
                surely[index] = when == .yes && !lately
                classes[index] = strength == .yes ? .certain : .possible(dependsOn: why ?? "your answers")
            }
            mayRecord.insert(key)
            spread(node.next, strength, led[index], why)
            return
        }
        guard case .question(let text, let options) = node.body else { return }
        let env = environment()
        let offer = options.indices.map { option in
            walker.conditions.options[index]?[option].map { Tri(ConditionEvaluator.truth($0, in: env)) } ?? .yes
        }
        offers[index] = offer
        guard let best = offer.max(), best != .no else { return }
        strength = min(strength, best)
        surely[index] = when == .yes && best == .yes
        spread(node.next, strength, led[index], why)
        for option in offer.indices where offer[option] == .no {
            for target in options[option].next where target >= 0 && target < count && blocked[target] == nil {
                blocked[target] = options[option].when.map { "when: \($0)" }
            }
        }
        let open = offer.indices.filter { offer[$0] != .no }
        let answer = "your answer to “\(text)”"
        for option in open {
            let forced = strength == .yes && open.count == 1
            spread(options[option].next, forced ? .yes : min(strength, .maybe), true, forced ? why : answer)
        }
    }

    private mutating func spread(_ targets: [Int], _ strength: Tri, _ ledHere: Bool, _ why: String?) {
        for target in targets where target >= 0 && target < count {
            act[target] = max(act[target], strength)
            if ledHere { led[target] = true }
            if strength == .maybe, depends[target] == nil { depends[target] = why }
        }
    }

    /// Whether every way the walk can go from here activates node `target` (through
    /// nodes asked for sure): an AND-OR pass backwards over the visit order between the
    /// cursor and `target`. Skipped for very large routines (the node stays possible).
    private func unavoidable(_ target: Int) -> Bool {
        let order = walker.order
        guard count <= 5_000, let end = order.positions[target] else { return false }
        let begin = min(walker.cursor, order.count)
        guard begin < end else { return false }
        var reaches = [Bool](repeating: false, count: count)
        reaches[target] = true
        func any(_ refs: [Int]) -> Bool { refs.contains { $0 >= 0 && $0 < count && reaches[$0] } }
        for position in stride(from: end - 1, through: begin, by: -1) {
            let index = order.nodes[position]
            guard surely[index] else { continue }
            let node = walker.routine.nodes[index]
            var hit = any(node.next)
            if !hit, case .question(_, let options) = node.body, let offer = offers[index] {
                let open = options.indices.filter { offer[$0] != .no }
                hit = !open.isEmpty && open.allSatisfy { any(options[$0].next) }
            }
            reaches[index] = hit
            if hit && act[index] == .yes { return true }
        }
        return false
    }

    private func environment() -> OutlookEnvironment {
        OutlookEnvironment(
            inner: walker.environment(context ?? .empty(walker.dayKey)), walker: walker, pass: self)
    }

    func result() -> RoutineOutlook {
        var rows: [RoutineOutlook.Habit] = []
        var rowOfKey: [HabitKey: Int] = [:]
        let order = walker.order.nodes + (0..<count).filter { walker.order.positions[$0] == nil }
        for index in order {
            guard let key = walker.habitKey(ofNode: index), let outlook = classes[index] else { continue }
            if let row = rowOfKey[key] {
                if outlook.rank < rows[row].outlook.rank { rows[row].outlook = outlook }
            } else {
                rowOfKey[key] = rows.count
                rows.append(.init(key: key, name: walker.habitName(ofNode: index), outlook: outlook))
            }
        }
        return RoutineOutlook(nodes: classes, habits: rows)
    }

    /// Whether a question may still be answered before the node at `position`.
    func mayAnswer(_ question: Int) -> Bool {
        guard let at = walker.order.positions[question] else { return false }
        return at >= walker.cursor && at < position && act[question] != .no
    }
}

/// A run's condition environment that knows only what is fixed before a node's turn
/// (SPEC §13.1).
struct OutlookEnvironment: ForwardingEnvironment {
    let inner: WalkerEnvironment
    let walker: Walker
    let pass: OutlookPass

    func knows(_ function: ConditionFunction, _ subject: String, daysBack: Int) -> Bool {
        switch function {
        case .answer where daysBack > 0:
            // An answer of an earlier day is history.
            return pass.historyKnown
        case .answer:
            if walker.steps.contains(where: { $0.node == subject }) { return true }
            guard let question = pass.nodeByID[subject] else { return true }
            return !pass.mayAnswer(question)
        case .done where daysBack == 0, .weekCount, .weekSum:
            let key = HabitKey(subject)
            // Done already: not recorded again, so every figure of the day is fixed.
            if walker.knownDone.contains(key) || walker.doneByRun.contains(key) { return true }
            return !pass.mayRecord.contains(key)
        case .due:
            if pass.historyKnown { return true }
            if case .days = walker.habitSpecs[HabitKey(subject)]?.schedule { return true }
            return false
        default:
            return pass.historyKnown
        }
    }
}
