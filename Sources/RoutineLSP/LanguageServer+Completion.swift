import RoutineCore
import RoutineFile

/// Completion (SPEC §15.3): keys where a key goes; node ids in `start`, `next` and
/// `answer(...)`; habit names in `habit:` and inside calls; functions, weekdays and
/// option texts inside `when:`.
extension LanguageServer {
    /// LSP's CompletionItemKind values used here.
    enum ItemKind: Int {
        case function = 3, field = 5, value = 12, keyword = 14, reference = 18, enumMember = 20
    }

    func completion(_ document: OpenDocument, _ params: JSON) -> JSON {
        guard let position = LSPPosition(params["position"]) else { return .null }
        let text = document.document
        let line = text.line(position.line)
        let cursor = text.index(of: position)
        let before = line[line.startIndex..<min(max(cursor, line.startIndex), line.endIndex)]
        var items = completions(document, line: position.line, before: String(before))
        var incomplete = false
        if items.count > Self.maxItems {
            // A 100,000-node file: only names starting with the word typed, and at most
            // `maxItems` of them; the editor asks again as the word grows.
            let stops: Set<Character> = [" ", "\t", "[", ",", "(", ":", "\""]
            let word = String(before.reversed().prefix { !stops.contains($0) }.reversed()).lowercased()
            items = items.filter { $0["label"]?.string?.lowercased().hasPrefix(word) ?? false }
            incomplete = items.count > Self.maxItems
            items = Array(items.prefix(Self.maxItems))
        }
        return ["isIncomplete": .bool(incomplete), "items": .array(items)]
    }

    static let maxItems = 1_000

    func completions(_ document: OpenDocument, line: Int, before: String) -> [JSON] {
        if document.isTestFile { return testFileCompletions(document, line: line, before: before) }
        let index = document.namesIndex
        guard let shape = YAMLContext.shape(Substring(before + "x")) else { return [] }
        let key = shape.key
        // After `key:` on this line.
        if let key, let colon = before.range(of: key + ":") {
            let value = String(before[colon.upperBound...])
            switch key {
            case "habit": return habitItems(index)
            case "when": return conditionItems(index, value)
            case "start", "next": return nodeItems(index)
            case "days": return weekdayItems()
            case "type": return RoutineKeys.measureTypes.map { item($0, .enumMember, detail: "measure type") }
            default: return []
            }
        }
        // A list item's value (`- ` then the start of an id).
        if let dash = shape.dash, key == nil {
            let owner = YAMLContext.ancestors(in: document.document, line: line, column: dash, inList: true)
            if owner.first == "next" || owner.first == "start" { return nodeItems(index) }
            if owner.first == "days" { return weekdayItems() }
        }
        // A key being typed.
        guard key == nil else { return [] }
        let column = shape.content
        let path = YAMLContext.ancestors(in: document.document, line: line, column: column, inList: false)
        // A name under `habits:`: the habits the nodes record.
        if shape.dash == nil, path.first == "habits", path.count == 1 { return habitItems(index) }
        let keys: [RoutineKey]
        if shape.dash != nil {
            let owner = YAMLContext.ancestors(in: document.document, line: line, column: shape.dash ?? 0, inList: true)
            keys = owner.first == "options" ? RoutineKeys.option : RoutineKeys.inlineNode
        } else {
            switch (path.first, path.dropFirst().first) {
            case (nil, _): keys = RoutineKeys.file
            case ("-", _): keys = itemKeys(document, line: line, path: path)
            case ("measure", _): keys = RoutineKeys.measure
            case (_, "nodes"): keys = RoutineKeys.node
            case (_, "habits"): keys = RoutineKeys.habitProperties
            default: keys = []
            }
        }
        return keys.map { keyItem($0.name, detail: $0.summary) }
    }

    /// A key to insert with its `: ` (routine and test files alike).
    func keyItem(_ name: String, detail: String) -> JSON {
        var entry = item(name, .field, detail: detail)
        if case .object(var fields) = entry {
            fields["insertText"] = JSON(name + ": ")
            entry = .object(fields)
        }
        return entry
    }

    /// The keys of a list item's mapping: an option under `options`, else an inline node.
    private func itemKeys(_ document: OpenDocument, line: Int, path: [String]) -> [RoutineKey] {
        path.dropFirst().first == "options" ? RoutineKeys.option : RoutineKeys.inlineNode
    }

    func item(_ label: String, _ kind: ItemKind, detail: String) -> JSON {
        ["label": JSON(label), "kind": JSON(kind.rawValue), "detail": JSON(detail)]
    }

    func nodeItems(_ index: DocumentIndex) -> [JSON] {
        guard let draft = index.draft else { return [] }
        var seen = Set<String>()
        return draft.nodes.compactMap { node in
            guard !node.id.contains("/"), seen.insert(node.id).inserted else { return nil }
            return item(node.id, .reference, detail: Self.describe(node.body))
        }
    }

    static func describe(_ body: DraftNode.Body) -> String {
        switch body {
        case .habit(let name, _): "habit: \(name)"
        case .question(let prompt, _, _): "question: \(prompt)"
        case .missing: "node"
        }
    }

    /// The habit names of the file (declared and used), then the store's, each once.
    func habitItems(_ index: DocumentIndex) -> [JSON] {
        var seen = Set<HabitKey>()
        var items = index.habitNames.compactMap { span in
            seen.insert(HabitKey(span.name)).inserted ? item(span.name, .value, detail: "habit") : nil
        }
        for (key, habit) in store.snapshot.sorted(by: { $0.key < $1.key }) where seen.insert(key).inserted {
            items.append(item(habit.name, .value, detail: "habit in the store"))
        }
        return items
    }

    func weekdayItems() -> [JSON] {
        Weekday.allCases.map { item($0.description, .enumMember, detail: "weekday") }
    }

    /// Inside `when:`: in `answer(` node ids, in another call habit names; elsewhere
    /// functions, weekdays, keywords and the option texts of the file's questions.
    func conditionItems(_ index: DocumentIndex, _ value: String) -> [JSON] {
        if let open = value.lastIndex(of: "("), !value[open...].contains(")") {
            let name = value[..<open].reversed().prefix { $0.isLetter || $0 == "-" }
            return String(name.reversed()) == "answer" ? nodeItems(index) : habitItems(index)
        }
        var items = ConditionFunction.allCases.map { function in
            var entry = item(function.rawValue, .function, detail: "function")
            if case .object(var fields) = entry {
                fields["insertText"] = JSON(function.rawValue + "(")
                entry = .object(fields)
            }
            return entry
        }
        items += weekdayItems()
        items += ["weekday", "and", "or", "not", "in", "true", "false"].map { item($0, .keyword, detail: "keyword") }
        var seen = Set<String>()
        for node in index.draft?.nodes ?? [] {
            guard case .question(_, let options, _) = node.body else { continue }
            for option in options where !option.text.isEmpty && seen.insert(option.text).inserted {
                items.append(item("\"\(option.text)\"", .value, detail: "an answer of \(node.id)"))
            }
        }
        return items
    }
}
