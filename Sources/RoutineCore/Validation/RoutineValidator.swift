/// Checks the graph of a `RoutineDraft` and builds the `Routine`.
///
/// Reports `duplicate-node`, `undefined-node`, `cycle`, `empty-question`,
/// `duplicate-option`, `measure-conflict` (and `invalid-value` for a habit declared
/// twice with the same measure), `unreachable-node`, `single-option` and
/// `repeated-habit`. Shape problems (missing or unknown keys, wrong types) are the
/// draft builder's to report. Every check runs; a first error never hides the rest.
/// All work is linear in nodes plus edges (see `RepeatedHabitFinder` for the one
/// exception's bound).
public enum RoutineValidator {
    /// The outcome: the routine (nil when there is any error, or the draft lacks a
    /// slug or a start list) and the diagnostics sorted by position.
    public struct Result: Sendable {
        public var routine: Routine?
        public var diagnostics: [Diagnostic]
    }

    /// Validates `draft`. With `assemble: false` only the diagnostics are wanted
    /// (`routine check`): the routine is not built and `Result.routine` is nil.
    /// `storedHabits`, when a store is at hand (`import`, `run FILE`), are habits too for
    /// the conditions: no `unknown-habit` for them, and a typo of one is suggested.
    public static func validate(_ draft: RoutineDraft, assemble: Bool = true, storedHabits: [String] = []) -> Result {
        var diagnostics: [Diagnostic] = []
        let nodes = draft.nodes
        var isDuplicate = [Bool](repeating: false, count: nodes.count)
        let indexOfID = resolveIDs(nodes, duplicates: &isDuplicate, into: &diagnostics)

        var resolver = RefResolver(indexOfID: indexOfID, nodeCount: nodes.count)
        let start = (draft.start ?? []).compactMap { resolver.resolve($0) }
        // Nodes are read in place by index (not copied out of the array): copying a
        // `DraftNode` retains and releases every one of its strings and arrays.
        var successors = Successors()
        successors.reserveCapacity(nodes: nodes.count)
        for index in nodes.indices {
            if case .question(_, let options, _) = nodes[index].body {
                for option in options {
                    for ref in option.next {
                        if let target = resolver.resolve(ref) { successors.append(target) }
                    }
                }
            }
            for ref in nodes[index].next {
                if let target = resolver.resolve(ref) { successors.append(target) }
            }
            successors.closeNode()
        }
        diagnostics += resolver.diagnostics

        for index in nodes.indices {
            if case .question(_, let options, let at) = nodes[index].body {
                checkOptions(options, at: at, of: nodes[index].id, into: &diagnostics)
            }
        }
        checkHabits(draft.habits, into: &diagnostics)
        ConditionValidation.check(draft, indexOfID: indexOfID, storedHabits: storedHabits, into: &diagnostics)

        // One topological sort tells a graph without a cycle (the usual case), and the
        // repeated-habit pass walks its order; Tarjan's components run only when it fails.
        let order = RepeatedHabitFinder.topologicalOrder(successors: successors, reachable: nil)
        let cycles = order == nil ? CycleFinder.cycles(successors: successors) : []
        for cycle in cycles {
            guard let first = cycle.first, let last = cycle.last else { continue }
            let names = (cycle + [first]).map { nodes[$0].id }.joined(separator: " -> ")
            let edges = successors.range(of: last)
            let edge = successors.targets[edges].firstIndex(of: first).map { $0 - edges.lowerBound } ?? 0
            let location =
                edgeLocation(of: nodes[last], edge: edge, indexOfID: indexOfID, nodeCount: nodes.count)
                ?? nodes[last].location
            diagnostics.append(Diagnostic(.cycle, "cycle: \(names)", at: location))
        }

        let reachable = reach(from: start, successors: successors)
        for index in nodes.indices
        where !reachable[index] && !nodes[index].isInline && !isDuplicate[index] {
            diagnostics.append(
                Diagnostic(
                    .unreachableNode, "node '\(nodes[index].id)' is not reachable from start",
                    at: nodes[index].location))
        }
        if cycles.isEmpty {
            let keys: [String?] = nodes.indices.map {
                if case .habit(let name, _) = nodes[$0].body { return HabitName.key(name) }
                return nil
            }
            for index in RepeatedHabitFinder.repeatedNodes(
                successors: successors, habitKeys: keys, reachable: reachable, order: order)
            {
                guard case .habit(let name, let at) = nodes[index].body else { continue }
                // Tens of thousands of these are usual on a big file: built in one buffer.
                let message = Diagnostic.concatenating([
                    "habit '", name, "' at node '", nodes[index].id, repeatedHabitTail,
                ])
                diagnostics.append(Diagnostic(.repeatedHabit, message, at: at))
            }
        }

        sortByPosition(&diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        guard assemble, !hasErrors, let slug = draft.slug, draft.start != nil else {
            return Result(routine: nil, diagnostics: diagnostics)
        }
        let routine = RoutineAssembler.assemble(
            draft: draft, slug: slug, start: start, successors: successors.lists)
        return Result(routine: routine, diagnostics: diagnostics)
    }

    private static let repeatedHabitTail =
        "' can follow the same habit on one path; it is asked only if the earlier one was skipped"

    /// Sorts `diagnostics` by `positionOrder`, skipping the sort when they already
    /// are (the usual case: the checks meet nodes in file order). `positionOrder`
    /// orders by every field, so the result is the same either way.
    public static func sortByPosition(_ diagnostics: inout [Diagnostic]) {
        var sorted = true
        var index = 1
        while index < diagnostics.count {
            if positionOrder(diagnostics[index], diagnostics[index - 1]) {
                sorted = false
                break
            }
            index += 1
        }
        if !sorted { diagnostics.sort(by: positionOrder) }
    }

    /// Where the `edge`-th resolved ref of `node` is written (options' `next` lists
    /// first, then its own `next`, as the successors were built); nil if out of range.
    private static func edgeLocation(
        of node: DraftNode, edge: Int, indexOfID: IDIndex, nodeCount: Int
    ) -> SourceLocation? {
        var refs: [DraftRef] = []
        if case .question(_, let options, _) = node.body {
            for option in options { refs += option.next }
        }
        refs += node.next
        var seen = 0
        for ref in refs {
            let resolves: Bool
            switch ref.target {
            case .inline(let index): resolves = index >= 0 && index < nodeCount
            case .id(let id): resolves = indexOfID[id] != nil
            }
            guard resolves else { continue }
            if seen == edge { return ref.location }
            seen += 1
        }
        return nil
    }

    /// Sorts by position (diagnostics without one first), then code, then message,
    /// so that output is deterministic.
    public static func positionOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let left = a.location ?? SourceLocation(line: 0, column: 0)
        let right = b.location ?? SourceLocation(line: 0, column: 0)
        if left != right { return left < right }
        if a.code != b.code { return a.code.rawValue < b.code.rawValue }
        return a.message < b.message
    }

