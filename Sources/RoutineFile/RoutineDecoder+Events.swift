import RoutineCore

/// A node under `nodes:` decoded from its flat events (`NodeEvents`), without its tree.
extension RoutineDecoder {
    /// The node keys' and the option keys' bytes, by slot (as in `nodeKeys`, `optionKeys`).
    static let nodeKeyBytes = nodeKeys.map { Array($0.utf8) }
    static let optionKeyBytes = optionKeys.map { Array($0.utf8) }

    /// Decodes the node `key: events` as `topLevelNode` decodes its tree, when that gives
    /// no diagnostic at all: the one node appended, the same draft node. Anything
    /// `topLevelNode` would report (or an inline node, a key other than ASCII) makes it
    /// return false having changed nothing, and the caller decodes the node's tree.
    mutating func topLevelNode(key: YAMLNode, events: NodeEvents) -> Bool {
        guard case .scalar(let id, _) = key.kind, Self.isNodeID(id) else { return false }
        return EventNodeReader(recording: events).append(id: id, location: key.location, to: &nodes)
    }

    /// The text `text(_:what:)` accepts without a diagnostic, else nil.
    static func cleanText(_ value: String) -> String? {
        let first = value.utf8.first ?? 0
        let visibleASCII = first > 0x20 && first < 0x7F
        guard visibleASCII || value.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            return nil
        }
        return TerminalText.refusal(value, what: "") == nil ? value : nil
    }

    /// A `when:` value's draft, its text already checked.
    static func draftCondition(_ text: String, at location: SourceLocation, plain: Bool) -> DraftCondition {
        DraftCondition(text: text, at: location, shift: text.contains("\n") ? nil : (plain ? 0 : 1))
    }
}

/// Reads one node's events; each method returns nil where the tree's decoding would
/// report something (the caller then decodes the tree, which reports it).
private struct EventNodeReader {
    let recording: NodeEvents
    let events: UnsafeBufferPointer<NodeEvents.Event>

    init(recording: NodeEvents) {
        self.recording = recording
        events = recording.events
    }

    /// The bytes of the scalar event `index`.
    func buffer(_ index: Int) -> UnsafeBufferPointer<UInt8> { recording.buffer(events[index]) }

    /// The slot among `keys` of the scalar event `index`, by its bytes; nil when not one.
    func slot(_ index: Int, among keys: [[UInt8]]) -> Int? {
        guard events[index].kind == .scalar else { return nil }
        let bytes = buffer(index)
        var slot = 0
        while slot < keys.count {
            if keys[slot].count == bytes.count
                && keys[slot].withUnsafeBufferPointer({ key in
                    var at = 0
                    while at < bytes.count {
                        if key[at] != bytes[at] { return false }
                        at += 1
                    }
                    return true
                })
            {
                return slot
            }
            slot += 1
        }
        return nil
    }

    /// The index after the value at `index` (a scalar, or a collection and its contents).
    func after(_ index: Int) -> Int {
        events[index].kind == .scalar ? index + 1 : events[index].end + 1
    }

    /// The value index of each key of the mapping at `index`, by slot among `keys`
    /// (-1 where absent); nil for a key that is not one of them, or one given twice.
    func fields(of index: Int, among keys: [[UInt8]]) -> SIMD8<Int>? {
        var fields = SIMD8<Int>(repeating: -1)
        var at = index + 1
        let end = events[index].end
        while at < end {
            guard let slot = slot(at, among: keys), fields[slot] < 0 else { return nil }
            fields[slot] = at + 1
            at = after(at + 1)
        }
        return fields
    }

    func string(_ index: Int) -> String {
        String(decoding: buffer(index), as: UTF8.self)
    }

    /// A scalar's text, when `RoutineDecoder.text` takes it without a word.
    func text(_ index: Int) -> String? {
        guard events[index].kind == .scalar else { return nil }
        // Printable ASCII from a visible first character (nearly every text): no white
        // space to be only, no control character; `cleanText` would take it as it is.
        let bytes = buffer(index)
        if let first = bytes.first, first > 0x20, first < 0x7F,
            ByteScan.isPrintable(bytes, allowingTab: true, allowingNewline: false)
        {
            return string(index)
        }
        return RoutineDecoder.cleanText(string(index))
    }

