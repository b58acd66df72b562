import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// Random routines in random styles, and random sequences of 50 edits on each: every
/// result reads back as the model says, comment lines all stay, undoing every patch
/// gives the original bytes and redoing them the last.
@Suite struct EditPropertyTests {
    static let texts = [
        "Great!", "Yes", "no", "Café ☕️", "a: b", "#tag", "12", "Ça va?", "Read a book", "[x]", "— dash", "🧘 Meditate",
        "Drink water", "Stretch, then walk", "Journal", "Ω", "Okay", "'quoted'", "Null", "Tired",
    ]

    @Test(arguments: 0..<30) func randomEditsReadBackAndUndo(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        var model = Self.model(&random)
        var original = Self.render(model, &random)
        // Some files have Windows line breaks, some a byte order mark.
        if seed % 5 == 4 { original = original.replacingOccurrences(of: "\n", with: "\r\n") }
        if seed % 7 == 3 { original = "\u{FEFF}" + original }
        let comments = Self.commentLines(original)
        var text = original
        try #require(graph(text) == model.summary, "the generated routine reads back differently:\n\(text)")
        var history: [(patch: TextPatch, before: String)] = []
        var refused = 0
        var fresh = 0
        for _ in 0..<50 {
            let edit = Self.edit(model, &random, fresh: &fresh)
            let expected = model.applying(edit)
            // An empty start is an error of the file, not of the edit: not tried.
            if expected?.start.isEmpty == true { continue }
            let patch: TextPatch
            do {
                patch = try RoutineEditor.patch(edit, in: text)
            } catch {
                #expect(expected == nil, "\(edit) was refused (\(error)) in\n\(text)")
                refused += 1
                continue
            }
            guard let expected else {
                Issue.record("\(edit) was not refused in\n\(text)")
                return
            }
            let after = try patch.applied(to: text)
            let result = RoutineFileReader.read(string: after)
            guard let routine = result.routine else {
                Issue.record("\(edit) gave a file with errors \(result.diagnostics):\n\(after)")
                return
            }
            #expect(GraphSummary(routine) == expected.summary, "\(edit) read back wrong:\n\(after)")
            #expect(routine.title == expected.title)
            #expect(Self.commentLines(after) == comments, "\(edit) lost a comment line:\n\(after)")
            history.append((patch, text))
            text = after
            model = expected
        }
        #expect(refused < 30, "most edits should apply (\(refused) of 50 refused)")
        var undone = text
        for step in history.reversed() {
            undone = try step.patch.inverse(on: step.before).applied(to: undone)
            #expect(undone == step.before)
        }
        #expect(undone == original)
        var redone = undone
        for step in history { redone = try step.patch.applied(to: redone) }
        #expect(redone == text)
    }