    /// Maps every id to its first definition by position; later ones are duplicates.
    private static func resolveIDs(
        _ nodes: [DraftNode], duplicates: inout [Bool], into diagnostics: inout [Diagnostic]
    ) -> IDIndex {
        let indexOfID = IDIndex(capacity: nodes.count)
        let locations = nodes.map(\.idLocation)
        // Ids are usually met in file order already; sort only when they are not.
        var byPosition = Array(nodes.indices)
        if zip(locations, locations.dropFirst()).contains(where: { $0.0 > $0.1 }) {
            byPosition.sort { (locations[$0], $0) < (locations[$1], $1) }
        }
        for index in byPosition {
            if let first = indexOfID.valueOrInsert(nodes[index].id, index) {
                duplicates[index] = true
                diagnostics.append(
                    Diagnostic(
                        .duplicateNode,
                        "node id '\(nodes[index].id)' is already defined at line \(nodes[first].idLocation.line)",
                        at: nodes[index].idLocation))
            }
        }
        return indexOfID
    }

    private static func checkOptions(
        _ options: [DraftOption], at: SourceLocation, of id: String, into diagnostics: inout [Diagnostic]
    ) {
        if options.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .emptyQuestion, "question '\(id)' has no options", at: at))
        } else if options.count == 1 {
            diagnostics.append(
                Diagnostic(
                    .singleOption, "question '\(id)' has only one option", at: at))
        }
        // A question has a handful of options: a list searched in order (the first
        // with an equal key, as a dictionary would give) beats hashing.
        var seen: [(key: String, location: SourceLocation)] = []
        seen.reserveCapacity(options.count)
        for option in options {
            let key = Option.matchKey(option.text)
            guard !key.isEmpty else { continue }  // an empty text is reported by the reader
            if let first = seen.first(where: { $0.key == key })?.location {
                diagnostics.append(
                    Diagnostic(
                        .duplicateOption,
                        "option '\(option.text)' of question '\(id)' repeats the option at line \(first.line)",
                        at: option.location))
            } else {
                seen.append((key, option.location))
            }
        }
    }

    private static func checkHabits(_ habits: [DraftHabit], into diagnostics: inout [Diagnostic]) {
        var first: [HabitKey: DraftHabit] = [:]
        for habit in habits {
            if let type = habit.measure?.type, !Measure.knownTypes.contains(HabitName.key(type)) {
                let hint = Suggestion.hint(Suggestion.closest(to: type, among: Measure.knownTypes))
                diagnostics.append(
                    Diagnostic(
                        .unknownMeasureType,
                        "measure type '\(type)' of habit '\(habit.name)' is none of "
                            + Measure.knownTypes.joined(separator: ", ") + hint,
                        at: habit.measureLocation ?? habit.location))
            }
            let key = HabitKey(habit.name)
            guard let earlier = first[key] else {
                first[key] = habit
                continue
            }
            let location = habit.measureLocation ?? habit.location
            if !Measure.same(earlier.measure, habit.measure) {
                diagnostics.append(
                    Diagnostic(
                        .measureConflict,
                        "habit '\(habit.name)' is given \(describe(habit.measure)) here but "
                            + "\(describe(earlier.measure)) at line \(earlier.location.line)",
                        at: location))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .invalidValue,
                        "habit '\(habit.name)' is already declared at line \(earlier.location.line)",
                        at: habit.location))
            }
        }
    }

    private static func describe(_ measure: Measure?) -> String {
        measure.map { "measure \($0.unit)/\($0.type)" } ?? "no measure"
    }

    private static func reach(from start: [Int], successors: Successors) -> [Bool] {
        var reached = [Bool](repeating: false, count: successors.count)
        let targets = successors.targets
        var stack: [Int] = []
        for node in start where !reached[node] {
            reached[node] = true
            stack.append(node)
        }
        while let node = stack.popLast() {
            for edge in successors.range(of: node) where !reached[targets[edge]] {
                reached[targets[edge]] = true
                stack.append(targets[edge])
            }
        }
        return reached
    }
}
