import RoutineCore

/// Where each node, option, condition and habit of a routine is written, found through
/// the file's draft by node id (ids are unique, generated ones included). Without a
/// draft (a stored routine) everything points at the file's first line.
struct RoutinePlaces: Sendable {
    private var nodes: [String: DraftNode] = [:]
    let routine: Routine

    init(routine: Routine, draft: RoutineDraft?) {
        self.routine = routine
        for node in draft?.nodes ?? [] where nodes[node.id] == nil { nodes[node.id] = node }
    }

    private static let origin = SourceLocation(line: 1, column: 1)

    func node(_ index: Int) -> SourceLocation {
        nodes[routine.nodes[index].id]?.idLocation ?? Self.origin
    }

    func when(ofNode index: Int) -> SourceLocation {
        nodes[routine.nodes[index].id]?.when?.location ?? node(index)
    }

    func option(_ option: Int, ofNode index: Int) -> SourceLocation {
        guard case .question(_, let options, _)? = nodes[routine.nodes[index].id]?.body, option < options.count else {
            return node(index)
        }
        return options[option].location
    }

    func when(ofOption option: Int, ofNode index: Int) -> SourceLocation {
        guard case .question(_, let options, _)? = nodes[routine.nodes[index].id]?.body, option < options.count else {
            return node(index)
        }
        return options[option].when?.location ?? options[option].location
    }

    /// The habit name of a habit node.
    func habit(ofNode index: Int) -> SourceLocation {
        guard case .habit(_, let location)? = nodes[routine.nodes[index].id]?.body else { return node(index) }
        return location
    }

    /// A node as a person recognises it: its id, or for an inline node without one, its
    /// habit or question.
    func name(_ index: Int) -> String {
        let node = routine.nodes[index]
        guard node.hasGeneratedID else { return "node '\(node.id)'" }
        switch node.body {
        case .habit(let habit): return "the inline habit '\(habit)'"
        case .question(let text, _): return "the inline question '\(text)'"
        }
    }
}
