import RoutineCore

/// The terminal drawing of `routine show` (the CLI's alone, so drawn here, not in
/// RoutineFile beside the export notations, which are file formats): start nodes at the top, a question's
/// options as branches. A node that several paths share is drawn in full under the
/// predecessor that a run visits last (so the drawing reads in visit order, SPEC
/// §4.1), as `→ id (below)` where it is met before that and `→ id (above)` after.
/// Nodes no path reaches are listed at the end.
///
/// Drawn without recursion; indentation stops growing after `maxIndentLevels`
/// levels, so very deep routines draw in bounded width.
enum TreeDrawing {
    static let maxIndentLevels = 40

    private enum Item {
        /// A node, and the node whose successor list refers to it (nil for `start`).
        case node(Int, from: Int?)
        case option(RoutineCore.Option, from: Int)
    }

    /// For each reachable node, the predecessor under which it is drawn in full: the one
    /// visited last (nil: under `start`, for a start node that no reachable node precedes).
    static func owners(_ routine: Routine) -> [Int?] {
        let order = VisitOrder(routine)
        var owner = [Int?](repeating: nil, count: routine.nodes.count)
        var ownerPosition = [Int](repeating: -1, count: routine.nodes.count)
        for node in order.nodes {
            guard let position = order.positions[node] else { continue }
            for next in routine.successors(of: node) where next >= 0 && next < owner.count {
                if position > ownerPosition[next] {
                    owner[next] = node
                    ownerPosition[next] = position
                }
            }
        }
        return owner
    }

    static func draw(_ routine: Routine) -> String {
        var lines = ["\(routine.displayTitle) (\(routine.slug))"]
        var shown = [Bool](repeating: false, count: routine.nodes.count)
        let owner = owners(routine)
        var stack: [(item: Item, prefix: String, isLast: Bool, depth: Int)] = []
        func push(_ items: [Item], prefix: String, depth: Int) {
            for (offset, item) in items.enumerated().reversed() {
                stack.append((item, prefix, offset == items.count - 1, depth))
            }
        }
        push(routine.start.map { Item.node($0, from: nil) }, prefix: "", depth: 0)
        while let top = stack.popLast() {
            let connector = top.isLast ? "└─ " : "├─ "
            let childPrefix =
                top.depth >= maxIndentLevels
                ? top.prefix : top.prefix + (top.isLast ? "   " : "│  ")
            switch top.item {
            case .option(let option, let question):
                let when = option.when.map { "  when: \(oneLine($0))" } ?? ""
                let nowhere = option.next.isEmpty ? "  (adds nothing)" : ""
                lines.append(top.prefix + connector + "[\(oneLine(option.text))]" + when + nowhere)
                push(option.next.map { Item.node($0, from: question) }, prefix: childPrefix, depth: top.depth + 1)
            case .node(let index, let from):
                let node = routine.nodes[index]
                if shown[index] {
                    lines.append(top.prefix + connector + "→ \(node.id) (above)")
                    continue
                }
                if owner[index] != from {
                    lines.append(top.prefix + connector + "→ \(node.id) (below)")
                    continue
                }
                shown[index] = true
                lines.append(top.prefix + connector + label(node, in: routine))
                var children: [Item] = []
                if case .question(_, let options) = node.body {
                    children += options.map { Item.option($0, from: index) }
                }
                children += node.next.map { Item.node($0, from: index) }
                push(children, prefix: childPrefix, depth: top.depth + 1)
            }
        }
        let unreachable = routine.nodes.indices.filter { !shown[$0] && !routine.nodes[$0].isInline }
        if !unreachable.isEmpty {
            lines.append("not reachable from start:")
            for index in unreachable { lines.append("   " + label(routine.nodes[index], in: routine)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `? Question text  (id)` or `Habit name · 10 min · due: mon, wed  (id)`, then
    /// `  when: …` for a node asked only on a condition; generated ids are not shown.
    static func label(_ node: Node, in routine: Routine) -> String {
        let id = node.hasGeneratedID ? "" : "  (\(node.id))"
        let when = node.when.map { "  when: \(oneLine($0))" } ?? ""
        switch node.body {
        case .question(let text, _):
            return "? \(oneLine(text))\(id)\(when)"
        case .habit(let name):
            var text = oneLine(name)
            let spec = routine.spec(forHabit: name)
            if let spec, let measure = spec.measure {
                text += " · " + (spec.target.map { "\(JSONValue.numberText($0)) \(measure.unit)" } ?? measure.unit)
            }
            if let schedule = spec?.schedule { text += " · due: \(schedule)" }
            return text + id + when
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
    }
}