    /// True for a plain scalar YAML reads as null (`YAMLNode.isNull`).
    func isNull(_ index: Int) -> Bool {
        guard events[index].kind == .scalar, events[index].plain else { return false }
        let bytes = buffer(index)
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4:
            let text = string(index)
            return text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    /// Appends the node `id` to `nodes`, or returns false having appended nothing.
    func append(id: String, location: SourceLocation, to nodes: inout [DraftNode]) -> Bool {
        guard events[0].kind == .mapping, let fields = fields(of: 0, among: RoutineDecoder.nodeKeyBytes) else {
            return false
        }
        let slots = RoutineDecoder.nodeSlots
        let habit = fields[slots.habit]
        let question = fields[slots.question]
        let options = fields[slots.options]
        let body: DraftNode.Body
        if habit >= 0 {
            guard question < 0, options < 0, let name = text(habit), name.utf8.count <= HabitName.maxLength else {
                return false
            }
            body = .habit(name, at: events[habit].location)
        } else if question >= 0 {
            guard let prompt = text(question) else { return false }
            var list: [DraftOption] = []
            if options >= 0 {
                guard let decoded = self.options(options) else { return false }
                list = decoded
            }
            body = .question(prompt, options: list, at: events[question - 1].location)
        } else {
            return false
        }
        var next: [DraftRef] = []
        if fields[slots.next] >= 0 {
            guard let refs = refList(fields[slots.next]) else { return false }
            next = refs
        }
        var when: DraftCondition?
        if fields[slots.when] >= 0 {
            guard let condition = condition(fields[slots.when]) else { return false }
            when = condition
        }
        nodes.append(
            DraftNode(id: id, idLocation: location, location: location, isInline: false, body: body, next: next))
        if when != nil { nodes[nodes.count - 1].when = when }
        return true
    }

    func refList(_ index: Int) -> [DraftRef]? {
        if isNull(index) { return [] }
        guard events[index].kind == .sequence else { return nil }
        var refs: [DraftRef] = []
        var at = index + 1
        let end = events[index].end
        refs.reserveCapacity(end - at)
        while at < end {
            guard events[at].kind == .scalar, events[at].count > 0 else { return nil }
            refs.append(DraftRef(.id(string(at)), at: events[at].location))
            at += 1
        }
        return refs
    }

    func condition(_ index: Int) -> DraftCondition? {
        guard let text = text(index) else { return nil }
        return RoutineDecoder.draftCondition(text, at: events[index].location, plain: events[index].plain)
    }

    func options(_ index: Int) -> [DraftOption]? {
        if isNull(index) { return [] }
        guard events[index].kind == .sequence else { return nil }
        var result: [DraftOption] = []
        var at = index + 1
        let end = events[index].end
        var count = 0
        while at < end {
            count += 1
            at = after(at)
        }
        result.reserveCapacity(count)
        at = index + 1
        let slots = RoutineDecoder.optionSlots
        while at < end {
            guard events[at].kind == .mapping, let fields = fields(of: at, among: RoutineDecoder.optionKeyBytes)
            else { return nil }
            let textIndex = fields[slots.text]
            guard textIndex >= 0, let text = text(textIndex) else { return nil }
            var next: [DraftRef] = []
            if fields[slots.next] >= 0 {
                guard let refs = refList(fields[slots.next]) else { return nil }
                next = refs
            }
            var when: DraftCondition?
            if fields[slots.when] >= 0 {
                guard let condition = condition(fields[slots.when]) else { return nil }
                when = condition
            }
            result.append(DraftOption(text: text, at: events[textIndex].location, next: next))
            if when != nil { result[result.count - 1].when = when }
            at = events[at].end + 1
        }
        return result
    }
}
