import RoutineCore

/// The terminal drawing of `routine show`: start nodes at the top, a question's
/// options as branches, each node drawn in full the first time it is met and as
/// `→ id (above)` after that. Nodes no path reaches are listed at the end.
///
/// Drawn without recursion; indentation stops growing after `maxIndentLevels`
/// levels, so very deep routines draw in bounded width.
enum TreeDrawing {
    static let maxIndentLevels = 40

    private enum Item {
        case node(Int)
        case option(Option)
    }

    static func draw(_ routine: Routine) -> String {
        var lines = ["\(routine.displayTitle) (\(routine.slug))"]
        var shown = [Bool](repeating: false, count: routine.nodes.count)
        var stack: [(item: Item, prefix: String, isLast: Bool, depth: Int)] = []
        func push(_ items: [Item], prefix: String, depth: Int) {
            for (offset, item) in items.enumerated().reversed() {
                stack.append((item, prefix, offset == items.count - 1, depth))
            }
        }
        push(routine.start.map(Item.node), prefix: "", depth: 0)
        while let top = stack.popLast() {
            let connector = top.isLast ? "└─ " : "├─ "
            let childPrefix =
                top.depth >= maxIndentLevels
                ? top.prefix : top.prefix + (top.isLast ? "   " : "│  ")
            switch top.item {
            case .option(let option):
                lines.append(top.prefix + connector + "[\(option.text)]")
                push(option.next.map(Item.node), prefix: childPrefix, depth: top.depth + 1)
            case .node(let index):
                let node = routine.nodes[index]
                if shown[index] {
                    lines.append(top.prefix + connector + "→ \(node.id) (above)")
                    continue
                }
                shown[index] = true
                lines.append(top.prefix + connector + label(node, in: routine))
                var children: [Item] = []
                if case .question(_, let options) = node.body { children += options.map(Item.option) }
                children += node.next.map(Item.node)
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

    /// `? Question text  (id)` or `Habit name · 10 min  (id)`; generated ids are not shown.
    static func label(_ node: Node, in routine: Routine) -> String {
        let id = node.hasGeneratedID ? "" : "  (\(node.id))"
        switch node.body {
        case .question(let text, _):
            return "? \(oneLine(text))\(id)"
        case .habit(let name):
            var text = oneLine(name)
            if let spec = routine.spec(forHabit: name), let measure = spec.measure {
                text += " · " + (spec.target.map { "\(JSONText.number($0)) \(measure.unit)" } ?? measure.unit)
            }
            return text + id
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
    }
}
