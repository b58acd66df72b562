import RoutineCore

/// Turns a `RoutineEdit` into the minimal text change to a routine file (SPEC §19.2):
/// the file is read with libyaml into a tree that keeps every node's byte range, and an
/// edit replaces scalars, appends list entries in the list's own style (flow `[a, b]`
/// or block `- a` at its indentation) and removes whole entries or lines. Whatever it
/// does not touch, comments and blank lines included, stays byte for byte. What cannot
/// be changed safely (a node written as a flow mapping, anchors, aliases, tags) is
/// refused with a sentence, never patched wrongly. docs/studio-edits.md.
public enum RoutineEditor {
    /// One patch that turns `text` into the edited file (one patch even when the edit
    /// touches several places: it spans from the first change to the last).
    public static func patch(_ edit: RoutineEdit, in text: String) throws(RoutineEditError) -> TextPatch {
        var planner = try EditPlanner(EditDocument(text))
        if case .setTitle = edit {
        } else if planner.document.decoratedGraph {
            throw RoutineEditError(
                "this file uses YAML anchors, aliases or tags under 'start' or 'nodes'; edit it in a text editor")
        }
        try planner.plan(edit)
        return try planner.changes.patch(on: planner.document.bytes)
    }

    /// Where `id` is referred to by id (in `start`, `next` and options' `next`), and the
    /// inline nodes inside it are: the references a delete removes. References inside
    /// the node itself are not listed (they go with it). 1-based line:column.
    public static func references(to id: String, in text: String) throws(RoutineEditError) -> [SourceLocation] {
        let document = try EditDocument(text)
        let node = try document.node(id)
        return document.references(toSubtreeOf: node).map(\.scalar.location)
    }
}

extension EditDocument {
    /// The refs to `node` or to an inline node inside it, outside its own span.
    func references(toSubtreeOf node: Int) -> [RefSite] {
        let ids = Set(subtree(of: node).map { nodes[$0].id })
        let span = nodes[node].span
        return refs.filter { ref in
            guard let id = ref.scalar.text, ids.contains(id) else { return false }
            return !span.contains(ref.scalar.start)
        }
    }
}

/// Works out the changes of one edit on one document.
struct EditPlanner {
    let document: EditDocument
    var changes = ChangeSet()

    init(_ document: EditDocument) { self.document = document }

    mutating func plan(_ edit: RoutineEdit) throws(RoutineEditError) {
        switch edit {
        case .addQuestion(let id, let text, let options):
            try addQuestion(id: id, text: text, options: options)
        case .addHabit(let id, let name):
            try addHabit(id: id, name: name)
        case .connect(let from, let option, let to):
            try connect(from: from, option: option, to: to)
        case .disconnect(let from, let option, let to):
            try disconnect(from: from, option: option, to: to)
        case .addStart(let id):
            try addStart(id)
        case .removeStart(let id):
            try removeStart(id)
        case .setTitle(let title):
            try setTitle(title)
        case .setQuestionText(let node, let text):
            try setBodyText(node: node, key: "question", text: text)
        case .setHabitName(let node, let name):
            try setBodyText(node: node, key: "habit", text: name)
        case .addOption(let node, let text):
            try addOption(node: node, text: text)
        case .setOptionText(let node, let option, let text):
            try setOptionText(node: node, option: option, text: text)
        case .removeOption(let node, let option):
            try removeOption(node: node, option: option)
        case .deleteNode(let id):
            try deleteNode(id)
        case .renameNode(let from, let to):
            try renameNode(from: from, to: to)
        }
    }

    // MARK: Checks

    func checkNewID(_ id: String) throws(RoutineEditError) {
        guard RoutineDecoder.isNodeID(id) else {
            throw RoutineEditError("'\(id)' is not a valid node id (use letters, digits, '_', '.', '-')")
        }
        guard !document.nodes.contains(where: { $0.id == id }) else {
            throw RoutineEditError("'\(id)' is already an id")
        }
    }

    /// A text for a title, question, option or habit: not empty, one line, no control
    /// characters (what the reader accepts).
    func checkText(_ text: String, what: String) throws(RoutineEditError) {
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw RoutineEditError("\(what) is empty")
        }
        if let refusal = TerminalText.refusal(text, what: what) { throw RoutineEditError(refusal) }
    }

    func checkHabitName(_ name: String) throws(RoutineEditError) {
        try checkText(name, what: "the habit name")
        guard HabitName.length(name) <= HabitName.maxLength else {
            throw RoutineEditError("a habit name is at most \(HabitName.maxLength) characters")
        }
    }

    /// The node a ref can name: one with an id of its own (not a generated one).
    func referable(_ id: String) throws(RoutineEditError) -> Int {
        let node = try document.node(id)
        guard document.nodes[node].idScalar != nil else {
            throw RoutineEditError("'\(id)' is an inline node without an id; give it one (rename it) first")
        }
        return node
    }

    // MARK: Title

    mutating func setTitle(_ title: String) throws(RoutineEditError) {
        try checkText(title, what: "the title")
        let root = document.root
        if let pair = root.pair("title") {
            try replaceScalar(in: pair, with: YAMLScalar.render(title), what: "the title")
            return
        }
        let line = EditDocument.spaces(root.column) + "title: " + YAMLScalar.render(title)
        if let routine = root.pair("routine") {
            document.insertLines([line], after: routine.contentEnd, into: &changes)
        } else if let first = root.pairs.first {
            changes.insert(line + document.newline, at: document.lineStart(first.key.start))
        } else {
            document.insertLines([line], after: document.bytes.count, into: &changes)
        }
    }

    /// Replaces the scalar value of `pair` by `rendered`.
    mutating func replaceScalar(in pair: MarkedPair, with rendered: String, what: String) throws(RoutineEditError) {
        let value = pair.value
        guard case .scalar(let text, let plain, _) = value.kind, !value.decorated else {
            throw RoutineEditError("\(what) is not written as text here; edit it in a text editor")
        }
        if plain && text.isEmpty {
            changes.insert(" " + rendered, at: colonEnd(after: pair.key))
        } else {
            changes.replace(value.start..<value.end, with: rendered)
        }
    }

    /// The offset after the `:` that follows a key.
    func colonEnd(after key: MarkedNode) -> Int {
        var index = key.end
        let bytes = document.bytes
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":") ? index + 1 : key.end
    }
}
