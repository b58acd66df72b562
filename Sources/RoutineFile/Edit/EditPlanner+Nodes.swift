import RoutineCore

/// Edits of nodes and options: added in the file's own indentation, texts replaced,
/// deleted with every reference, renamed with every reference.
extension EditPlanner {
    /// The file's indentation, as new lines should follow it.
    struct Layout {
        /// Columns of a nested mapping's keys beyond its parent key (default 2).
        var unit = 2
        /// Column of a block list's `-` beyond its key (0 for `key:\n- a`).
        var sequenceOffset = 2
        /// Column of the node ids under `nodes:`, and of a node's keys beyond its id.
        var nodeKeys = 2
        var nodeBody = 2
    }

    var layout: Layout {
        var layout = Layout()
        let root = document.root
        if let nested = Self.firstNested(root, where: { $0.value.isMapping && !$0.value.flow }),
            let key = nested.value.pairs.first?.key, key.column > nested.key.column
        {
            layout.unit = key.column - nested.key.column
        }
        layout.sequenceOffset = layout.unit
        if let listed = Self.firstNested(root, where: { $0.value.isSequence && !$0.value.flow }),
            listed.value.column >= listed.key.column
        {
            layout.sequenceOffset = listed.value.column - listed.key.column
        }
        layout.nodeKeys = root.column + layout.unit
        layout.nodeBody = layout.unit
        if let nodes = root.pair("nodes")?.value, !nodes.flow, let first = nodes.pairs.first {
            layout.nodeKeys = first.key.column
            if let body = nodes.pairs.first(where: { $0.value.isMapping && !$0.value.flow })?.value,
                let key = body.pairs.first?.key, key.column > layout.nodeKeys
            {
                layout.nodeBody = key.column - layout.nodeKeys
            }
        }
        return layout
    }

    /// The first pair, depth first, that `test` accepts.
    static func firstNested(_ node: MarkedNode, where test: (MarkedPair) -> Bool) -> MarkedPair? {
        switch node.kind {
        case .mapping(let pairs):
            for pair in pairs {
                if test(pair) { return pair }
                if let found = firstNested(pair.value, where: test) { return found }
            }
        case .sequence(let items):
            for item in items {
                if let found = firstNested(item, where: test) { return found }
            }
        case .scalar, .alias:
            break
        }
        return nil
    }

    // MARK: Adding nodes

    mutating func addQuestion(id: String, text: String, options: [String]) throws(RoutineEditError) {
        try checkNewID(id)
        try checkText(text, what: "the question")
        guard !options.isEmpty else { throw RoutineEditError("a question needs at least one option") }
        var seen: Set<String> = []
        for option in options {
            try checkText(option, what: "an option's text")
            guard seen.insert(Option.matchKey(option)).inserted else {
                throw RoutineEditError("'\(option)' is given twice as an option")
            }
        }
        let layout = layout
        let body = EditDocument.spaces(layout.nodeKeys + layout.nodeBody)
        let dash = EditDocument.spaces(layout.nodeKeys + layout.nodeBody + layout.sequenceOffset)
        try addNode(
            id: id,
            body: [body + "question: " + YAMLScalar.render(text), body + "options:"]
                + options.map { dash + "- text: " + YAMLScalar.render($0) })
    }

    mutating func addHabit(id: String, name: String) throws(RoutineEditError) {
        try checkNewID(id)
        try checkHabitName(name)
        let layout = layout
        try addNode(
            id: id, body: [EditDocument.spaces(layout.nodeKeys + layout.nodeBody) + "habit: " + YAMLScalar.render(name)]
        )
    }

    /// Appends `id:` and its body lines at the end of `nodes:`, creating it if missing.
    private mutating func addNode(id: String, body: [String]) throws(RoutineEditError) {
        let lines = [EditDocument.spaces(layout.nodeKeys) + YAMLScalar.render(id) + ":"] + body
        guard let pair = document.root.pair("nodes") else {
            let end = document.root.contentEnd
            document.insertLines(
                [EditDocument.spaces(document.root.column) + "nodes:"] + lines, after: end, into: &changes)
            return
        }
        let value = pair.value
        if value.isMapping, !value.flow, !value.pairs.isEmpty {
            document.insertLines(lines, after: value.contentEnd, into: &changes)
        } else if value.isMapping, value.flow, value.pairs.isEmpty {
            changes.remove(colonEnd(after: pair.key)..<value.end)
            document.insertLines(lines, after: value.end, into: &changes)
        } else if value.isNull {
            if value.text?.isEmpty == false { changes.remove(colonEnd(after: pair.key)..<value.end) }
            document.insertLines(lines, after: pair.key.start, into: &changes)
        } else if value.isMapping {
            throw .flowMapping
        } else {
            throw RoutineEditError("'nodes' is not a mapping of nodes; fix it in a text editor")
        }
    }

    // MARK: Texts

    mutating func setBodyText(node id: String, key: String, text: String) throws(RoutineEditError) {
        let node = document.nodes[try document.node(id)]
        if key == "habit" {
            try checkHabitName(text)
            guard node.isHabit else { throw RoutineEditError("'\(id)' is a question node, not a habit") }
        } else {
            try checkText(text, what: "the question")
            guard node.isQuestion else { throw RoutineEditError("'\(id)' is a habit node, not a question") }
        }
        guard let pair = node.body.pair(key) else { throw .noNode(id) }
        try replaceScalar(in: pair, with: YAMLScalar.render(text), what: "the \(key) of '\(id)'")
    }