    /// Comment lines (standalone ones: comments after content go with their line).
    static func commentLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).filter { $0.drop(while: { $0 == " " }).hasPrefix("#") }.map(String.init)
            .sorted()
    }

    // MARK: Generating

    static func model(_ random: inout SeededGenerator) -> EditModel {
        var model = EditModel()
        let count = 3 + random.below(6)
        let ids = (0..<count).map { ["n\($0)", "step-\($0)", "x_\($0)", "q.\($0)"][random.below(4)] }
        var used: Set<String> = []
        for id in ids where used.insert(id).inserted { model.order.append(id) }
        for (rank, id) in model.order.enumerated() {
            let later = Array(model.order[(rank + 1)...])
            func refs() -> [EditModel.Entry] {
                later.filter { _ in random.below(4) == 0 }.map { .ref($0) }
            }
            if random.below(2) == 0 {
                var node = EditModel.ModelNode(question: texts[random.below(texts.count)])
                var seen: Set<String> = []
                for _ in 0..<(1 + random.below(3)) {
                    let text = texts[random.below(texts.count)]
                    if seen.insert(Option.matchKey(text)).inserted {
                        node.options.append(.init(text: text, next: refs()))
                    }
                }
                node.next = refs()
                model.nodes[id] = node
            } else {
                var node = EditModel.ModelNode(habit: texts[random.below(texts.count)], next: refs())
                node.flow = node.next.isEmpty && random.below(3) == 0
                model.nodes[id] = node
            }
        }
        model.start = [.ref(model.order[0])]
        // Some habit nodes are written inline, in the first list that names them.
        for id in model.order.dropFirst() where model.nodes[id]?.habit != nil && random.below(2) == 0 {
            model.inline(id)
        }
        return model
    }

    /// An edit, mostly one that applies; sometimes one that must be refused.
    static func edit(_ model: EditModel, _ random: inout SeededGenerator, fresh: inout Int) -> RoutineEdit {
        let ids = model.order
        func any() -> String { ids.isEmpty ? "none" : ids[random.below(ids.count)] }
        func text() -> String { texts[random.below(texts.count)] }
        fresh += 1
        switch random.below(14) {
        case 0: return .addHabit(id: "h\(fresh)", name: text())
        case 1: return .addQuestion(id: "a\(fresh)", text: text(), options: Array(Set([text(), "Other"])).sorted())
        case 2, 3:
            guard ids.count >= 2 else { return .addHabit(id: "h\(fresh)", name: text()) }
            let from = random.below(ids.count - 1)
            let to = from + 1 + random.below(ids.count - from - 1)
            let options = model.nodes[ids[from]]?.options.count ?? 0
            let option = options > 0 && random.below(3) > 0 ? random.below(options) : nil
            return .connect(from: ids[from], option: option, to: ids[to])
        case 4:
            let from = any()
            let node = model.nodes[from]
            let options = node?.options.count ?? 0
            let option = options > 0 && random.below(2) == 0 ? random.below(options) : nil
            let list = option.map { node?.options[$0].next ?? [] } ?? node?.next ?? []
            return .disconnect(from: from, option: option, to: list.isEmpty ? any() : list[random.below(list.count)].id)
        case 5: return .addStart(any())
        case 6:
            return model.start.count > 1
                ? .removeStart(model.start[random.below(model.start.count)].id) : .setTitle(text())
        case 7: return .setQuestionText(node: any(), text: text())
        case 8: return .setHabitName(node: any(), name: text())
        case 9: return .addOption(node: any(), text: text())
        case 10: return .setOptionText(node: any(), option: random.below(3), text: text())
        case 11: return .removeOption(node: any(), option: random.below(3))
        case 12: return .deleteNode(any())
        default: return .renameNode(from: any(), to: random.below(5) == 0 ? any() : "r\(fresh)")
        }
    }

    // MARK: Writing

    struct Style {
        var unit: Int
        var dash: Int
        var flowLists: Int
    }

    static func render(_ model: EditModel, _ random: inout SeededGenerator) -> String {
        let style = Style(unit: [2, 4][random.below(2)], dash: random.below(2), flowLists: random.below(3))
        var lines = ["# A generated routine.", "routine: property", "title: \(model.title)"]
        lines += refList("start", model.start, model, indent: 0, style, &random)
        lines.append("nodes:  # the graph")
        let unit = style.unit
        for id in model.order where !model.isInline(id) {
            if random.below(3) == 0 { lines.append(String(repeating: " ", count: unit) + "# about \(id)") }
            guard let node = model.nodes[id] else { continue }
            if node.flow, let habit = node.habit {
                lines.append(pad(unit) + "\(id): {habit: \(YAMLScalar.render(habit))}")
                continue
            }
            lines.append(pad(unit) + "\(id):")
            lines += body(node, model, indent: 2 * unit, style, &random)
        }
        lines.append("# the end")
        return lines.joined(separator: "\n") + "\n"
    }

    static func pad(_ count: Int) -> String { String(repeating: " ", count: count) }

    static func body(
        _ node: EditModel.ModelNode, _ model: EditModel, indent: Int, _ style: Style, _ random: inout SeededGenerator
    ) -> [String] {
        var lines: [String] = []
        if let habit = node.habit {
            lines.append(
                pad(indent) + "habit: \(YAMLScalar.render(habit))" + (random.below(3) == 0 ? "  # a habit" : ""))
        } else {
            lines.append(pad(indent) + "question: \(YAMLScalar.render(node.question ?? ""))")
            lines.append(pad(indent) + "options:")
            let dash = indent + style.dash * style.unit
            for option in node.options {
                lines.append(pad(dash) + "- text: \(YAMLScalar.render(option.text))")
                lines += refList("next", option.next, model, indent: dash + 2, style, &random)
            }
        }
        lines += refList("next", node.next, model, indent: indent, style, &random)
        return lines
    }

    static func refList(
        _ key: String, _ entries: [EditModel.Entry], _ model: EditModel, indent: Int, _ style: Style,
        _ random: inout SeededGenerator
    ) -> [String] {
        if entries.isEmpty { return [] }
        let hasInline = entries.contains { if case .inline = $0 { true } else { false } }
        if !hasInline && random.below(3) < style.flowLists + 1 {
            let ids = entries.map { YAMLScalar.render($0.id) }.joined(separator: ", ")
            return [pad(indent) + "\(key): [\(ids)]" + (random.below(3) == 0 ? "  # flow" : "")]
        }
        var lines = [pad(indent) + "\(key):"]
        let dash = indent + style.dash * style.unit
        for entry in entries {
            switch entry {
            case .ref(let id):
                lines.append(pad(dash) + "- \(YAMLScalar.render(id))")
            case .inline(let id):
                guard let node = model.nodes[id] else { continue }
                var inner = body(node, model, indent: dash + 2, style, &random)
                inner[0] = pad(dash) + "- " + inner[0].drop(while: { $0 == " " })
                inner.insert(pad(dash + 2) + "id: \(id)", at: 1)
                lines += inner
            }
        }
        return lines
    }
}

extension EditModel {
    /// Writes `id` inline in the first list that names it (in writing order).
    mutating func inline(_ id: String) {
        nodes[id]?.flow = false
        if let index = start.firstIndex(of: .ref(id)) {
            start[index] = .inline(id)
            return
        }
        for owner in order where owner != id && !subtree(id).contains(owner) {
            guard var node = nodes[owner], !node.flow else { continue }
            for option in node.options.indices {
                if let index = node.options[option].next.firstIndex(of: .ref(id)) {
                    node.options[option].next[index] = .inline(id)
                    nodes[owner] = node
                    return
                }
            }
            if let index = node.next.firstIndex(of: .ref(id)) {
                node.next[index] = .inline(id)
                nodes[owner] = node
                return
            }
        }
    }

    func isInline(_ id: String) -> Bool {
        start.contains(.inline(id))
            || nodes.values.contains { node in
                node.next.contains(.inline(id)) || node.options.contains { $0.next.contains(.inline(id)) }
            }
    }
}
