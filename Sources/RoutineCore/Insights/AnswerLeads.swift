/// Which habits a question's answer decides in a routine (SPEC §17.6): a habit whose
/// every node the routine reaches only through some option of the question is asked or
/// not because of the answer, so that "on days you answered X you did H" states the
/// routine's structure, not something about the person.
public struct AnswerLeads: Sendable, Equatable {
    /// By question node id: the habits (by key) its answer decides, each with whether
    /// each option (by text) leads to it.
    public var decided: [String: [HabitKey: Set<String>]] = [:]

    public init() {}

    /// The leads of one routine's questions.
    public init(_ routine: Routine) {
        for (index, node) in routine.nodes.enumerated() {
            guard case .question(_, let options) = node.body else { continue }
            // With none of the question's options taken: what the routine still reaches.
            let without = Self.habits(routine, reachedWhen: { $0 != index ? nil : -1 })
            var decided: [HabitKey: Set<String>] = [:]
            for (number, option) in options.enumerated() {
                for key in Self.habits(routine, reachedWhen: { $0 != index ? nil : number })
                where !without.contains(key) {
                    decided[key, default: []].insert(option.text)
                }
            }
            if !decided.isEmpty { self.decided[node.id] = decided }
        }
    }

    /// How an answer stands to a habit: nil when the answer does not decide it.
    public func structure(node: String, option: String, habit: String) -> Finding.Structure? {
        guard let leads = decided[node]?[HabitKey(habit)] else { return nil }
        return leads.contains(option) ? .askedOnlyAfter : .notAskedAfter
    }

    /// The habit keys of habit nodes reached from `start` when the question at each
    /// index takes only the option `only(index)` returns (nil: every option; -1: none).
    private static func habits(_ routine: Routine, reachedWhen only: (Int) -> Int?) -> Set<HabitKey> {
        var reached = [Bool](repeating: false, count: routine.nodes.count)
        var stack = routine.start.filter { $0 >= 0 && $0 < routine.nodes.count }
        var keys = Set<HabitKey>()
        while let index = stack.popLast() {
            guard !reached[index] else { continue }
            reached[index] = true
            var options: [Int?] = [nil]
            if case .question(_, let list) = routine.nodes[index].body {
                switch only(index) {
                case nil: options = Array(list.indices)
                case let chosen?: options = [chosen]
                }
            }
            if case .habit(let name) = routine.nodes[index].body { keys.insert(HabitKey(name)) }
            for option in options {
                stack += routine.activations(of: index, option: option).filter { !reached[$0] }
            }
        }
        return keys
    }
}
