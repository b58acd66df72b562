/// Edits of lists: `start`, `next` and `options` entries appended and removed, each in
/// the list's own style.
extension EditPlanner {
    /// What a list becomes when its last entry goes.
    enum WhenEmpty {
        /// The `key: …` lines go (an empty `next` is the same as none).
        case removeKey
        /// `key: []` (`start` keeps its key, so the file says what is missing).
        case emptyList
    }

    mutating func connect(from: String, option: Int?, to: String) throws(RoutineEditError) {
        let owner = try document.node(from)
        let target = try referable(to)
        let list = try document.list(owner: owner, option: option)
        if holds(list, to, node: target) {
            throw RoutineEditError("\(Self.name(from, option)) already leads to '\(to)'")
        }
        let site = document.lists[list]
        let rendered = YAMLScalar.render(to)
        try append(to: site.pair, key: "next", in: site.holder, flowItem: rendered, blockItem: rendered)
    }

    mutating func disconnect(from: String, option: Int?, to: String) throws(RoutineEditError) {
        let owner = try document.node(from)
        let list = try document.list(owner: owner, option: option)
        let items = try entries(
            of: to, in: list, place: Self.name(from, option),
            missing: "\(Self.name(from, option)) does not lead to '\(to)'")
        try removeItems(items, of: list, whenEmpty: .removeKey)
    }

    mutating func addStart(_ id: String) throws(RoutineEditError) {
        let target = try referable(id)
        let rendered = YAMLScalar.render(id)
        guard let list = document.startList else {
            try append(to: nil, key: "start", in: document.root, flowItem: rendered, blockItem: rendered)
            return
        }
        if holds(list, id, node: target) {
            throw RoutineEditError("'\(id)' is already a start node")
        }
        try append(
            to: document.lists[list].pair, key: "start", in: document.root, flowItem: rendered, blockItem: rendered)
    }

    mutating func removeStart(_ id: String) throws(RoutineEditError) {
        guard let list = document.startList else { throw RoutineEditError("the file has no 'start'") }
        let items = try entries(of: id, in: list, place: "'start'", missing: "'\(id)' is not a start node")
        try removeItems(items, of: list, whenEmpty: .emptyList)
    }

    /// Whether `list` refers to `id` or holds the node inline.
    func holds(_ list: Int, _ id: String, node: Int) -> Bool {
        document.refs(in: list).contains { $0.scalar.text == id } || document.nodes[node].list == list
    }

    /// The positions of the refs to `id` in `list`. An inline node there is refused (it
    /// is deleted, not disconnected), and so is a list without `id` (`missing`).
    func entries(of id: String, in list: Int, place: String, missing: String) throws(RoutineEditError) -> Set<Int> {
        let items = Set(document.refs(in: list).filter { $0.scalar.text == id }.map(\.item))
        guard !items.isEmpty else {
            if document.nodes.contains(where: { $0.list == list && $0.id == id }) {
                throw RoutineEditError("'\(id)' is written inside \(place); delete it to remove it")
            }
            throw RoutineEditError(missing)
        }
        return items
    }

    static func name(_ node: String, _ option: Int?) -> String {
        option.map { "option \($0 + 1) of '\(node)'" } ?? "'\(node)'"
    }

    // MARK: Appending

    /// Appends an entry to the list under `key` (`pair`, nil when the key is absent) of
    /// the mapping `holder`: `, item` in a flow list, a `- item` line in a block list,
    /// a new `key: [item]` line (or, `preferBlock`, a block list) when there is none.
    mutating func append(
        to pair: MarkedPair?, key: String, in holder: MarkedNode, flowItem: String, blockItem: String,
        preferBlock: Bool = false
    ) throws(RoutineEditError) {
        let spaces = EditDocument.spaces
        guard let pair else {
            guard holder.isMapping, !holder.flow else { throw .flowMapping }
            let isRoot = holder.start == document.root.start
            guard let column = holder.pairs.first?.key.column ?? (isRoot ? 0 : nil) else {
                throw RoutineEditError("this part is empty; edit it in a text editor")
            }
            let lines =
                preferBlock
                ? [spaces(column) + key + ":", spaces(column + layout.sequenceOffset) + "- " + blockItem]
                : [spaces(column) + key + ": [" + flowItem + "]"]
            if isRoot && key == "start" {
                let after = holder.pair("title") ?? holder.pair("routine")
                if let after {
                    document.insertLines(lines, after: after.contentEnd, into: &changes)
                } else if let first = holder.pairs.first {
                    changes.insert(
                        lines.map { $0 + document.newline }.joined(), at: document.lineStart(first.key.start))
                } else {
                    document.insertLines(lines, after: document.bytes.count, into: &changes)
                }
            } else {
                document.insertLines(lines, after: holder.contentEnd, into: &changes)
            }
            return
        }
        let value = pair.value
        if value.isNull {
            if preferBlock {
                if value.text?.isEmpty == false { changes.remove(colonEnd(after: pair.key)..<value.end) }
                let line = spaces(pair.key.column + layout.sequenceOffset) + "- " + blockItem
                document.insertLines([line], after: pair.key.start, into: &changes)
            } else if value.text?.isEmpty == false {
                changes.replace(value.start..<value.end, with: "[" + flowItem + "]")
            } else {
                changes.insert(" [" + flowItem + "]", at: colonEnd(after: pair.key))
            }
            return
        }
        guard value.isSequence else {
            throw RoutineEditError("'\(key)' here is not a list; fix it in a text editor")
        }
        if value.flow {
            if let last = value.items.last {
                changes.insert(", " + flowItem, at: last.contentEnd)
            } else {
                changes.insert(flowItem, at: value.start + 1)
            }
            return
        }
        guard let first = value.items.first, let dash = dash(of: first), document.startsLine(dash) else {
            throw RoutineEditError("this list is written in a compact form; edit it in a text editor")
        }
        let dashColumn = dash - document.lineStart(dash)
        let gap = max(1, first.column - dashColumn - 1)
        let line = spaces(dashColumn) + "-" + spaces(gap) + blockItem
        document.insertLines([line], after: value.contentEnd, into: &changes)
    }

