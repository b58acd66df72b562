/// One run through a routine, as a pure value: what to ask now, what an answer does,
/// and the whole state, `Codable`, so that a store can pause a run and resume it
/// exactly (SPEC §4). No I/O: the host shows `prompt`, passes each input line to
/// `handle(_:)`, and applies the returned effects to its store before it shows the
/// next prompt.
///
/// The walk follows the `VisitOrder`; a node is visited only when activated (start
/// nodes; a visited habit's `next`; a visited question's chosen option's `next` and
/// its own `next`). A habit that already has a live entry on the run's day — known
/// from the host (`knownDone`) or written by this run — is stepped over as
/// `already-done`, with its `next` activated as if done.
///
/// Invariant: `steps` are the visited nodes in visit order; `cursor` is the position
/// (in the visit order) of the current prompt: the first activated node after the last
/// step (habits already done become steps as the cursor passes them). Everything but
/// `steps`, `knownDone`, `status` and the token counter is derived from them.
public struct Walker: Sendable {
    public let routine: Routine
    /// The run's day; every entry carries it.
    public private(set) var dayKey: DayKey
    /// Habit properties by `HabitName.key`: the routine's, overridden field by field by
    /// the host's.
    public let habitSpecs: [HabitKey: HabitSpec]
    /// Keys of habits the host says have a live entry on `dayKey`.
    public private(set) var knownDone: Set<HabitKey>
    /// The visited nodes, in order, as they stand (undone ones are gone).
    public private(set) var steps: [Step]
    public private(set) var status: RunStatus
    var nextToken: Int
    /// The host's snapshot of the person's history (SPEC §10.4); nil: every node is due.
    /// Not saved with the run: the host passes a fresh one on resume.
    public private(set) var context: DayContext?

    let order: VisitOrder
    let habitTable: HabitTable
    /// The parsed `when:` conditions (derived from the routine).
    let conditions: RoutineConditions
    private(set) var activated: [Bool]
    /// Nodes activated, directly or through other nodes, by an option the person chose
    /// (SPEC §13.4): a habit among them that is not due by its schedule or a pause is
    /// asked as optional instead of passed. Derived from `steps`, like `activated`.
    private(set) var answerLed: [Bool]
    private(set) var doneByRun: Set<HabitKey>
    private(set) var cursor: Int
    /// The run's pass over the habits it left for later (SPEC §17.4), nil before one
    /// starts (`reopenForLater()`): the indices in `steps` answered again in this pass, in
    /// order (`back` undoes the last of them). The steps still `later` and not in it are
    /// what the pass asks, in visit order; every other answer stands.
    public internal(set) var laterPass: [Int]?

    /// Starts a run of `routine` on `dayKey`.
    ///
    /// - Parameters:
    ///   - habitSpecs: what the host knows of habits, by `HabitName.key` (e.g. a habit
    ///     the store knows as a quantity, or its first spelling); it overrides and
    ///     extends `routine.habits`.
    ///   - alreadyDone: keys of habits with a live entry on `dayKey`.
    ///
    ///   - context: the person's history and pauses; habit nodes that are not due by
    ///     their schedule or a pause become `not-due` steps. nil: everything is due.
    ///
    /// Habits already done at the start are stepped over at once (see `steps`), and so
    /// are nodes that are not due; when every activated node is, the run is `completed`
    /// from the start.
    public init(
        routine: Routine, dayKey: DayKey, habitSpecs: [HabitKey: HabitSpec] = [:], alreadyDone: Set<HabitKey> = [],
        context: DayContext? = nil
    ) {
        let merged = Walker.merge(routine.habits, habitSpecs)
        self.init(
            routine: routine, dayKey: dayKey, mergedSpecs: merged,
            knownDone: alreadyDone, steps: [], status: .active, nextToken: 1)
        self.context = context
        settle()
    }

    /// A run of the same routine starting afresh on `dayKey`, reusing this walker's
    /// compiled routine (visit order, habit table, parsed conditions): what the day
    /// planner evaluates for each of many days.
    public func startingAfresh(
        on dayKey: DayKey, alreadyDone: Set<HabitKey> = [], context: DayContext? = nil
    ) -> Walker {
        var walker = self
        walker.dayKey = dayKey
        walker.knownDone = alreadyDone
        walker.steps = []
        walker.status = .active
        walker.nextToken = 1
        walker.context = context
        walker.laterPass = nil
        walker.rebuild()
        walker.settle()
        return walker
    }

