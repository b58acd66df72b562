import RoutineCore

/// Writes a `Routine` out: YAML (the routine file format), JSON, Graphviz DOT or a
/// Mermaid flowchart. (`show`'s terminal tree is the CLI's: RoutineCLI's `TreeDrawing`.)
public enum RoutineExporter {
    /// The routine file format of SPEC §2. Reading it back gives an equal `Routine`
    /// (same ids, texts, order, habits): top-level nodes go under `nodes:` in order;
    /// each inline node is written inline where `RoutineAssembler`'s walk first meets
    /// it (with `id:` unless its id was generated), later refs name its id. Every
    /// scalar that a YAML reader could take for something else is double-quoted.
    public static func yaml(_ routine: Routine) -> String {
        var writer = YAMLRoutineWriter(routine: routine)
        return writer.write()
    }

    public static func json(_ routine: Routine) -> String { GraphFormats.json(routine) }
    public static func dot(_ routine: Routine) -> String { GraphFormats.dot(routine) }
    public static func mermaid(_ routine: Routine) -> String { GraphFormats.mermaid(routine) }
}

/// The YAML writer: block style, two-space indentation.
struct YAMLRoutineWriter {
    let routine: Routine
    private var written: [Bool]
    private var lines: [String] = []

    init(routine: Routine) {
        self.routine = routine
        written = [Bool](repeating: false, count: routine.nodes.count)
    }

    mutating func write() -> String {
        lines.append("routine: \(YAMLScalar.render(routine.slug))")
        if let title = routine.title { lines.append("title: \(YAMLScalar.render(title))") }
        writeRefs(key: "start", routine.start, indent: "")
        if !routine.habits.isEmpty {
            lines.append("habits:")
            for habit in routine.habits { writeHabit(habit) }
        }
        let topLevel = routine.nodes.indices.filter { !routine.nodes[$0].isInline }
        if topLevel.isEmpty {
            lines.append("nodes: {}")
        } else {
            lines.append("nodes:")
            for index in topLevel {
                lines.append("  \(YAMLScalar.render(routine.nodes[index].id)):")
                writeBody(of: index, indent: "    ", firstPrefix: "    ")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func writeHabit(_ habit: HabitSpec) {
        var fields: [String] = []
        if let measure = habit.measure {
            fields.append(
                "measure: {unit: \(YAMLScalar.render(measure.unit)), type: \(YAMLScalar.render(measure.type))}")
        }
        if let target = habit.target { fields.append("target: \(JSONValue.numberText(target))") }
        if let weekly = habit.weekly { fields.append("weekly: \(JSONValue.numberText(weekly))") }
        switch habit.schedule {
        case .days(let days): fields.append("days: [" + days.map(\.description).joined(separator: ", ") + "]")
        case .every(let n): fields.append("every: \(n)")
        case .per(let n, let p): fields.append("per: \(n)/\(p)")
        case nil: break
        }
        if let target = habit.dayTarget { fields.append("\(target.key): \(JSONValue.numberText(target.value))") }
        let name = YAMLScalar.render(habit.name)
        if fields.isEmpty {
            lines.append("  \(name): {}")
        } else {
            lines.append("  \(name):")
            for field in fields { lines.append("    " + field) }
        }
    }

    /// Writes the keys of a node. The first line starts with `firstPrefix` (which may
    /// be `- ` for a list item), later lines with `indent`.
    private mutating func writeBody(of index: Int, indent: String, firstPrefix: String) {
        let node = routine.nodes[index]
        written[index] = true
        var prefix = firstPrefix
        if node.isInline && !node.hasGeneratedID {
            lines.append(prefix + "id: \(YAMLScalar.render(node.id))")
            prefix = indent
        }
        switch node.body {
        case .habit(let name):
            lines.append(prefix + "habit: \(YAMLScalar.render(name))")
        case .question(let text, let options):
            lines.append(prefix + "question: \(YAMLScalar.render(text))")
            lines.append(indent + "options:")
            for option in options {
                lines.append(indent + "  - text: \(YAMLScalar.render(option.text))")
                if let when = option.when { lines.append(indent + "    when: \(YAMLScalar.render(when))") }
                if !option.next.isEmpty { writeRefs(key: "next", option.next, indent: indent + "    ") }
            }
        }
        if let when = node.when { lines.append(indent + "when: \(YAMLScalar.render(when))") }
        if !node.next.isEmpty { writeRefs(key: "next", node.next, indent: indent) }
    }

    /// A ref list: flow style (`[a, b]`) when every entry is an id, else block style
    /// with inline nodes written in place.
    private mutating func writeRefs(key: String, _ refs: [Int], indent: String) {
        let inlineHere = refs.contains { routine.nodes[$0].isInline && !written[$0] }
        if !inlineHere {
            let ids = refs.map { YAMLScalar.render(routine.nodes[$0].id) }.joined(separator: ", ")
            lines.append(indent + "\(key): [\(ids)]")
            return
        }
        lines.append(indent + "\(key):")
        for ref in refs {
            if routine.nodes[ref].isInline && !written[ref] {
                writeBody(of: ref, indent: indent + "    ", firstPrefix: indent + "  - ")
            } else {
                lines.append(indent + "  - \(YAMLScalar.render(routine.nodes[ref].id))")
            }
        }
    }
}
