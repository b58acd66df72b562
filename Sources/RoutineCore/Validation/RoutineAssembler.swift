/// Builds a `Routine` from a draft that validated without errors.
///
/// Node order: top-level nodes in file order, then inline nodes in order of
/// appearance, where "appearance" is a fixed walk of the format: the `start` list,
/// then each top-level node in file order; for each node its options' `next` lists
/// (options in order), then its own `next`; an inline node is placed the first time
/// this walk meets a ref to it (its definition, or a ref to its `id:`) and its own
/// refs are walked right there. The exporter writes inline nodes at exactly that
/// place, so an export reads back in the same order whatever the key order of the
/// original file.
enum RoutineAssembler {
    /// `successors[i]` must be node i's resolved refs in draft order (options' `next`
    /// lists, then its own `next`), every ref resolved: true when validation found
    /// no error, which is the only time a routine is assembled.
    static func assemble(draft: RoutineDraft, slug: String, start: [Int], successors: [[Int]]) -> Routine {
        let nodes = draft.nodes
        var order: [Int] = nodes.indices.filter { !nodes[$0].isInline }
        var placed = [Bool](repeating: false, count: nodes.count)
        // An explicit stack of ref lists, walked in order, instead of recursion.
        var work: [(refs: [Int], next: Int)] = []
        func walk(_ list: [Int]) {
            work.append((list, 0))
            while let top = work.last {
                guard top.next < top.refs.count else {
                    work.removeLast()
                    continue
                }
                work[work.count - 1].next += 1
                let index = top.refs[top.next]
                guard nodes[index].isInline, !placed[index] else { continue }
                placed[index] = true
                order.append(index)
                work.append((successors[index], 0))
            }
        }
        walk(start)
        for index in nodes.indices where !nodes[index].isInline {
            walk(successors[index])
        }

        var newIndex = [Int](repeating: 0, count: nodes.count)
        for (position, old) in order.enumerated() { newIndex[old] = position }

        let built: [Node] = order.map { old in
            let node = nodes[old]
            let targets = successors[old].map { newIndex[$0] }
            var used = 0
            func take(_ count: Int) -> [Int] {
                let end = min(used + count, targets.count)
                defer { used = end }
                return Array(targets[used..<end])
            }
            let body: NodeBody
            switch node.body {
            case .habit(let name, _):
                body = .habit(name)
            case .question(let text, let options, _):
                body = .question(
                    text, options: options.map { Option(text: $0.text, next: take($0.next.count), when: $0.when?.text) }
                )
            case .missing:
                body = .habit("")
            }
            return Node(
                id: node.id, isInline: node.isInline, body: body, next: take(node.next.count), when: node.when?.text)
        }
        let habits = draft.habits.map {
            HabitSpec(
                name: $0.name, measure: $0.measure, target: $0.target, weekly: $0.weekly, schedule: $0.schedule,
                dayTarget: $0.dayTarget)
        }
        return Routine(
            assembled: slug, title: draft.title, start: start.map { newIndex[$0] },
            nodes: built, habits: habits)
    }
}
