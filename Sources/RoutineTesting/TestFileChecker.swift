import RoutineCore

/// Checks a decoded test file against the routine it names: every node or habit an
/// expectation mentions must be in the routine (an expectation that can never match is
/// an error, with the closest names), and history that names neither a habit of the
/// routine nor one its conditions read is a warning (it cannot change the run).
enum TestFileChecker {
    static func diagnostics(_ file: TestFile, routine: Routine) -> [Diagnostic] {
        let nodeIDs = routine.nodes.filter { !$0.hasGeneratedID }.map(\.id)
        var habitNames: [String] = []
        for node in routine.nodes {
            if case .habit(let name) = node.body { habitNames.append(name) }
        }
        let habitKeys = Set(habitNames.map { HabitKey($0) })
        let readKeys = Set(routine.contextHabitNames.map { HabitKey($0) })
        let questionIDs = routine.nodes.filter { if case .question = $0.body { true } else { false } }.map(\.id)
        var found: [Diagnostic] = []

        func nodeOrHabit(_ name: String, at location: SourceLocation, in what: String) {
            guard !nodeIDs.contains(name), !habitKeys.contains(HabitKey(name)) else { return }
            let hint = Suggestion.hint(Suggestion.closest(to: name, among: nodeIDs + habitNames))
            found.append(
                Diagnostic(
                    .undefinedNode, "\(what) names '\(name)', which is no node id or habit of '\(routine.slug)'\(hint)",
                    at: location))
        }
        func habit(_ name: String, at location: SourceLocation, in what: String) {
            guard !habitKeys.contains(HabitKey(name)) else { return }
            let hint = Suggestion.hint(Suggestion.closest(to: name, among: habitNames))
            found.append(
                Diagnostic(
                    .invalidValue, "\(what) names '\(name)', a habit '\(routine.slug)' never asks\(hint)", at: location)
            )
        }
        func history(_ name: String, at location: SourceLocation) {
            guard !readKeys.contains(HabitKey(name)) else { return }
            found.append(
                Diagnostic(
                    .unknownHabit,
                    "the history names '\(name)', which '\(routine.slug)' neither asks nor reads in a condition; it cannot change the run",
                    at: location))
        }

        for testCase in file.cases {
            for item in testCase.asks?.value ?? [] { nodeOrHabit(item.value, at: item.location, in: "'asks'") }
            for item in testCase.notDue?.value ?? [] { nodeOrHabit(item.node, at: item.location, in: "'not-due'") }
            for item in testCase.records?.value ?? [] { habit(item.habit, at: item.location, in: "'records'") }
            for entry in testCase.history.entries { history(entry.habit, at: entry.location) }
            for pause in testCase.history.pauses {
                for key in pause.value.habitKeys where !readKeys.contains(key) {
                    found.append(
                        Diagnostic(
                            .unknownHabit, "the pause names '\(key)', which '\(routine.slug)' neither asks nor reads",
                            at: pause.location))
                }
            }
            for answer in testCase.history.answers where !questionIDs.contains(answer.question) {
                let hint = Suggestion.hint(Suggestion.closest(to: answer.question, among: questionIDs))
                found.append(
                    Diagnostic(
                        .undefinedNode, "no question '\(answer.question)' in '\(routine.slug)'\(hint)",
                        at: answer.location))
            }
        }
        return found
    }
}