    /// Rebuilds the derived state from the stored one. Callers have checked `steps`.
    init(
        routine: Routine, dayKey: DayKey, mergedSpecs: [HabitKey: HabitSpec], knownDone: Set<HabitKey>, steps: [Step],
        status: RunStatus, nextToken: Int
    ) {
        self.routine = routine
        self.dayKey = dayKey
        self.habitSpecs = mergedSpecs
        self.knownDone = knownDone
        self.steps = steps
        self.status = status
        self.nextToken = nextToken
        order = VisitOrder(routine)
        conditions = RoutineConditions(routine)
        habitTable = HabitTable(
            routine,
            knownNames: mergedSpecs.compactMapValues { spec in
                let name = HabitName.display(spec.name)
                return name.isEmpty ? nil : name
            })
        activated = []
        answerLed = []
        doneByRun = []
        cursor = 0
        laterPass = nil
        rebuild()
    }

    private static func merge(_ declared: [HabitSpec], _ known: [HabitKey: HabitSpec]) -> [HabitKey: HabitSpec] {
        var merged: [HabitKey: HabitSpec] = [:]
        for spec in declared where merged[HabitKey(spec.name)] == nil {
            merged[HabitKey(spec.name)] = spec
        }
        for (key, spec) in known {
            guard let base = merged[key] else {
                merged[key] = spec
                continue
            }
            merged[key] = HabitSpec(
                name: spec.name.isEmpty ? base.name : spec.name, measure: spec.measure ?? base.measure,
                target: spec.target ?? base.target, weekly: spec.weekly ?? base.weekly,
                schedule: spec.schedule ?? base.schedule)
        }
        return merged
    }

    // MARK: - What to ask

    /// What to ask now; nil when the run is not active (completed, paused or aborted).
    public var prompt: Prompt? {
        guard let index = promptNode else { return nil }
        let node = routine.nodes[index]
        switch node.body {
        case .question(let text, let options):
            let offered = offeredOptions(ofNode: index)
            var prompt = Prompt(node: node.id, kind: .question, text: text, options: offered.map { options[$0].text })
            prompt.optionIndices = offered
            for index in options.indices where !offered.contains(index) {
                prompt.hiddenOptions[index] = options[index].text
            }
            return prompt
        case .habit:
            let key = habitKey(ofNode: index) ?? ""
            let spec = habitSpecs[key]
            var prompt = Prompt(
                node: node.id, kind: .habit, text: habitName(ofNode: index), measure: spec?.measure,
                target: spec?.measure == nil ? nil : spec?.target)
            if case .optional(let reason) = gate(ofNode: index) { prompt.notDueReason = reason }
            return prompt
        }
    }

    /// The node asked now: in a pass over the habits left for later, the first still
    /// later; else the node at the cursor. Nil when the run is not active.
    var promptNode: Int? {
        guard status == .active else { return nil }
        if laterPass != nil { return pendingLater.first.map { steps[$0].nodeIndex } }
        return cursor < order.count ? order.nodes[cursor] : nil
    }

    /// In a pass over the habits left for later: the indices in `steps` still to ask.
    var pendingLater: [Int] {
        guard let laterPass else { return [] }
        return steps.indices.filter { steps[$0].answer == .later && !laterPass.contains($0) }
    }

    /// The habits this run left for later (their shown names, in visit order).
    public var leftForLater: [String] {
        steps.filter { $0.answer == .later }.map(\.text)
    }

    /// The live entries this run has written (or, in a dry run, would write), in order.
    public var entries: [EntryDraft] {
        steps.compactMap { step in
            guard case .done(let value) = step.answer, let token = step.token else { return nil }
            return EntryDraft(
                habit: step.text, habitKey: habitKey(ofNode: step.nodeIndex) ?? HabitKey(step.text),
                dayKey: dayKey, value: value, node: step.node, token: token)
        }
    }

    // MARK: - Answers and commands

