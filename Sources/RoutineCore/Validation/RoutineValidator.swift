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

    public static func validate(_ draft: RoutineDraft) -> Result {
        var diagnostics: [Diagnostic] = []
        let nodes = draft.nodes
        var isDuplicate = [Bool](repeating: false, count: nodes.count)
        let indexOfID = resolveIDs(nodes, duplicates: &isDuplicate, into: &diagnostics)

        var resolver = RefResolver(indexOfID: indexOfID, nodeCount: nodes.count)
        let start = (draft.start ?? []).compactMap { resolver.resolve($0) }
        var successors: [[Int]] = []
        var edgeLocations: [[SourceLocation]] = []
        successors.reserveCapacity(nodes.count)
        edgeLocations.reserveCapacity(nodes.count)
        for node in nodes {
            var targets: [Int] = []
            var locations: [SourceLocation] = []
            func add(_ refs: [DraftRef]) {
                for ref in refs {
                    if let target = resolver.resolve(ref) {
                        targets.append(target)
                        locations.append(ref.location)
                    }
                }
            }
            if case .question(_, let options, _) = node.body {
                for option in options { add(option.next) }
            }
            add(node.next)
            successors.append(targets)
            edgeLocations.append(locations)
        }
        diagnostics += resolver.diagnostics

        for node in nodes { checkOptions(of: node, into: &diagnostics) }
        checkHabits(draft.habits, into: &diagnostics)

        let cycles = CycleFinder.cycles(successors: successors)
        for cycle in cycles {
            guard let first = cycle.first, let last = cycle.last else { continue }
            let names = (cycle + [first]).map { nodes[$0].id }.joined(separator: " -> ")
            let edge = successors[last].firstIndex(of: first) ?? 0
            let location = edgeLocations[last].indices.contains(edge)
                ? edgeLocations[last][edge] : nodes[last].location
            diagnostics.append(Diagnostic(.cycle, "cycle: \(names)", at: location))
        }

        let reachable = reach(from: start, successors: successors)
        for (index, node) in nodes.enumerated()
        where !reachable[index] && !node.isInline && !isDuplicate[index] {
            diagnostics.append(Diagnostic(
                .unreachableNode, "node '\(node.id)' is not reachable from start", at: node.location))
        }
        if cycles.isEmpty {
            let keys: [String?] = nodes.map {
                if case .habit(let name, _) = $0.body { return Self.habitKey(name) }
                return nil
            }
            for index in RepeatedHabitFinder.repeatedNodes(
                successors: successors, habitKeys: keys, reachable: reachable)
            {
                guard case .habit(let name, let at) = nodes[index].body else { continue }
                diagnostics.append(Diagnostic(
                    .repeatedHabit,
                    "habit '\(name)' at node '\(nodes[index].id)' can follow the same habit on one path; "
                        + "it is asked only if the earlier one was skipped",
                    at: at))
            }
        }

        diagnostics.sort(by: Self.positionOrder)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        guard !hasErrors, let slug = draft.slug, draft.start != nil else {
            return Result(routine: nil, diagnostics: diagnostics)
        }
        let routine = RoutineAssembler.assemble(
            draft: draft, slug: slug, start: start, successors: successors)
        return Result(routine: routine, diagnostics: diagnostics)
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
    ) -> [String: Int] {
        var indexOfID: [String: Int] = [:]
        indexOfID.reserveCapacity(nodes.count)
        let locations = nodes.map(\.idLocation)
        let byPosition = nodes.indices.sorted { (locations[$0], $0) < (locations[$1], $1) }
        for index in byPosition {
            let node = nodes[index]
            if let first = indexOfID[node.id] {
                duplicates[index] = true
                diagnostics.append(Diagnostic(
                    .duplicateNode,
                    "node id '\(node.id)' is already defined at line \(nodes[first].idLocation.line)",
                    at: node.idLocation))
            } else {
                indexOfID[node.id] = index
            }
        }
        return indexOfID
    }

    private static func checkOptions(of node: DraftNode, into diagnostics: inout [Diagnostic]) {
        guard case .question(_, let options, let at) = node.body else { return }
        if options.isEmpty {
            diagnostics.append(Diagnostic(
                .emptyQuestion, "question '\(node.id)' has no options", at: at))
        } else if options.count == 1 {
            diagnostics.append(Diagnostic(
                .singleOption, "question '\(node.id)' has only one option", at: at))
        }
        var seen: [String: SourceLocation] = [:]
        for option in options {
            let key = option.text.trimmingWhitespace().lowercased()
            guard !key.isEmpty else { continue }  // an empty text is reported by the reader
            if let first = seen[key] {
                diagnostics.append(Diagnostic(
                    .duplicateOption,
                    "option '\(option.text)' of question '\(node.id)' repeats the option at line \(first.line)",
                    at: option.location))
            } else {
                seen[key] = option.location
            }
        }
    }

    private static func checkHabits(_ habits: [DraftHabit], into diagnostics: inout [Diagnostic]) {
        var first: [String: DraftHabit] = [:]
        for habit in habits {
            let key = HabitName.key(habit.name)
            guard let earlier = first[key] else {
                first[key] = habit
                continue
            }
            let location = habit.measureLocation ?? habit.location
            if !Self.sameMeasure(earlier.measure, habit.measure) {
                diagnostics.append(Diagnostic(
                    .measureConflict,
                    "habit '\(habit.name)' is given \(describe(habit.measure)) here but "
                        + "\(describe(earlier.measure)) at line \(earlier.location.line)",
                    at: location))
            } else {
                diagnostics.append(Diagnostic(
                    .invalidValue,
                    "habit '\(habit.name)' is already declared at line \(earlier.location.line)",
                    at: habit.location))
            }
        }
    }

    /// `HabitName.key`, with a fast path for the common case of printable ASCII
    /// without leading, trailing or doubled spaces (where it is just lower-casing).
    static func habitKey(_ name: String) -> String {
        var previousSpace = true
        for byte in name.utf8 {
            let isSpace = byte == 0x20
            guard byte > 0x20 && byte < 0x7F || (isSpace && !previousSpace) else {
                return HabitName.key(name)
            }
            previousSpace = isSpace
        }
        return previousSpace ? HabitName.key(name) : name.lowercased()
    }

    /// Measures are equal when their units have one canonical form and their types
    /// match case-insensitively (after trimming and folding white space).
    public static func sameMeasure(_ a: Measure?, _ b: Measure?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?):
            return UnitName.canonical(a.unit) == UnitName.canonical(b.unit)
                && HabitName.key(a.type) == HabitName.key(b.type)
        default: return false
        }
    }

    private static func describe(_ measure: Measure?) -> String {
        measure.map { "measure \($0.unit)/\($0.type)" } ?? "no measure"
    }

    private static func reach(from start: [Int], successors: [[Int]]) -> [Bool] {
        var reached = [Bool](repeating: false, count: successors.count)
        var stack: [Int] = []
        for node in start where !reached[node] {
            reached[node] = true
            stack.append(node)
        }
        while let node = stack.popLast() {
            for next in successors[node] where !reached[next] {
                reached[next] = true
                stack.append(next)
            }
        }
        return reached
    }
}
