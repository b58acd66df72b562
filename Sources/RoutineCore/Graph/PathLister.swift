/// Enumerates combinations in listing order, stopping after a limit.
enum PathLister {
    private struct Partial {
        var frontier: [Int]
        var answers: [PathAnalysis.Answer]
        var habits: [Int]
        var seen: Set<Int>
    }

    /// The first `limit` combinations. Depth-first with an explicit stack; each
    /// combination costs at most one pass over the visit order.
    static func list(_ graph: PathGraph, routine: Routine, limit: Int) -> [PathAnalysis.Combination] {
        var result: [PathAnalysis.Combination] = []
        guard limit > 0 else { return result }
        var stack = [Partial(frontier: graph.start, answers: [], habits: [], seen: [])]
        while var partial = stack.popLast() {
            while let position = partial.frontier.first {
                let entry = graph.entries[position]
                if let habit = entry.habit {
                    if partial.seen.insert(habit).inserted { partial.habits.append(habit) }
                    partial.frontier = PathGraph.advance(partial.frontier, adding: entry.always)
                    continue
                }
                guard case .question(let text, let options) = routine.nodes[entry.node].body,
                    !entry.options.isEmpty
                else {
                    partial.frontier = PathGraph.advance(partial.frontier, adding: entry.always)
                    continue
                }
                // Push later options first so the first option is continued first.
                for index in entry.options.indices.reversed() {
                    var branch = partial
                    branch.answers.append(
                        PathAnalysis.Answer(
                            node: routine.nodes[entry.node].id, question: text, option: options[index].text))
                    branch.frontier = PathGraph.advance(
                        partial.frontier, adding: entry.options[index], and: entry.always)
                    stack.append(branch)
                }
                break
            }
            if partial.frontier.isEmpty {
                result.append(
                    PathAnalysis.Combination(
                        answers: partial.answers, habits: partial.habits.map { graph.habits.names[$0] }))
                if result.count >= limit { break }
            }
        }
        return result
    }
}
