import Foundation
import RoutineCore

/// Turns a `YAMLNode` tree into a `RoutineDraft`, reporting every shape problem:
/// `unknown-key` (with a suggestion), `missing-key`, and `invalid-value` (wrong type,
/// bad slug or id, empty text, bad numbers, a duplicate mapping key).
///
/// Graph problems (undefined refs, duplicate ids, cycles …) are left to
/// `RoutineValidator`. A node with a bad shape still becomes a draft node, so that
/// refs to it do not cascade into `undefined-node` errors.
struct RoutineDecoder {
    // The allowed keys, from their one home (`RoutineKeys`, which the schema reads too).
    static let topKeys = RoutineKeys.names(RoutineKeys.file)
    static let nodeKeys = RoutineKeys.names(RoutineKeys.node)
    static let inlineKeys = RoutineKeys.names(RoutineKeys.inlineNode)
    static let optionKeys = RoutineKeys.names(RoutineKeys.option)
    static let habitKeys = RoutineKeys.names(RoutineKeys.habitProperties)
    static let measureKeys = RoutineKeys.names(RoutineKeys.measure)
    // Where each node and option key sits among its allowed keys, found once: a node's
    // keys are then looked up by slot, not by name (five names a node, 100,000 nodes).
    static let nodeSlots = NodeSlots(nodeKeys)
    static let inlineSlots = NodeSlots(inlineKeys)
    static let optionSlots = NodeSlots(optionKeys)

    /// The slots of the keys a node or an option may have; -1 for a key not allowed.
    struct NodeSlots {
        let habit, question, options, next, when, text: Int

        init(_ allowed: [String]) {
            func slot(_ key: String) -> Int { Fields.slot(of: key, in: allowed) ?? -1 }
            (habit, question, options) = (slot("habit"), slot("question"), slot("options"))
            (next, when, text) = (slot("next"), slot("when"), slot("text"))
        }
    }

    var diagnostics: [Diagnostic] = []
    var nodes: [DraftNode] = []

    /// Decodes the root of a file; nil means an empty file (no document, or an empty one).
    /// `streamed`: the decoder that the pairs under `nodes:` went to as they were read
    /// (`YAMLEventReader`'s stream; the tree then has an empty mapping there).
    mutating func decode(_ root: YAMLNode?, streamed: consuming RoutineDecoder? = nil) -> RoutineDraft {
        let origin = SourceLocation(line: 1, column: 1)
        guard let root, !root.isNull else {
            for key in ["routine", "start", "nodes"] {
                diagnostics.append(Diagnostic(.missingKey, "the file is empty: missing key '\(key)'", at: origin))
            }
            return RoutineDraft(location: origin)
        }
        guard case .mapping = root.kind else {
            invalid(root, "a routine file must be a mapping with 'routine', 'start' and 'nodes', not \(root.kindName)")
            return RoutineDraft(location: root.location)
        }
        var draft = RoutineDraft(location: root.location)
        let fields = keyed(root, allowed: Self.topKeys, what: "routine file")

        if let pair = fields["routine"] {
            draft.slug = slug(pair.value)
        } else {
            missing("routine", in: root, what: "the routine file")
        }
        if let pair = fields["title"] {
            draft.title = text(pair.value, what: "title")
        }
        if let pair = fields["habits"] {
            draft.habits = habits(pair.value)
        }
        if let pair = fields["start"] {
            draft.start = startRefs(pair.value)
        } else {
            missing("start", in: root, what: "the routine file")
        }
        if let pair = fields["nodes"] {
            if let streamed = streamed.take() {
                splice(streamed)
            } else {
                topLevelNodes(pair.value)
            }
        } else {
            missing("nodes", in: root, what: "the routine file")
        }
        draft.nodes = nodes
        return draft
    }

    // MARK: - Mappings and keys

    /// The pairs of a mapping by key (the first of duplicates), reporting keys that are
    /// not text, not in `allowed` (with a suggestion), or repeated.
    /// `what` is only built for a message (a node's name costs a string per node).
    mutating func keyed(_ node: YAMLNode, allowed: [String], what: @autoclosure () -> String) -> Fields {
        guard case .mapping(let pairs) = node.kind else { return Fields() }
        var result = Fields(allowed: allowed, pairs: pairs)
        for (index, pair) in pairs.enumerated() {
            guard let key = pair.key.text else {
                invalid(pair.key, "a key of the \(what()) must be text, not \(pair.key.kindName)")
                continue
            }
            guard let slot = Fields.slot(of: key, in: allowed) else {
                let hint = Suggestion.hint(Suggestion.closest(to: key, among: allowed))
                diagnostics.append(
                    Diagnostic(
                        .unknownKey, "unknown key '\(key)' in the \(what())\(hint)", at: pair.key.location))
                continue
            }
            if let first = result.pair(inSlot: slot) {
                invalid(pair.key, "duplicate key '\(key)' (first at line \(first.key.location.line))")
                continue
            }
            result.set(slot: slot, to: index)
        }
        return result
    }

    /// The known keys of one mapping (at most eight allowed keys): for each allowed
    /// key, the index of its first pair in the mapping. Kept inline (no allocation per
    /// mapping; the mapping's pairs are shared, not copied).
    struct Fields {
        private var allowed: [String] = []
        private var pairs: [YAMLPair] = []
        private var slots = SIMD16<Int>(repeating: -1)