    /// Handles one line of input (SPEC §4.2): an answer, a run command (`back`,
    /// `pause`, `abort`, `help`, which win over option texts), an empty line, or
    /// something to reject with a hint. Only `answered` and `wentBack` change the run's
    /// answers; `paused` and `aborted` end it. On a run that is not active, every line
    /// is rejected.
    public mutating func handle(_ line: String) -> WalkerEvent {
        guard let prompt else { return .rejected(hint: "the run is \(status.rawValue); there is nothing to answer") }
        let reading = AnswerReader.read(line, at: prompt)
        if let reason = prompt.notDueReason, reading == .empty || reading == .skip {
            return answer(.declined(reason: reason))
        }
        switch reading {
        case .empty: return .ignored
        case .rejected(let hint): return .rejected(hint: hint)
        case .command(.help): return .help(prompt.helpLines)
        case .command(.pause):
            pause()
            return .paused
        case .command(.abort):
            abort()
            return .aborted
        case .command(.back): return back()
        case .option(let index):
            guard index >= 0, index < prompt.optionIndices.count else { return .rejected(hint: "no such option") }
            return answer(.option(index: prompt.optionIndices[index], text: prompt.options[index]))
        case .done(let value): return answer(.done(value: value))
        case .skip: return answer(.skipped)
        case .later: return answer(.later)
        }
    }

    private mutating func answer(_ answer: StepAnswer) -> WalkerEvent {
        guard let index = promptNode else { return .rejected(hint: "there is nothing to answer") }
        let node = routine.nodes[index]
        var effects: [WalkerEffect] = []
        var step = Step(node: node.id, nodeIndex: index, kind: .habit, text: "", answer: answer)
        if case .question(let text, _) = node.body {
            step.kind = .question
            step.text = text
        } else {
            step.text = habitName(ofNode: index)
        }
        if case .done(let value) = answer, let key = habitKey(ofNode: index) {
            step.token = nextToken
            effects.append(
                .record(
                    EntryDraft(
                        habit: step.text, habitKey: key, dayKey: dayKey, value: value, node: node.id, token: nextToken))
            )
            nextToken += 1
            doneByRun.insert(key)
        }
        if let pending = pendingLater.first {
            // A habit left for later, answered again: its step changes in place (a
            // later step activated its `next` nodes already, as any answer would).
            steps[pending] = step
            laterPass?.append(pending)
        } else {
            steps.append(step)
            activate(after: step)
            cursor += 1
        }
        return .answered(effects: effects, steppedOver: settle())
    }

    /// Starts a pass over the habits a completed run left for later (SPEC §17.4): the
    /// run is active again and asks only those, in visit order; every other answer
    /// stands. A habit done meanwhile is stepped over as already done. Returns false
    /// (and changes nothing) when the run is not completed or left nothing for later.
    @discardableResult
    public mutating func reopenForLater() -> Bool {
        guard status == .completed, steps.contains(where: { $0.answer == .later }) else { return false }
        status = .active
        laterPass = []
        settle()
        return true
    }

    /// Undoes the last answer (SPEC §4.2): steps stepped over as already done after it
    /// go too; its entry, if any, is retracted; its prompt is the current one again.
    /// At the first prompt (no answer yet), nothing changes.
    public mutating func back() -> WalkerEvent {
        guard status == .active else { return .rejected(hint: "the run is \(status.rawValue)") }
        if let pass = laterPass {
            // In a pass over the habits left for later, only its own answers are undone.
            guard let last = pass.last else { return .nothingToUndo }
            laterPass?.removeLast()
            var effects: [WalkerEffect] = []
            if let token = steps[last].token {
                effects.append(.retract(token: token))
                if let key = habitKey(ofNode: steps[last].nodeIndex) { knownDone.remove(key) }
            }
            steps[last].answer = .later
            steps[last].token = nil
            rebuild()
            return .wentBack(effects: effects, steppedOver: settle())
        }
        guard let last = steps.lastIndex(where: { !$0.isStepOver }) else { return .nothingToUndo }
        let undone = steps[last...]
        var effects: [WalkerEffect] = []
        for step in undone {
            guard let token = step.token else { continue }
            effects.append(.retract(token: token))
            // The host's knowledge may have counted this very entry.
            if let key = habitKey(ofNode: step.nodeIndex) { knownDone.remove(key) }
        }
        steps.removeSubrange(last...)
        rebuild()
        return .wentBack(effects: effects, steppedOver: settle())
    }

