import Foundation
import RoutineCore
import RoutineFile

/// Hover (SPEC §15.3): a node's kind, what leads to it and its paths; a habit's
/// measure, targets and schedule as the file declares them; a key's meaning.
extension LanguageServer {
    func hover(_ document: OpenDocument, _ params: JSON) -> JSON {
        guard let position = LSPPosition(params["position"]), let location = document.location(params) else {
            return .null
        }
        let index = document.index
        var text: String?
        var span: DocumentIndex.Span?
        if let name = index.nodeName(at: location) {
            text = nodeHover(document, name.span.name)
            span = name.span
        } else if let habit = index.habitName(at: location) {
            text = habitHover(index, habit.name)
            span = habit
        } else if let shape = YAMLContext.shape(document.document.line(position.line)), let key = shape.key,
            location.column - 1 >= shape.content, location.column - 1 <= shape.content + key.unicodeScalars.count
        {
            text =
                document.isTestFile
                ? testFileKeyHover(document, line: position.line, shape: shape, key: key)
                : RoutineKeys.find(key).map { "**\(key)**: \($0.summary)" }
        }
        guard let text else { return .null }
        var result: JSON = ["contents": ["kind": "markdown", "value": JSON(text)]]
        if let span, case .object(var fields) = result {
            fields["range"] = document.range(span).json
            result = .object(fields)
        }
        return result
    }

    func nodeHover(_ document: OpenDocument, _ id: String) -> String? {
        let index = document.index
        guard let node = index.draft?.nodes.first(where: { $0.id == id }) else {
            return "node `\(id)` is not defined"
        }
        var lines: [String] = []
        switch node.body {
        case .habit(let name, _):
            lines.append("**habit node** `\(id)`: \(name)")
            if let coverage = coverage(document, habit: name) {
                let word: String =
                    switch coverage {
                    case .every: "every combination"
                    case .some: "some combinations"
                    case PathAnalysis.Coverage.none: "no combination"
                    }
                lines.append("on \(word) of answers (`routine paths`)")
            }
        case .question(let prompt, let options, _):
            lines.append("**question** `\(id)`: \(prompt)")
            for option in options {
                let next = option.next.map { ref -> String in
                    switch ref.target {
                    case .id(let target): target
                    case .inline(let number): index.draft?.nodes[number].id ?? "?"
                    }
                }
                lines.append("- \(option.text)" + (next.isEmpty ? "" : " → \(next.joined(separator: ", "))"))
            }
        case .missing:
            lines.append("node `\(id)` (neither habit nor question)")
        }
        if let when = node.when { lines.append("when: `\(when.text)`") }
        let from = index.predecessors[id] ?? []
        lines.append(from.isEmpty ? "nothing leads here" : "reached from: " + from.joined(separator: ", "))
        return lines.joined(separator: "\n\n")
    }

    /// Whether a habit is on every, some or no combination of answers, from the path analysis of `routine paths`
    /// (on each day of this week, as `paths` without `--day` sees a file);
    /// nil while the file has errors or is too branched to analyse quickly.
    func coverage(_ document: OpenDocument, habit: String) -> PathAnalysis.Coverage? {
        guard !document.index.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        let result = RoutineFileReader.read(data: Data(document.document.text.utf8))
        guard let routine = result.routine,
            let analysis = try? PathAnalysis.overTheWeek(of: today(), routine, budget: 20_000)
        else {
            return nil
        }
        let key = HabitName.key(habit)
        guard let found = analysis.habits.first(where: { HabitName.key($0.habit) == key }) else { return nil }
        return found.on
    }

    /// The file's declaration, then the store's view (when a store is configured).
    func habitHover(_ index: DocumentIndex, _ name: String) -> String {
        var lines = ["**habit** \(name)"]
        let key = HabitName.key(name)
        if let declared = index.draft?.habits.first(where: { HabitName.key($0.name) == key }) {
            if let measure = declared.measure {
                lines.append("measure: \(measure.unit) (\(measure.type))")
            } else {
                lines.append("done / not done")
            }
            if let target = declared.target { lines.append("target: \(JSONValue.numberText(target))") }
            if let weekly = declared.weekly { lines.append("weekly: \(JSONValue.numberText(weekly))") }
            if case .per(let n, let p)? = declared.schedule {
                lines.append("frequency: \(n) done days in every \(p) (\(declared.schedule?.description ?? ""))")
            } else if let schedule = declared.schedule {
                lines.append("schedule: \(schedule)")
            }
            if let target = declared.dayTarget {
                lines.append("day target: \(target.text(unit: declared.measure?.unit))")
            }
        } else {
            lines.append("not declared under `habits:` (done / not done, daily)")
        }
        let nodes = (index.draft?.nodes ?? []).filter {
            if case .habit(let used, _) = $0.body { return HabitName.key(used) == key }
            return false
        }
        if !nodes.isEmpty { lines.append("recorded at: " + nodes.map(\.id).joined(separator: ", ")) }
        if let stored = store.snapshot[HabitKey(name)] {
            var facts = stored.hasFigures ? ["in the store: streak \(stored.streak)"] : ["in the store"]
            if let state = stored.today {
                // The ledger's state, as `today` and `stats` name it (SPEC §17.3).
                facts.insert("today " + state.name + (state.detail.map { " (\($0))" } ?? ""), at: 1)
            }
            if !stored.hasFigures {
                // The quick first read: the figures come with the next.
            } else if let day = stored.lastDay {
                let value = stored.lastValue.map {
                    " (\(JSONValue.numberText($0))\(stored.measure.map { " " + $0.unit } ?? ""))"
                }
                facts.append("last entry \(day)\(value ?? "")")
            } else {
                facts.append("no entry yet")
            }
            if let measure = stored.measure { facts.append("measure \(measure.unit) (\(measure.type))") }
            facts.append("schedule: \(stored.schedule?.description ?? "daily")")
            lines.append(facts.joined(separator: "; "))
            if let description = stored.description { lines.append(description) }
        }
        return lines.joined(separator: "\n\n")
    }
}