        init() {}

        init(allowed: [String], pairs: [YAMLPair]) {
            precondition(allowed.count <= 16)
            self.allowed = allowed
            self.pairs = pairs
        }

        func pair(inSlot slot: Int) -> YAMLPair? {
            let index = slots[slot]
            return index >= 0 ? pairs[index] : nil
        }

        /// The pair of the key at `slot` (from `NodeSlots`); nil for -1, a key not allowed.
        subscript(slot slot: Int) -> YAMLPair? {
            slot >= 0 ? pair(inSlot: slot) : nil
        }

        mutating func set(slot: Int, to index: Int) {
            slots[slot] = index
        }

        subscript(key: String) -> YAMLPair? {
            guard let slot = Self.slot(of: key, in: allowed) else { return nil }
            return pair(inSlot: slot)
        }

        /// `allowed.firstIndex(of: key)`, the lengths compared first: most keys differ
        /// in length, and comparing two unequal strings is the slow case of `==`.
        static func slot(of key: String, in allowed: [String]) -> Int? {
            let length = key.utf8.count
            var index = 0
            while index < allowed.count {
                if allowed[index].utf8.count == length && allowed[index] == key { return index }
                index += 1
            }
            return nil
        }
    }

    mutating func invalid(_ node: YAMLNode, _ message: String) {
        diagnostics.append(Diagnostic(.invalidValue, message, at: node.location))
    }

    mutating func missing(_ key: String, in node: YAMLNode, what: String) {
        diagnostics.append(Diagnostic(.missingKey, "missing key '\(key)' in \(what)", at: node.location))
    }

    // MARK: - Scalars

    /// Non-empty text (after trimming), else reported.
    mutating func text(_ node: YAMLNode, what: String) -> String? {
        guard let value = node.text else {
            invalid(node, "\(what) must be text, not \(node.kindName)")
            return nil
        }
        // Usually the first scalar settles it; Foundation's trimming was a hot spot.
        let first = value.utf8.first ?? 0
        let visibleASCII = first > 0x20 && first < 0x7F
        guard visibleASCII || value.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            invalid(node, "\(what) is empty")
            return nil
        }
        // Reported, and the text still returned: the file fails on this diagnostic
        // alone, without others cascading from a missing value.
        if let refusal = TerminalText.refusal(value, what: what) { invalid(node, refusal) }
        return value
    }

    /// A habit name: text that the store can hold (1–200 characters once white space
    /// is folded), so that `check` says at line:col what `import` would refuse.
    mutating func habitName(_ node: YAMLNode) -> String? {
        guard let name = text(node, what: "a habit name") else { return nil }
        // Unicode scalars never outnumber UTF-8 bytes, and folding white space only
        // shortens a name: most names are settled without folding them (a 100,000-node
        // file has 100,000 of them).
        guard name.utf8.count > HabitName.maxLength else { return name }
        let length = HabitName.length(name)
        if length > HabitName.maxLength {
            invalid(
                node,
                "a habit name has \(length) characters (Unicode scalars); at most \(HabitName.maxLength) are allowed")
        }
        return name
    }

    mutating func slug(_ node: YAMLNode) -> String? {
        guard let value = text(node, what: "the routine slug") else { return nil }
        guard Slug.isValid(value) else {
            invalid(
                node,
                "'\(value)' is not a valid slug: use lower-case letters, digits and '-', starting with a letter or digit"
            )
            return nil
        }
        return value
    }

    /// `[A-Za-z0-9_.-]+`
    static func isNodeID(_ value: String) -> Bool {
        let isIDByte = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
        // Over the bytes in place (every node's id and every ref is asked): `allSatisfy`
        // on the UTF-8 view went through its iterator a byte at a time.
        let checked = value.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.isEmpty && bytes.allSatisfy(isIDByte)
        }
        return checked ?? (!value.isEmpty && value.utf8.allSatisfy(isIDByte))
    }

    /// A number where one is expected: digits with an optional decimal fraction
    /// (`12`, `12.5`, `.5`), greater than zero; `whole` also refuses a fraction.
    mutating func positiveNumber(
        _ node: YAMLNode, what: String, whole: Bool = false, allowZero: Bool = false
    ) -> Double? {
        guard let raw = node.text?.trimmingCharacters(in: .whitespaces) else {
            invalid(node, "\(what) must be a number, not \(node.kindName)")
            return nil
        }
        let isNegative = raw.hasPrefix("-")
        let digits = isNegative ? String(raw.dropFirst()) : raw
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let wellFormed =
            !digits.isEmpty && parts.count <= 2
            && parts.allSatisfy { $0.utf8.allSatisfy { (48...57).contains($0) } }
            && parts.contains { !$0.isEmpty }
        guard wellFormed, let value = Double(digits.hasPrefix(".") ? "0" + digits : digits), value.isFinite else {
            invalid(node, "\(what) must be a number, not '\(raw)'")
            return nil
        }
        if isNegative && value != 0 {
            invalid(node, "\(what) must not be negative")
            return nil
        }
        guard value > 0 || allowZero else {
            invalid(node, "\(what) must be greater than zero")
            return nil
        }
        if whole && value.rounded() != value {
            invalid(node, "\(what) must be a whole number for a habit without a measure")
            return nil
        }
        return value
    }
}
