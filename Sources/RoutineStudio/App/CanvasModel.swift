import Foundation
import RoutineCore
import RoutineFile

/// A routine file as the canvas draws it (SPEC §19.1): its nodes and connections as
/// written (the draft, so a file with errors is drawn too), the diagnostics of `check`
/// placed on their nodes (§19.3), and the layered layout.
struct CanvasModel {
    struct Node {
        var id: String
        /// "question", "habit", or "missing" (neither key: already a diagnostic).
        var kind: String
        var text: String
        var options: [(text: String, when: String?)]
        var when: String?
        var isInline: Bool
        var location: SourceLocation
        /// The habit's declared properties, in words ("10 min · daily"), when declared.
        var details: String?
    }

    struct Edge {
        var from: Int
        /// The option the connection leaves from; nil: the node's own `next`.
        var port: Int?
        var to: Int
    }

    var slug: String?
    var title: String?
    var start: [String]
    var nodes: [Node]
    var edges: [Edge]
    /// Refs to ids no node has (drawn as a dangling stub on the source, listed as a diagnostic).
    var dangling: [(from: Int, port: Int?, id: String)]
    var diagnostics: [(diagnostic: Diagnostic, node: Int?)]
    var layout: LayoutResult
    /// True when the file has no error: `Import` and the dry run are offered.
    var isClean: Bool

    /// Node box sizes: wide enough for a question's options as ports along its bottom.
    static let habitSize = (width: 200.0, height: 56.0)
    static let questionHeight = 78.0
    static let portWidth = 96.0

    init(
        text: String, path: String, pinned: [String: LayoutPoint] = [:],
        layout: (LayoutGraph) -> LayoutResult = LayeredLayout.layout
    ) {
        let keeper = TreeKeeper()
        let result = RoutineFileReader.read(data: Data(text.utf8), path: path, assemble: true, keeping: keeper)
        let draft = keeper.draft ?? RoutineDraft()
        slug = draft.slug
        title = draft.title
        isClean = !result.hasErrors && result.routine != nil
        var index: [String: Int] = [:]
        for (position, node) in draft.nodes.enumerated() where index[node.id] == nil { index[node.id] = position }
        func target(_ ref: DraftRef) -> (Int?, String) {
            switch ref.target {
            case .id(let id): (index[id], id)
            case .inline(let position):
                (position, draft.nodes.indices.contains(position) ? draft.nodes[position].id : "")
            }
        }
        start = (draft.start ?? []).map { target($0).1 }
        let habits = Dictionary(draft.habits.map { (HabitKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        var nodes: [Node] = []
        var edges: [Edge] = []
        var dangling: [(Int, Int?, String)] = []
        for (position, node) in draft.nodes.enumerated() {
            var model = Node(
                id: node.id, kind: "missing", text: "", options: [], when: node.when?.text, isInline: node.isInline,
                location: node.location, details: nil)
            switch node.body {
            case .habit(let name, _):
                model.kind = "habit"
                model.text = name
                model.details = habits[HabitKey(name)].map(Self.describe)
            case .question(let text, let options, _):
                model.kind = "question"
                model.text = text
                model.options = options.map { ($0.text, $0.when?.text) }
                for (port, option) in options.enumerated() {
                    for ref in option.next {
                        let (to, id) = target(ref)
                        if let to {
                            edges.append(Edge(from: position, port: port, to: to))
                        } else {
                            dangling.append((position, port, id))
                        }
                    }
                }
            case .missing: break
            }
            for ref in node.next {
                let (to, id) = target(ref)
                if let to {
                    edges.append(Edge(from: position, port: nil, to: to))
                } else {
                    dangling.append((position, nil, id))
                }
            }
            nodes.append(model)
        }
        self.nodes = nodes
        self.edges = edges
        self.dangling = dangling
        diagnostics = result.diagnostics.map { ($0, Self.node(at: $0.location, in: nodes)) }
        let graph = LayoutGraph(
            nodes: nodes.map { node in
                node.kind == "question"
                    ? .init(
                        width: max(Self.habitSize.width, Double(node.options.count) * Self.portWidth),
                        height: Self.questionHeight, ports: node.options.count)
                    : .init(width: Self.habitSize.width, height: Self.habitSize.height, ports: 0)
            },
            edges: edges.map { .init(from: $0.from, port: $0.port, to: $0.to) },
            pinned: Dictionary(
                pinned.compactMap { id, point in index[id].map { ($0, point) } },
                uniquingKeysWith: { first, _ in first }))
        self.layout = layout(graph)
    }

    /// The node a diagnostic belongs to: the last node that starts at or before it, when
    /// the diagnostic is inside the `nodes:` part (after the first node's start).
    static func node(at location: SourceLocation?, in nodes: [Node]) -> Int? {
        guard let location else { return nil }
        var best: Int?
        for (position, node) in nodes.enumerated() where node.location <= location {
            if let current = best, nodes[current].location > node.location { continue }
            best = position
        }
        return best
    }

    /// A habit's declaration in a few words, for its box.
    static func describe(_ habit: DraftHabit) -> String {
        var parts: [String] = []
        if let measure = habit.measure {
            parts.append(habit.target.map { MetricNumber.text($0, unit: measure.unit) } ?? measure.unit)
        }
        if let schedule = habit.schedule { parts.append(schedule.description) }
        if let target = habit.dayTarget { parts.append(target.description) }
        if let weekly = habit.weekly { parts.append("\(MetricNumber.text(weekly)) a week") }
        return parts.joined(separator: " · ")
    }
}