    mutating func addOption(node id: String, text: String) throws(RoutineEditError) {
        try checkText(text, what: "an option's text")
        let index = try document.node(id)
        let node = document.nodes[index]
        guard node.isQuestion else { throw RoutineEditError("'\(id)' is a habit node, not a question") }
        try checkOptionFree(text, in: node, except: nil)
        let rendered = YAMLScalar.render(text)
        try append(
            to: node.body.pair("options"), key: "options", in: node.body, flowItem: "{text: \(rendered)}",
            blockItem: "text: \(rendered)", preferBlock: true)
    }

    mutating func setOptionText(node id: String, option: Int, text: String) throws(RoutineEditError) {
        try checkText(text, what: "an option's text")
        let index = try document.node(id)
        let mapping = try document.option(option, of: index)
        try checkOptionFree(text, in: document.nodes[index], except: option)
        guard let pair = mapping.pair("text") else {
            throw RoutineEditError("option \(option + 1) of '\(id)' has no text; fix it in a text editor")
        }
        try replaceScalar(in: pair, with: YAMLScalar.render(text), what: "the text of option \(option + 1)")
    }

    /// Refuses a text another option of the question already has (case aside).
    func checkOptionFree(_ text: String, in node: EditDocument.NodeSite, except: Int?) throws(RoutineEditError) {
        let options = node.body.pair("options")?.value.items ?? []
        for (number, option) in options.enumerated() where number != except {
            if let other = option.pair("text")?.value.text, Option.matchKey(other) == Option.matchKey(text) {
                throw RoutineEditError("'\(node.id)' already has the option '\(other)'")
            }
        }
    }

    mutating func removeOption(node id: String, option: Int) throws(RoutineEditError) {
        let index = try document.node(id)
        let mapping = try document.option(option, of: index)
        guard let pair = document.nodes[index].body.pair("options") else { return }
        guard pair.value.items.count > 1 else {
            throw RoutineEditError("a question keeps at least one option; delete the node instead")
        }
        let span = mapping.start..<mapping.contentEnd
        try removeWithReferences(span: span, ids: idsInside(span), extra: [(pair, document.nodes[index].body, option)])
    }

    // MARK: Delete and rename

    mutating func deleteNode(_ id: String) throws(RoutineEditError) {
        let index = try document.node(id)
        let node = document.nodes[index]
        let ids = Set(document.subtree(of: index).map { document.nodes[$0].id })
        if let key = node.key {
            guard let nodes = document.root.pair("nodes"), !nodes.value.flow else { throw .flowMapping }
            guard let lines = document.wholeLines(from: key.start, to: node.span.upperBound) else { throw .flowMapping }
            changes.remove(lines)
            try removeWithReferences(span: node.span, ids: ids, extra: [])
        } else if let list = node.list, let item = node.item, let pair = document.lists[list].pair {
            try removeWithReferences(span: node.span, ids: ids, extra: [(pair, document.lists[list].holder, item)])
        }
    }

    /// The ids of the nodes whose span lies inside `span`.
    func idsInside(_ span: Range<Int>) -> Set<String> {
        Set(
            document.nodes.filter { $0.span.lowerBound >= span.lowerBound && $0.span.upperBound <= span.upperBound }
                .map(\.id))
    }

    /// Removes every ref to `ids` outside `span`, together with the `extra` entries,
    /// list by list (so that two removals in one list are worked out together).
    private mutating func removeWithReferences(
        span: Range<Int>, ids: Set<String>, extra: [(pair: MarkedPair, holder: MarkedNode, item: Int)]
    ) throws(RoutineEditError) {
        var byList: [Int: (pair: MarkedPair, holder: MarkedNode, items: Set<Int>)] = [:]
        for entry in extra {
            byList[entry.pair.key.start, default: (entry.pair, entry.holder, [])].items.insert(entry.item)
        }
        for ref in document.refs {
            guard let id = ref.scalar.text, ids.contains(id), !span.contains(ref.scalar.start) else { continue }
            let site = document.lists[ref.list]
            guard let pair = site.pair else { continue }
            byList[pair.key.start, default: (pair, site.holder, [])].items.insert(ref.item)
        }
        for key in byList.keys.sorted() {
            guard let entry = byList[key] else { continue }
            let whenEmpty: WhenEmpty = entry.pair.key.text == "next" ? .removeKey : .emptyList
            try removeItems(entry.items, from: entry.pair, in: entry.holder, whenEmpty: whenEmpty)
        }
    }

    mutating func renameNode(from: String, to: String) throws(RoutineEditError) {
        try checkNewID(to)
        let index = try document.node(from)
        let node = document.nodes[index]
        let rendered = YAMLScalar.render(to)
        if let scalar = node.idScalar {
            changes.replace(scalar.start..<scalar.end, with: rendered)
        } else if let written = node.body.pair("id") {
            // An `id:` the reader could not take (so the node went by a generated id).
            try replaceScalar(in: written, with: rendered, what: "the id of '\(from)'")
        } else {
            guard !node.body.flow, let first = node.body.pairs.first else { throw .flowMapping }
            document.insertLines(
                [EditDocument.spaces(first.key.column) + "id: " + rendered], after: node.body.contentEnd, into: &changes
            )
        }
        for ref in document.refs where ref.scalar.text == from {
            changes.replace(ref.scalar.start..<ref.scalar.end, with: rendered)
        }
    }
}