    /// Stops the run here; `resume()` continues it at the same prompt.
    public mutating func pause() {
        if status == .active { status = .paused }
    }

    /// Ends the run; entries already recorded stay.
    public mutating func abort() {
        if status == .active || status == .paused { status = .aborted }
    }

    /// Continues a paused run, or one saved while active by a process that then died
    /// (SPEC §4.3: such a run counts as paused). Habits the host now knows to be done
    /// (pass fresh knowledge with `refreshAlreadyDone` first) are stepped over; returns
    /// them. Completed and aborted runs stay as they are.
    @discardableResult
    public mutating func resume() -> [Step] {
        guard status == .paused || status == .active else { return [] }
        status = .active
        return settle()
    }

    /// Makes the saved answers agree with the entries the store recorded for this run
    /// (`recorded`: the tokens of its live entries), so that a run whose state fell out
    /// of step with its entries — saved by a process that continued from an old state,
    /// or written by hand — continues instead of failing at its next write (SPEC §4.3:
    /// nothing is written twice).
    ///
    /// Answers from the first done step whose entry is not recorded onwards are dropped
    /// (their prompts are asked again); entries recorded but unknown to the steps are
    /// habits already done (pass them with `refreshAlreadyDone`); new tokens count on
    /// from above every recorded one. Returns whether anything changed.
    @discardableResult
    public mutating func reconcile(recorded: Set<Int>) -> Bool {
        let before = (steps, nextToken)
        let unrecorded = { (step: Step) in step.token.map { !recorded.contains($0) } ?? false }
        if let pass = laterPass {
            // An answer of the pass whose entry is not recorded is later again.
            let lost = pass.filter { index in index >= steps.count || unrecorded(steps[index]) }
            for index in lost where index < steps.count {
                steps[index].answer = .later
                steps[index].token = nil
            }
            laterPass = pass.filter { !lost.contains($0) }
        }
        if let first = steps.firstIndex(where: unrecorded) {
            steps.removeSubrange(first...)
            // The walk continues from there; what is left for later stays so.
            laterPass = nil
        }
        nextToken = max(nextToken, (recorded.max() ?? 0) + 1)
        guard before.0 != steps || before.1 != nextToken else { return false }
        if status == .completed { status = .paused }
        rebuild()
        return true
    }

    /// Replaces what the host knows of habits done on `dayKey` (keys, or names: they are
    /// folded to keys) and re-evaluates the current prompt: if it is now done, it and any
    /// following done habits are stepped over; returns them. Call it before each prompt
    /// when other processes may log entries, and after applying a `retract`.
    @discardableResult
    public mutating func refreshAlreadyDone(_ keys: Set<HabitKey>) -> [Step] {
        knownDone = keys
        guard status == .active else { return [] }
        return settle()
    }

    /// Replaces the host's snapshot of the person's history (on resume, or when it may
    /// have changed) and re-evaluates the current prompt; returns the steps stepped over.
    @discardableResult
    public mutating func refreshContext(_ context: DayContext?) -> [Step] {
        self.context = context
        guard status == .active else { return [] }
        return settle()
    }

    // MARK: - Moving on

    /// Moves the cursor to the next prompt, stepping over inactive nodes and habits
    /// already done; completes the run when none is left.
    @discardableResult
    private mutating func settle() -> [Step] {
        var stepped: [Step] = []
        guard status == .active else { return stepped }
        if laterPass != nil {
            for index in pendingLater {
                guard let key = habitKey(ofNode: steps[index].nodeIndex),
                    knownDone.contains(key) || doneByRun.contains(key)
                else { break }
                steps[index].answer = .alreadyDone
                stepped.append(steps[index])
            }
            if pendingLater.isEmpty { status = .completed }
            return stepped
        }
        while cursor < order.count {
            let index = order.nodes[cursor]
            if !activated[index] {
                cursor += 1
                continue
            }
            let answer: StepAnswer
            if let key = habitKey(ofNode: index), knownDone.contains(key) || doneByRun.contains(key) {
                answer = .alreadyDone
            } else if case .closed(let reason) = gate(ofNode: index) {
                answer = .notDue(reason: reason)
            } else {
                return stepped
            }
            var step = Step(
                node: routine.nodes[index].id, nodeIndex: index, kind: .habit, text: habitName(ofNode: index),
                answer: answer)
            if case .question(let text, _) = routine.nodes[index].body {
                step.kind = .question
                step.text = text
            }
            steps.append(step)
            stepped.append(step)
            activate(after: step)
            cursor += 1
        }
        status = .completed
        return stepped
    }