    /// The offset of the `-` that introduces a block list entry.
    func dash(of item: MarkedNode) -> Int? {
        var index = item.start
        let bytes = document.bytes
        if index < bytes.count, index > 0, bytes[index - 1] == UInt8(ascii: "-"), item.isNull { return index - 1 }
        while index > 0, [0x20, 0x0A, 0x0D].contains(bytes[index - 1]) { index -= 1 }
        guard index > 0, bytes[index - 1] == UInt8(ascii: "-") else { return nil }
        return index - 1
    }

    // MARK: Removing

    /// Removes the entries `items` of list `list`.
    mutating func removeItems(_ items: Set<Int>, of list: Int, whenEmpty: WhenEmpty) throws(RoutineEditError) {
        let site = document.lists[list]
        guard let pair = site.pair else { return }
        try removeItems(items, from: pair, in: site.holder, whenEmpty: whenEmpty)
    }

    mutating func removeItems(
        _ removed: Set<Int>, from pair: MarkedPair, in holder: MarkedNode, whenEmpty: WhenEmpty
    ) throws(RoutineEditError) {
        let value = pair.value
        let items = value.items
        guard !removed.isEmpty else { return }
        if removed.count >= items.count {
            if whenEmpty == .removeKey, !holder.flow, holder.pairs.count > 1,
                let lines = document.wholeLines(from: pair.key.start, to: pair.contentEnd)
            {
                changes.remove(lines)
            } else if value.flow {
                let inside = (value.start + 1)..<(value.end - 1)
                guard !document.hasComment(in: inside, outside: items.map { $0.start..<$0.contentEnd }) else {
                    throw RoutineEditError("this list has comments between its entries; edit it in a text editor")
                }
                changes.remove(inside)
            } else {
                // `key: []`, the entries' lines removed one by one: comment lines between
                // them, and one after the key, stay.
                changes.insert(" []", at: colonEnd(after: pair.key))
                try removeBlockItems(removed, of: items)
            }
            return
        }
        if value.flow {
            for run in Self.runs(removed.sorted()) {
                let range =
                    run.lowerBound > 0
                    ? items[run.lowerBound - 1].contentEnd..<items[run.upperBound].contentEnd
                    : items[run.lowerBound].start..<items[run.upperBound + 1].start
                let kept = items[run].map { $0.start..<$0.contentEnd }
                guard !document.hasComment(in: range, outside: kept) else {
                    throw RoutineEditError("this list has comments between its entries; edit it in a text editor")
                }
                changes.remove(range)
            }
            return
        }
        try removeBlockItems(removed, of: items)
    }

    /// Removes the whole lines of block list entries.
    private mutating func removeBlockItems(_ removed: Set<Int>, of items: [MarkedNode]) throws(RoutineEditError) {
        for index in removed.sorted() {
            guard let dash = dash(of: items[index]),
                let lines = document.wholeLines(from: dash, to: items[index].contentEnd)
            else {
                throw RoutineEditError("this list is written in a compact form; edit it in a text editor")
            }
            changes.remove(lines)
        }
    }

    /// Sorted indexes grouped into runs of consecutive ones.
    static func runs(_ sorted: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for index in sorted {
            if let last = runs.last, last.upperBound + 1 == index {
                runs[runs.count - 1] = last.lowerBound...index
            } else {
                runs.append(index...index)
            }
        }
        return runs
    }
}
