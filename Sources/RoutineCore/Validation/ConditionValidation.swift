/// The `when:` checks of `routine check` (SPEC §10.3), in the one pass of §3: each
/// problem at the line and column of its token inside the expression.
enum ConditionValidation {
    static func check(
        _ draft: RoutineDraft, indexOfID: IDIndex, storedHabits: [String] = [], into diagnostics: inout [Diagnostic]
    ) {
        let nodes = draft.nodes
        guard
            nodes.contains(where: { node in
                if node.when != nil { return true }
                if case .question(_, let options, _) = node.body { return options.contains { $0.when != nil } }
                return false
            })
        else { return }
        var habitKeys = Set(draft.habits.map { HabitKey($0.name) })
        var habitNames = draft.habits.map(\.name)
        for node in nodes {
            if case .habit(let name, _) = node.body, habitKeys.insert(HabitKey(name)).inserted {
                habitNames.append(name)
            }
        }
        for name in storedHabits where habitKeys.insert(HabitKey(name)).inserted { habitNames.append(name) }
        var checker = ConditionChecker(
            node: { id in
                guard let index = indexOfID[id], index < nodes.count else { return nil }
                if case .question = nodes[index].body { return .question }
                return .habit
            },
            knowsHabit: { habitKeys.contains(HabitKey($0)) },
            options: { id in
                guard let index = indexOfID[id], index < nodes.count,
                    case .question(_, let options, _) = nodes[index].body
                else { return nil }
                return options.map(\.text)
            })
        checker.closestHabit = { Suggestion.closest(to: $0, among: habitNames) }
        if !storedHabits.isEmpty { checker.habitPlaces = "neither in this file nor in the store" }
        for node in nodes {
            if let when = node.when { report(checker.check(when.text), of: when, into: &diagnostics) }
            if case .question(_, let options, _) = node.body {
                for option in options {
                    if let when = option.when { report(checker.check(when.text), of: when, into: &diagnostics) }
                }
            }
        }
    }

    private static func report(
        _ errors: [ConditionError], of when: DraftCondition, into diagnostics: inout [Diagnostic]
    ) {
        for error in errors {
            let code: DiagnosticCode =
                switch error.kind {
                case .invalid: .invalidCondition
                case .undefinedNode: .undefinedNode
                case .unknownHabit: .unknownHabit
                case .unknownOption: .unknownOption
                }
            diagnostics.append(Diagnostic(code, error.message, at: when.location(ofOffset: error.offset)))
        }
    }
}
