import CYaml
import RoutineCore

/// A YAML node with the UTF-8 byte range it occupies in its text: what an edit needs to
/// replace a scalar, append to a list or remove an entry without touching anything else.
///
/// `YAMLNode` keeps only a start position; this keeps both ends, the style (block or
/// flow) and whether an anchor, alias or tag is on the node, which an edit cannot follow.
struct MarkedNode: Sendable {
    enum Kind: Sendable {
        /// `block`: a literal or folded scalar (`|`, `>`).
        case scalar(String, plain: Bool, block: Bool)
        case sequence([MarkedNode])
        case mapping([MarkedPair])
        case alias
    }

    var kind: Kind
    /// The first byte of the node (for a block collection, its first entry or key).
    var start: Int
    /// The byte after the node as libyaml marks it; for a block collection this may lie
    /// past comments and blank lines, so edits use `contentEnd`.
    var end: Int
    var flow = false
    /// 1-based line and column (columns in Unicode scalars), as the reader reports them.
    var location: SourceLocation
    /// An anchor or tag on this node, or it is an alias.
    var decorated = false

    /// The 0-based column of the node's first character.
    var column: Int { location.column - 1 }

    var text: String? {
        if case .scalar(let text, _, _) = kind { return text }
        return nil
    }

    /// A plain scalar that YAML reads as null (`key:` with nothing, `~`, `null`).
    var isNull: Bool {
        guard case .scalar(let text, let plain, _) = kind, plain else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    var pairs: [MarkedPair] {
        if case .mapping(let pairs) = kind { return pairs }
        return []
    }

    var items: [MarkedNode] {
        if case .sequence(let items) = kind { return items }
        return []
    }

    var isMapping: Bool {
        if case .mapping = kind { return true }
        return false
    }

    var isSequence: Bool {
        if case .sequence = kind { return true }
        return false
    }

    /// The first pair whose key is `key`.
    func pair(_ key: String) -> MarkedPair? { pairs.first { $0.key.text == key } }

    /// The byte after the node's last character (its last entry's, for a block collection).
    var contentEnd: Int {
        switch kind {
        case .scalar, .alias:
            return end
        case .sequence(let items):
            return flow ? end : (items.last?.contentEnd ?? end)
        case .mapping(let pairs):
            guard !flow, let last = pairs.last else { return end }
            return last.contentEnd
        }
    }

    /// Whether this node or one inside it carries an anchor, alias or tag.
    var hasDecoration: Bool {
        if decorated { return true }
        switch kind {
        case .scalar: return false
        case .alias: return true
        case .sequence(let items): return items.contains { $0.hasDecoration }
        case .mapping(let pairs): return pairs.contains { $0.key.hasDecoration || $0.value.hasDecoration }
        }
    }
}

struct MarkedPair: Sendable {
    var key: MarkedNode
    var value: MarkedNode

    /// The byte after the pair's last character (the key's, when the value is empty).
    var contentEnd: Int {
        if case .scalar(let text, true, _) = value.kind, text.isEmpty { return max(key.contentEnd, value.end) }
        return value.contentEnd
    }
}

/// Parses text into a `MarkedNode` tree with libyaml's events (as `YAMLEventReader`
/// does, without its guards: the text is a routine file the reader has accepted or
/// the person is editing, and the tree lives only for one edit).
enum MarkedYAML {
    struct Failure: Error {
        var message: String
        var location: SourceLocation
    }

    /// The first document's root, or nil for an empty text.
    static func parse(_ text: String) throws(Failure) -> MarkedNode? {
        let bytes = Array(text.utf8)
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let offsets = ByteOffsets(bytes: bytes, base: bom)
        var builder = MarkedBuilder(offsets: offsets, bytes: bytes)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw Failure(message: "cannot start the YAML parser", location: SourceLocation(line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        var failure: Failure?
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            yaml_parser_set_input_string(&parser, base + bom, buffer.count - bom)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                    failure = Failure(
                        message: message,
                        location: SourceLocation(
                            line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1))
                    return
                }
                let done = event.type == YAML_STREAM_END_EVENT
                builder.handle(event)
                yaml_event_delete(&event)
                if done || builder.finished { break }
            }
        }
        if let failure { throw failure }
        return builder.root
    }
}

