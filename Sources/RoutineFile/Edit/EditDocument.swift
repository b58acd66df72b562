import RoutineCore

/// A routine file as an edit sees it: its marked tree, every node with an id (top-level
/// and inline, with the ids the decoder generates for inline nodes without `id:`), every
/// ref list (`start`, each node's and each option's `next`, present or not) and every
/// ref written as an id.
struct EditDocument {
    /// A node: a pair under `nodes:`, or an inline node (a mapping in a ref list).
    struct NodeSite {
        var id: String
        /// The scalar that names the node: its key under `nodes:`, or an inline `id:` value.
        var idScalar: MarkedNode?
        var body: MarkedNode
        /// For a top-level node, its key; nil for an inline node.
        var key: MarkedNode?
        /// For an inline node, the list holding it and its position there.
        var list: Int?
        var item: Int?
        /// The bytes of the whole node (key and body; for an inline node, its mapping).
        var span: Range<Int>

        var isQuestion: Bool { body.pair("question") != nil && body.pair("habit") == nil }
        var isHabit: Bool { body.pair("habit") != nil }
    }

    /// A list of refs: `start`, a node's `next` or an option's `next`.
    struct ListSite {
        /// The node whose list it is (an index in `nodes`), nil for `start`.
        var owner: Int?
        var option: Int?
        /// The mapping the key is (or would be) in.
        var holder: MarkedNode
        var pair: MarkedPair?
    }

    /// A ref written as an id.
    struct RefSite {
        var scalar: MarkedNode
        var list: Int
        var item: Int
    }

    let bytes: [UInt8]
    let root: MarkedNode
    private(set) var nodes: [NodeSite] = []
    private(set) var lists: [ListSite] = []
    private(set) var refs: [RefSite] = []
    /// The file's line break, `\r\n` when it uses them.
    let newline: String

    init(_ text: String) throws(RoutineEditError) {
        bytes = Array(text.utf8)
        newline = text.utf8.contains(0x0D) && text.contains("\r\n") ? "\r\n" : "\n"
        let parsed: MarkedNode?
        do {
            parsed = try MarkedYAML.parse(text)
        } catch {
            throw RoutineEditError(
                "the file is not valid YAML (line \(error.location.line), column \(error.location.column): "
                    + "\(error.message)); fix it in a text editor first")
        }
        // An empty file (or one of comments only) is an empty routine that edits fill in.
        let empty = MarkedNode(
            kind: .mapping([]), start: bytes.count, end: bytes.count, location: SourceLocation(line: 1, column: 1))
        let top = parsed ?? empty
        guard top.isMapping, !top.flow else {
            throw RoutineEditError("the file's top level is not a block mapping of keys; edit it in a text editor")
        }
        root = top
        for name in ["routine", "title", "start", "nodes"] where root.pairs.filter({ $0.key.text == name }).count > 1 {
            throw RoutineEditError("the file has '\(name)' twice; fix it in a text editor first")
        }
        if let start = root.pair("start") {
            let list = lists.count
            lists.append(ListSite(owner: nil, option: nil, holder: root, pair: start))
            collectRefs(start.value, list: list, base: "start")
        }
        if let nodesPair = root.pair("nodes") {
            for pair in nodesPair.value.pairs {
                guard let id = pair.key.text else { continue }
                let site = NodeSite(
                    id: id, idScalar: pair.key, body: pair.value, key: pair.key,
                    span: pair.key.start..<max(pair.key.end, pair.contentEnd))
                collectNode(site)
            }
        }
    }

    /// Whether an anchor, alias or tag appears under `start` or `nodes`.
    var decoratedGraph: Bool {
        ["start", "nodes"].contains { key in
            guard let pair = root.pair(key) else { return false }
            return pair.key.hasDecoration || pair.value.hasDecoration
        }
    }

    private mutating func collectNode(_ site: NodeSite) {
        let index = nodes.count
        nodes.append(site)
        let body = site.body
        guard body.isMapping else { return }
        let nextList = lists.count
        lists.append(ListSite(owner: index, option: nil, holder: body, pair: body.pair("next")))
        if let options = body.pair("options") {
            for (number, option) in options.value.items.enumerated() where option.isMapping {
                let list = lists.count
                lists.append(ListSite(owner: index, option: number, holder: option, pair: option.pair("next")))
                if let next = option.pair("next") {
                    collectRefs(next.value, list: list, base: "\(site.id)/\(number + 1)")
                }
            }
        }
        if let next = body.pair("next") { collectRefs(next.value, list: nextList, base: "\(site.id)/next") }
    }

    /// The refs of one list; inline nodes are collected (with their own lists) as the
    /// decoder does, an inline node without a valid `id:` named `base/number`.
    private mutating func collectRefs(_ value: MarkedNode, list: Int, base: String) {
        for (number, item) in value.items.enumerated() {
            switch item.kind {
            case .scalar(let id, _, _) where !id.isEmpty:
                refs.append(RefSite(scalar: item, list: list, item: number))
            case .mapping:
                var id = "\(base)/\(number + 1)"
                var idScalar: MarkedNode?
                if let written = item.pair("id")?.value, let text = written.text, RoutineDecoder.isNodeID(text) {
                    id = text
                    idScalar = written
                }
                collectNode(
                    NodeSite(
                        id: id, idScalar: idScalar, body: item, list: list, item: number,
                        span: item.start..<item.contentEnd))
            default:
                continue
            }
        }
    }

    /// The one node named `id`; an id written twice cannot be edited safely.
    func node(_ id: String) throws(RoutineEditError) -> Int {
        let found = nodes.indices.filter { nodes[$0].id == id }
        guard let first = found.first else { throw .noNode(id) }
        guard found.count == 1 else {
            throw RoutineEditError("'\(id)' is the id of \(found.count) nodes; fix that in a text editor first")
        }
        return first
    }

    /// The list of a node (`option` nil) or of one of its options.
    func list(owner: Int, option: Int?) throws(RoutineEditError) -> Int {
        if let option { _ = try self.option(option, of: owner) }
        guard let found = lists.firstIndex(where: { $0.owner == owner && $0.option == option }) else {
            throw RoutineEditError("'\(nodes[owner].id)' is not a node with options and next; fix it in a text editor")
        }
        return found
    }

    /// The start list, nil when the file has no `start:`.
    var startList: Int? { lists.firstIndex { $0.owner == nil } }

    /// Option `number` of a question node: the option mapping.
    func option(_ number: Int, of owner: Int) throws(RoutineEditError) -> MarkedNode {
        let site = nodes[owner]
        guard site.isQuestion, let options = site.body.pair("options") else {
            throw RoutineEditError("'\(site.id)' is not a question with options")
        }
        let items = options.value.items
        guard number >= 0, number < items.count else {
            throw RoutineEditError("'\(site.id)' has no option \(number + 1) (it has \(items.count))")
        }
        guard items[number].isMapping else {
            throw RoutineEditError("option \(number + 1) of '\(site.id)' is not a mapping; fix it in a text editor")
        }
        return items[number]
    }

    /// The refs in list `list`, by their position in it.
    func refs(in list: Int) -> [RefSite] { refs.filter { $0.list == list } }

    /// Every node inside `node`'s span (its inline descendants), itself included.
    func subtree(of node: Int) -> [Int] {
        let span = nodes[node].span
        return nodes.indices.filter { index in
            let other = nodes[index].span
            return other.lowerBound >= span.lowerBound && other.upperBound <= span.upperBound
        }
    }

}
