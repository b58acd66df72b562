import RoutineCore

/// JSON, Graphviz DOT and Mermaid renderings of a routine.
enum GraphFormats {
    /// One JSON document (keys in this order, refs as node ids; see docs/file-format.md):
    /// `{"routine","title","start":[id],"habits":[{"name","measure":{"unit","type"}|null,
    /// "target","weekly"[,"schedule"]}],"nodes":[{"id","inline","kind":"habit","habit","next"} |
    /// {"id","inline","kind":"question","question","options":[{"text","next"}],"next"}]}`.
    /// `schedule` (`"days:mon,wed"`, `"every:3"`) appears only on habits that declare one.
    static func json(_ routine: Routine) -> String { jsonValue(routine).text + "\n" }

    /// The document of `json(_:)` as the one JSON value.
    static func jsonValue(_ routine: Routine) -> JSONValue {
        func ids(_ refs: [Int]) -> JSONValue { .array(refs.map { .string(routine.nodes[$0].id) }) }
        let habits = routine.habits.map { habit -> JSONValue in
            var item: JSONObject = [
                "name": .string(habit.name),
                "measure": habit.measure.map { ["unit": .string($0.unit), "type": .string($0.type)] } ?? .null,
                "target": JSONValue(habit.target), "weekly": JSONValue(habit.weekly),
            ]
            if let schedule = habit.schedule { item.append("schedule", .string(schedule.storedText)) }
            return .object(item)
        }
        let nodes = routine.nodes.map { node -> JSONValue in
            var item: JSONObject = ["id": .string(node.id), "inline": .bool(node.isInline)]
            switch node.body {
            case .habit(let name):
                item.append("kind", "habit")
                item.append("habit", .string(name))
            case .question(let text, let options):
                item.append("kind", "question")
                item.append("question", .string(text))
                item.append(
                    "options",
                    .array(
                        options.map { option in
                            var choice: JSONObject = ["text": .string(option.text), "next": ids(option.next)]
                            if let when = option.when { choice.append("when", .string(when)) }
                            return .object(choice)
                        }))
            }
            item.append("next", ids(node.next))
            if let when = node.when { item.append("when", .string(when)) }
            return .object(item)
        }
        return [
            "routine": .string(routine.slug), "title": JSONValue(routine.title), "start": ids(routine.start),
            "habits": .array(habits), "nodes": .array(nodes),
        ]
    }

    /// What a diagram writes under a node's text: a habit's schedule (`mon, wed, fri`)
    /// and the node's `when:` condition, so a drawing shows when a node is asked.
    static func details(_ node: Node, in routine: Routine) -> [String] {
        var lines: [String] = []
        if case .habit(let name) = node.body, let schedule = routine.spec(forHabit: name)?.schedule {
            lines.append("due: \(schedule)")
        }
        if let when = node.when { lines.append("when: \(when)") }
        return lines
    }

    /// An option's edge label: its text, and its `when:` if it has one.
    static func optionLabel(_ option: Option) -> [String] {
        [option.text] + (option.when.map { ["when: \($0)"] } ?? [])
    }

    /// The labels of the edges from `start`: numbered when there are several, since a
    /// run takes them in that order and a layout does not show it.
    static func startLabels(_ routine: Routine) -> [String?] {
        routine.start.indices.map { routine.start.count > 1 ? "\($0 + 1)" : nil }
    }

    /// Graphviz: questions as diamonds, habits as boxes, a `start` point, option texts
    /// as edge labels. Node ids and labels are DOT quoted strings. Schedules and `when:`
    /// are lines of a node's label (an option's `when:` of its edge's); an option that
    /// leads nowhere has an edge to a dot, so it is drawn too.
    static func dot(_ routine: Routine) -> String {
        var lines = ["digraph \(dotQuote(routine.slug)) {"]
        lines.append("  label=\(dotQuote(routine.displayTitle));")
        lines.append("  labelloc=t;")
        lines.append("  node [shape=box];")
        lines.append("  \":start\" [shape=circle, label=\"start\"];")
        for node in routine.nodes {
            let extra = details(node, in: routine)
            switch node.body {
            case .habit(let name):
                lines.append("  \(dotQuote(node.id)) [label=\(dotQuote(([name] + extra).joined(separator: "\n")))];")
            case .question(let text, _):
                let label = dotQuote(([text] + extra).joined(separator: "\n"))
                lines.append("  \(dotQuote(node.id)) [shape=diamond, label=\(label)];")
            }
        }
        for (start, label) in zip(routine.start, startLabels(routine)) {
            let suffix = label.map { " [label=\(dotQuote($0))]" } ?? ""
            lines.append("  \":start\" -> \(dotQuote(routine.nodes[start].id))\(suffix);")
        }
        for (index, node) in routine.nodes.enumerated() {
            let from = dotQuote(node.id)
            if case .question(_, let options) = node.body {
                for (position, option) in options.enumerated() {
                    let label = dotQuote(optionLabel(option).joined(separator: "\n"))
                    if option.next.isEmpty {
                        let end = dotQuote(":nowhere:\(index):\(position)")
                        lines.append("  \(end) [shape=point, label=\"\"];")
                        lines.append("  \(from) -> \(end) [label=\(label)];")
                    }
                    for next in option.next {
                        lines.append("  \(from) -> \(dotQuote(routine.nodes[next].id)) [label=\(label)];")
                    }
                }
            }
            for next in node.next {
                lines.append("  \(from) -> \(dotQuote(routine.nodes[next].id));")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT double-quoted string: `"` and `\` escaped, line breaks as `\n`.
    static func dotQuote(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n", "\r\n", "\r": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// Mermaid: nodes named `n0`, `n1` … by index (so ids never clash with Mermaid
    /// syntax), texts in quotes with Mermaid's `#…;` entity escapes. Schedules and
    /// `when:` follow the text after ` · `; an option that leads nowhere ends in a
    /// small circle (`x0_1`), so it is drawn too.
    static func mermaid(_ routine: Routine) -> String {
        var lines = ["flowchart TD"]
        lines.append("  start((\"start\"))")
        for (index, node) in routine.nodes.enumerated() {
            let extra = details(node, in: routine)
            switch node.body {
            case .habit(let name):
                lines.append("  n\(index)[\(mermaidQuote(([name] + extra).joined(separator: " · ")))]")
            case .question(let text, _):
                lines.append("  n\(index){\(mermaidQuote(([text] + extra).joined(separator: " · ")))}")
            }
        }
        for (start, label) in zip(routine.start, startLabels(routine)) {
            lines.append("  start -->" + (label.map { "|\(mermaidQuote($0))|" } ?? "") + " n\(start)")
        }
        for (index, node) in routine.nodes.enumerated() {
            if case .question(_, let options) = node.body {
                for (position, option) in options.enumerated() {
                    let label = mermaidQuote(optionLabel(option).joined(separator: " · "))
                    if option.next.isEmpty {
                        lines.append("  x\(index)_\(position)(( ))")
                        lines.append("  n\(index) -->|\(label)| x\(index)_\(position)")
                    }
                    for next in option.next {
                        lines.append("  n\(index) -->|\(label)| n\(next)")
                    }
                }
            }
            for next in node.next { lines.append("  n\(index) --> n\(next)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid quoted label. Characters that Mermaid would read as syntax or markup
    /// become entity codes (`#quot;`, `#35;` …); line breaks become spaces.
    static func mermaidQuote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "|": out += "#124;"
            case "`": out += "#96;"
            case "\n", "\r", "\t": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