    /// Whether a node is asked when its turn comes (SPEC §10.4, §13.4).
    enum Gate: Equatable {
        /// Asked.
        case open
        /// Not due: not asked, activates nothing; why.
        case closed(String)
        /// Not due by its habit's schedule or a pause, but led to by the person's answer:
        /// asked as optional; why it is not due.
        case optional(String)
    }

    /// Whether the node at `index` is asked now: its `when:`, its habit's schedule or a
    /// pause (optional when the person's answer led to it, SPEC §13.4), the archive
    /// mark, or a question with no option offered. Without a context nothing is
    /// evaluated: every node is asked.
    func gate(ofNode index: Int) -> Gate {
        guard let context else { return .open }
        let node = routine.nodes[index]
        if let when = node.when, let expr = conditions.node[index],
            !ConditionEvaluator.evaluate(expr, in: environment(context))
        {
            return .closed("when: \(when)")
        }
        if let key = habitKey(ofNode: index) {
            let status = context.dueStatus(key, declared: habitSpecs[key]?.schedule)
            switch status {
            case .due: break
            case .archived: return .closed(status.reason ?? "archived")
            case .paused, .notScheduled, .frequencyMet:
                let reason = status.reason ?? "not due"
                return answerLed[index] ? .optional(reason) : .closed(reason)
            }
        }
        if case .question = node.body, offeredOptions(ofNode: index).isEmpty { return .closed("no option offered") }
        return .open
    }

    /// Indices of the options of the question at `index` whose `when:` holds now.
    func offeredOptions(ofNode index: Int) -> [Int] {
        guard case .question(_, let options) = routine.nodes[index].body else { return [] }
        guard let context, let exprs = conditions.options[index] else { return Array(options.indices) }
        let env = environment(context)
        return options.indices.filter { option in
            exprs[option].map { ConditionEvaluator.evaluate($0, in: env) } ?? true
        }
    }

    func environment(_ context: DayContext) -> WalkerEnvironment {
        WalkerEnvironment(
            context: context, steps: steps, entries: entries, knownDone: knownDone, doneByRun: doneByRun,
            habitSpecs: habitSpecs)
    }

    private mutating func activate(after step: Step) {
        if case .notDue = step.answer { return }
        let index = step.nodeIndex
        let led = index >= 0 && index < answerLed.count && answerLed[index]
        for node in routine.activations(of: index, option: nil) {
            activated[node] = true
            if led { answerLed[node] = true }
        }
        guard case .option(let chosen, _) = step.answer, case .question(_, let options) = routine.nodes[index].body,
            chosen >= 0, chosen < options.count
        else { return }
        for node in options[chosen].next where node >= 0 && node < activated.count {
            activated[node] = true
            answerLed[node] = true
        }
    }

    /// Derives activation, this run's done habits and the cursor from `steps`.
    private mutating func rebuild() {
        activated = [Bool](repeating: false, count: routine.nodes.count)
        answerLed = activated
        for node in routine.start where node >= 0 && node < activated.count { activated[node] = true }
        doneByRun = []
        for step in steps {
            activate(after: step)
            if case .done = step.answer, let key = habitKey(ofNode: step.nodeIndex) { doneByRun.insert(key) }
        }
        cursor = steps.last.flatMap { order.positions[$0.nodeIndex] }.map { $0 + 1 } ?? 0
        while cursor < order.count && !activated[order.nodes[cursor]] { cursor += 1 }
    }

    func habitKey(ofNode node: Int) -> HabitKey? {
        habitTable.habit(ofNode: node).map { habitTable.keys[$0] }
    }

    func habitName(ofNode node: Int) -> String {
        habitTable.habit(ofNode: node).map { habitTable.names[$0] } ?? ""
    }
}
