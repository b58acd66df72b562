import RoutineCore
import RoutineFile
import TestSupport

/// A routine as plain values, with each edit of `RoutineEdit` done to it the obvious way:
/// the oracle of the property test. It also writes itself as YAML in a random style
/// (indentation, flow or block lists, inline nodes, comments).
struct EditModel {
    enum Entry: Equatable {
        case ref(String)
        /// The node is written inside this list (an inline node with `id:`).
        case inline(String)

        var id: String {
            switch self {
            case .ref(let id), .inline(let id): id
            }
        }
    }

    struct Choice {
        var text: String
        var next: [Entry] = []
    }

    struct ModelNode {
        var habit: String?
        var question: String?
        var options: [Choice] = []
        var next: [Entry] = []
        /// Written as `id: {habit: NAME}`: its texts can change, no keys can be added.
        var flow = false
    }

    var title = "Property"
    var start: [Entry] = []
    var nodes: [String: ModelNode] = [:]
    /// The ids in the order they were made: refs only go forward, so no cycle is made.
    var order: [String] = []

    var summary: GraphSummary {
        GraphSummary(
            start: start.map(\.id),
            nodes: nodes.mapValues { node in
                let next = node.next.map(\.id).joined(separator: ",")
                if let habit = node.habit { return "habit \(habit) -> [\(next)]" }
                let options = node.options.map { "\($0.text) -> [\($0.next.map(\.id).joined(separator: ","))]" }
                return "question \(node.question ?? "") {\(options.joined(separator: "; "))} -> [\(next)]"
            })
    }

    /// The model after `edit`, or nil when the editor must refuse it.
    func applying(_ edit: RoutineEdit) -> EditModel? {
        var model = self
        switch edit {
        case .addQuestion(let id, let text, let options):
            guard nodes[id] == nil else { return nil }
            model.nodes[id] = ModelNode(question: text, options: options.map { Choice(text: $0) })
            model.order.append(id)
        case .addHabit(let id, let name):
            guard nodes[id] == nil else { return nil }
            model.nodes[id] = ModelNode(habit: name)
            model.order.append(id)
        case .connect(let from, let option, let to):
            guard let node = nodes[from], nodes[to] != nil, var list = list(node, option) else { return nil }
            guard !list.contains(where: { $0.id == to }), !(node.flow && node.next.isEmpty) else { return nil }
            list.append(.ref(to))
            model.setList(from, option, list)
        case .disconnect(let from, let option, let to):
            guard let node = nodes[from], let list = list(node, option), list.contains(.ref(to)) else { return nil }
            model.setList(from, option, list.filter { $0 != .ref(to) })
        case .addStart(let id):
            guard nodes[id] != nil, !start.contains(where: { $0.id == id }) else { return nil }
            model.start.append(.ref(id))
        case .removeStart(let id):
            guard start.contains(.ref(id)) else { return nil }
            model.start.removeAll { $0 == .ref(id) }
        case .setTitle(let title):
            model.title = title
        case .setQuestionText(let id, let text):
            guard nodes[id]?.question != nil else { return nil }
            model.nodes[id]?.question = text
        case .setHabitName(let id, let name):
            guard nodes[id]?.habit != nil else { return nil }
            model.nodes[id]?.habit = name
        case .addOption(let id, let text):
            guard let node = nodes[id], node.question != nil, !node.hasOption(text, except: nil) else { return nil }
            model.nodes[id]?.options.append(Choice(text: text))
        case .setOptionText(let id, let option, let text):
            guard let node = nodes[id], node.options.indices.contains(option), !node.hasOption(text, except: option)
            else { return nil }
            model.nodes[id]?.options[option].text = text
        case .removeOption(let id, let option):
            guard let node = nodes[id], node.options.indices.contains(option), node.options.count > 1 else {
                return nil
            }
            model.nodes[id]?.options.remove(at: option)
            model.remove(Set(node.options[option].next.compactMap(inlineID).flatMap { subtree($0) }))
        case .deleteNode(let id):
            guard nodes[id] != nil else { return nil }
            model.remove(Set(subtree(id)))
        case .renameNode(let from, let to):
            guard let node = nodes[from], nodes[to] == nil else { return nil }
            model.rename(from, to, node)
        }
        return model
    }

    private func list(_ node: ModelNode, _ option: Int?) -> [Entry]? {
        guard let option else { return node.next }
        return node.options.indices.contains(option) ? node.options[option].next : nil
    }

    private mutating func setList(_ id: String, _ option: Int?, _ list: [Entry]) {
        if let option { nodes[id]?.options[option].next = list } else { nodes[id]?.next = list }
    }

    private func inlineID(_ entry: Entry) -> String? {
        if case .inline(let id) = entry { return id }
        return nil
    }

    /// The node and the inline nodes written inside it.
    func subtree(_ id: String) -> [String] {
        guard let node = nodes[id] else { return [] }
        let lists = [node.next] + node.options.map(\.next)
        return [id] + lists.flatMap { $0.compactMap(inlineID) }.flatMap { subtree($0) }
    }

    private mutating func remove(_ ids: Set<String>) {
        for id in ids { nodes[id] = nil }
        order.removeAll { ids.contains($0) }
        start.removeAll { ids.contains($0.id) }
        nodes = nodes.mapValues { node in
            var node = node
            node.next.removeAll { ids.contains($0.id) }
            for option in node.options.indices { node.options[option].next.removeAll { ids.contains($0.id) } }
            return node
        }
    }

    private mutating func rename(_ from: String, _ to: String, _ node: ModelNode) {
        nodes[from] = nil
        nodes[to] = node
        order = order.map { $0 == from ? to : $0 }
        func renamed(_ entry: Entry) -> Entry {
            switch entry {
            case .ref(let id): .ref(id == from ? to : id)
            case .inline(let id): .inline(id == from ? to : id)
            }
        }
        start = start.map(renamed)
        nodes = nodes.mapValues { node in
            var node = node
            node.next = node.next.map(renamed)
            for option in node.options.indices { node.options[option].next = node.options[option].next.map(renamed) }
            return node
        }
    }
}

extension EditModel.ModelNode {
    func hasOption(_ text: String, except: Int?) -> Bool {
        options.indices.contains { $0 != except && Option.matchKey(options[$0].text) == Option.matchKey(text) }
    }
}