/// Turns libyaml's marks, which count characters (Unicode scalars) from the start of
/// its input, into UTF-8 byte offsets in the whole text (a byte order mark included).
struct ByteOffsets {
    private let base: Int
    private let ascii: Bool
    /// The byte offset of every `stride`-th scalar, for non-ASCII text.
    private var checkpoints: [Int] = []
    private let bytes: [UInt8]
    private static let stride = 64

    init(bytes: [UInt8], base: Int) {
        self.base = base
        self.bytes = bytes
        ascii = bytes[base...].allSatisfy { $0 < 0x80 }
        guard !ascii else { return }
        var offset = base
        var scalar = 0
        while offset < bytes.count {
            if scalar % Self.stride == 0 { checkpoints.append(offset) }
            offset += Self.width(bytes[offset])
            scalar += 1
        }
        if scalar % Self.stride == 0 { checkpoints.append(offset) }
    }

    func byte(ofScalar index: Int) -> Int {
        if ascii { return min(bytes.count, base + index) }
        let checkpoint = index / Self.stride
        guard checkpoint < checkpoints.count else { return bytes.count }
        var offset = checkpoints[checkpoint]
        for _ in 0..<(index % Self.stride) where offset < bytes.count {
            offset += Self.width(bytes[offset])
        }
        return min(offset, bytes.count)
    }

    private static func width(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0...: 4
        default: 1
        }
    }
}

/// The event loop of `MarkedYAML.parse`.
private struct MarkedBuilder {
    struct Frame {
        var isMapping: Bool
        var flow: Bool
        var start: Int
        var location: SourceLocation
        var decorated: Bool
        var items: [MarkedNode] = []
        var pairs: [MarkedPair] = []
        var pendingKey: MarkedNode?
    }

    let offsets: ByteOffsets
    let bytes: [UInt8]
    var stack: [Frame] = []
    var root: MarkedNode?
    var finished = false

    init(offsets: ByteOffsets, bytes: [UInt8]) {
        self.offsets = offsets
        self.bytes = bytes
    }

    mutating func handle(_ event: yaml_event_t) {
        let start = offsets.byte(ofScalar: event.start_mark.index)
        let end = offsets.byte(ofScalar: event.end_mark.index)
        let location = SourceLocation(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
        switch event.type {
        case YAML_DOCUMENT_END_EVENT:
            finished = true
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            let block = scalar.style == YAML_LITERAL_SCALAR_STYLE || scalar.style == YAML_FOLDED_SCALAR_STYLE
            var node = MarkedNode(
                kind: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, block: block), start: start,
                end: block ? trimmedEnd(end, above: start) : end, location: location)
            node.decorated = scalar.anchor != nil || scalar.tag != nil
            add(node)
        case YAML_ALIAS_EVENT:
            var node = MarkedNode(kind: .alias, start: start, end: end, location: location)
            node.decorated = true
            add(node)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            stack.append(
                Frame(
                    isMapping: false, flow: data.style == YAML_FLOW_SEQUENCE_STYLE, start: start, location: location,
                    decorated: data.anchor != nil || data.tag != nil))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            stack.append(
                Frame(
                    isMapping: true, flow: data.style == YAML_FLOW_MAPPING_STYLE, start: start, location: location,
                    decorated: data.anchor != nil || data.tag != nil))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            var node = MarkedNode(
                kind: frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items), start: frame.start,
                end: end, flow: frame.flow, location: frame.location)
            node.decorated = frame.decorated
            add(node)
        default:
            break
        }
    }

    /// A block scalar's end mark lies after its trailing line breaks (and the next
    /// line's indentation): back over them, so that a replacement keeps the line break.
    private func trimmedEnd(_ end: Int, above start: Int) -> Int {
        var end = min(end, bytes.count)
        while end > start + 1, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        return end
    }

    private mutating func add(_ node: MarkedNode) {
        guard !stack.isEmpty else {
            if root == nil { root = node }
            return
        }
        let last = stack.count - 1
        if !stack[last].isMapping {
            stack[last].items.append(node)
        } else if let key = stack[last].pendingKey {
            stack[last].pairs.append(MarkedPair(key: key, value: node))
            stack[last].pendingKey = nil
        } else {
            stack[last].pendingKey = node
        }
    }
}
