extension Routine {
    /// The routine as a run on `context.day` would start it (SPEC §10.4, `paths --day`):
    /// refs to nodes that are not due then (their `when:`, their habit's schedule or a
    /// pause, with no answer given yet) are dropped, options whose `when:` is false are
    /// dropped, and a question left with no option is not due. What remains has no
    /// condition left (everything in it is due on that day).
    public func pruned(for context: DayContext, habitSpecs: [HabitKey: HabitSpec] = [:]) -> Routine {
        let walker = Walker(routine: self, dayKey: context.day, habitSpecs: habitSpecs, context: nil)
        let env = walker.environment(context)
        let conditions = RoutineConditions(self)
        var open = [Bool](repeating: true, count: nodes.count)
        var copy = self
        for (index, node) in nodes.enumerated() {
            if let expr = conditions.node[index], !ConditionEvaluator.evaluate(expr, in: env) { open[index] = false }
            if let key = walker.habitKey(ofNode: index),
                !context.dueStatus(key, declared: walker.habitSpecs[key]?.schedule).isDue
            {
                open[index] = false
            }
            copy.nodes[index].when = nil
            guard case .question(let text, let options) = node.body else { continue }
            let offered = options.enumerated().filter { number, _ in
                conditions.options[index]?[number].map { ConditionEvaluator.evaluate($0, in: env) } ?? true
            }.map {
                var option = $0.element; option.when = nil; return option
            }
            if offered.isEmpty { open[index] = false }
            copy.nodes[index].body = .question(text, options: offered.isEmpty ? options : offered)
        }
        func keep(_ refs: [Int]) -> [Int] { refs.filter { $0 >= 0 && $0 < open.count && open[$0] } }
        copy.start = keep(start)
        for index in copy.nodes.indices {
            copy.nodes[index].next = keep(copy.nodes[index].next)
            if case .question(let text, var options) = copy.nodes[index].body {
                for option in options.indices { options[option].next = keep(options[option].next) }
                copy.nodes[index].body = .question(text, options: options)
            }
        }
        copy.habits = habits.map {
            var spec = $0; spec.schedule = nil; return spec
        }
        return copy
    }
}
