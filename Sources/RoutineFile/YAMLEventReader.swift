import CYaml
import Foundation
import RoutineCore

/// Reads YAML bytes into a `YAMLNode` tree through libyaml's event API.
///
/// Much faster than `Yams.compose` (no tag resolution, no Node classes), and it lets
/// us guard what libyaml does not: nesting is counted on the event stream and stops
/// at `maxDepth`; alias expansion is bounded by `aliasBudget`; a second document is
/// reported. Input is checked to be UTF-8 first, so that a bad byte is reported at
/// its own line and column.
public struct YAMLEventReader {
    /// Collections nested deeper than this are an error (SPEC §2).
    static let maxDepth = 100
    static let tooDeep = "nesting deeper than \(maxDepth) levels"

    public struct Output: Sendable {
        /// The first document's root; nil for an empty stream, or when reading stopped.
        public var root: YAMLNode?
        public var diagnostics: [Diagnostic] = []
        /// True when the tree is incomplete or unusable (syntax error, too deep,
        /// too many aliases): the caller should not look for missing keys in it.
        public var stopped = false
        /// True when the pairs of the streamed mapping went to the sink (see `read`).
        public var streamed = false
    }

    /// How many nodes aliases may add, in total, for a file of `byteCount` bytes: as
    /// many as the file could hold without aliases (one per byte), at least 100,000.
    static func aliasBudget(byteCount: Int) -> Int { max(100_000, byteCount) }

    /// `asReleased`: libyaml as released, without its fast paths for printable ASCII
    /// (its reader decodes every character, its plain-scalar scanner copies one at a
    /// time; Sources/CYaml/README.md); the same output, which the tests check with it.
    ///
    /// `streaming`: the pairs of the root mapping's first `key:` mapping are handed to
    /// `sink` one at a time as each value is read, and not kept in the tree (which then
    /// holds an empty mapping there and `Output.streamed` is true): a 100,000-node
    /// file's nodes are decoded as they are read, each node's small tree freed while its
    /// memory is still warm, instead of a tree of the whole file built first (about
    /// 60 MB for 8.5 MB of YAML). Not when that mapping is anchored (an alias would
    /// need its tree).
    public static func read(
        _ data: Data, asReleased: Bool = false, streaming: (key: String, sink: (YAMLPair) -> Void)? = nil
    ) -> Output {
        read(data, asReleased: asReleased, streaming: streaming, fastSink: nil)
    }

    /// `fastSink`, with `streaming`: each value of that mapping that is a mapping is first
    /// kept as flat events (`NodeEvents`, no tree) and offered to `fastSink` with its key;
    /// when it returns false (or the value has an anchor or an alias) the value's tree is
    /// built and goes to `sink` as before.
    static func read(
        _ data: Data, asReleased: Bool = false, streaming: (key: String, sink: (YAMLPair) -> Void)?,
        fastSink: ((YAMLNode, NodeEvents) -> Bool)?
    ) -> Output {
        // A UTF-8 byte order mark (editors on Windows write one) is not content. libyaml
        // skips it only when it detects the encoding itself, and ours is set explicitly.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        return data.withUnsafeBytes { raw -> Output in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let bad = UTF8Check.firstInvalidOffset(bytes) {
                var output = Output()
                output.stopped = true
                output.diagnostics.append(
                    Diagnostic(
                        .syntax, "not UTF-8: invalid byte 0x\(String(bytes[bad], radix: 16, uppercase: true))",
                        at: UTF8Check.location(ofOffset: bad, in: bytes)))
                return output
            }
            var builder = TreeBuilder(aliasBudget: aliasBudget(byteCount: bytes.count))
            builder.asReleased = asReleased
            builder.stream = streaming
            builder.fastSink = streaming == nil ? nil : fastSink
            var empty: UInt8 = 0
            // A UTF-8 byte order mark is allowed and is not part of the first line.
            let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            let skip = hasBOM ? 3 : 0
            if let base = bytes.baseAddress, bytes.count > skip {
                let rest = UnsafeBufferPointer(rebasing: bytes[skip...])
                builder.run(base + skip, count: bytes.count - skip, bytes: rest)
            } else {
                withUnsafePointer(to: &empty) { builder.run($0, count: 0, bytes: bytes) }
            }
            return builder.output
        }
    }
}

/// The event loop and the stack of collections being built.
private struct TreeBuilder {
    /// A collection being built. Mutated in place on the stack (never copied out),
    /// so appending stays amortised O(1) even for a mapping of 100,000 nodes.
    struct Frame {
        var isMapping: Bool
        var items = Scratch<YAMLNode>()
        var pairs = Scratch<YAMLPair>()
        var pendingKey: YAMLNode?
        var location: SourceLocation
        var anchor: String?
        var size = 1
        /// The mapping whose pairs go to the stream's sink instead of into `pairs`.
        var streaming = false
    }

    var output = YAMLEventReader.Output()
    /// Frames `0..<depth` are open. Frames above `depth` are kept for reuse: their
    /// buffers keep their capacity, and a finished collection's elements are moved
    /// into an exact-size array (one allocation per collection instead of one per
    /// doubling, and no retain/release per element). `run` frees the buffers.
    var stack: [Frame] = []
    var depth = 0
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var documents = 0
    var building = true
    var aliasNodes = 0
    let aliasBudget: Int
    var asReleased = false
    /// The root key whose mapping is streamed, and where its pairs go (see `read`).
    var stream: (key: String, sink: (YAMLPair) -> Void)?
    /// The state of the root mapping's stream key: 0 not met yet, 1 just read (its
    /// value comes next), 2 met before (only the first is what a reader of the tree uses).
    var streamKeyState = 0
    /// Decodes a streamed value from its flat events; false when it declines (the
    /// value's tree then goes to `stream`'s sink). Nil: every value's tree is built.
    var fastSink: ((YAMLNode, NodeEvents) -> Bool)?
    /// True while a value under the streamed mapping is being recorded into `recorded`.
    var recording = false
    var recorded = NodeEvents()

    init(aliasBudget: Int) { self.aliasBudget = aliasBudget }

    mutating func run(_ input: UnsafePointer<UInt8>, count: Int, bytes: UnsafeBufferPointer<UInt8>) {
        defer {
            recorded.deallocate()
            for index in stack.indices {
                stack[index].items.free()
                stack[index].pairs.free()
            }
            stack.removeAll()
            depth = 0
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            stop(Diagnostic(.syntax, "cannot start the YAML parser", at: SourceLocation(line: 1, column: 1)))
            return
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, input, count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        parser.routine_as_released = asReleased ? 1 : 0
        var event = yaml_event_t()
        while !output.stopped {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                stop(syntaxError(parser, bytes: bytes))
                return
            }
            let done = event.type == YAML_STREAM_END_EVENT
            handle(&event)
            if Self.ownsMemory(event) { yaml_event_delete(&event) }
            if done { break }
        }
    }

    /// True when the event still holds memory of libyaml's to free. Most hold none (ends,
    /// and scalars whose value the recording took): `yaml_event_delete` is then skipped,
    /// which only frees pointers and zeroes the event, as `yaml_parser_parse` does
    /// again before it fills it (1.4 million events in a 100,000-node file).
    static func ownsMemory(_ event: yaml_event_t) -> Bool {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            return scalar.value != nil || scalar.anchor != nil || scalar.tag != nil
        case YAML_MAPPING_START_EVENT:
            return event.data.mapping_start.anchor != nil || event.data.mapping_start.tag != nil
        case YAML_SEQUENCE_START_EVENT:
            return event.data.sequence_start.anchor != nil || event.data.sequence_start.tag != nil
        case YAML_ALIAS_EVENT:
            return event.data.alias.anchor != nil
        case YAML_DOCUMENT_START_EVENT:
            return true
        default:
            return false
        }
    }

    private func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context {
            message += " (\(String(cString: context)))"
        }
        let location: SourceLocation
        if parser.error == YAML_READER_ERROR {
            location = UTF8Check.location(ofOffset: parser.problem_offset, in: bytes)
        } else {
            location = Self.location(parser.problem_mark)
            // libyaml names a tab by its effect ("found a tab character that violates
            // indentation", or "found character that cannot start any token" at one):
            // say what to do instead.
            let index = parser.problem_mark.index
            if message.contains("tab character") || (index < bytes.count && bytes[index] == 0x09) {
                message = "a tab cannot indent YAML; use spaces"
            }
            // libyaml's scanner stops at 1,000 levels and names the C function that raises
            // its limit (issue 31 item 19): this is our own limit, reached first in its
            // look-ahead, so it gets our words.
            if message.contains("nesting level") || message.contains("yaml_set_max_nest_level") {
                return Diagnostic(.invalidValue, YAMLEventReader.tooDeep, at: location)
            }
        }
        return Diagnostic(.syntax, message, at: location)
    }

    static func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: mark.line + 1, column: mark.column + 1)
    }

    mutating func stop(_ diagnostic: Diagnostic) {
        output.diagnostics.append(diagnostic)
        output.stopped = true
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func anchor(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    mutating func handle(_ event: inout yaml_event_t) {
        if recording, record(&event) { return }
        let location = Self.location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents == 2 {
                output.diagnostics.append(
                    Diagnostic(
                        .invalidValue, "a routine file holds one YAML document; this is a second one",
                        at: location))
            }
            building = documents == 1
        case YAML_SCALAR_EVENT:
            guard building else { return }
            let scalar = event.data.scalar
            let text = Self.string(scalar.value, length: scalar.length)
            let node = YAMLNode(
                kind: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), location: location)
            if let name = Self.anchor(scalar.anchor) { anchors[name] = (node, 1) }
            add(node, size: 1)
        case YAML_ALIAS_EVENT:
            guard building else { return }
            let name = Self.anchor(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                stop(Diagnostic(.syntax, "unknown alias '*\(name)'", at: location))
                return
            }
            aliasNodes += anchored.size
            guard aliasNodes <= aliasBudget else {
                stop(
                    Diagnostic(
                        .invalidValue,
                        "aliases expand to more than \(aliasBudget) nodes; refusing to expand '*\(name)'",
                        at: location))
                return
            }
            var node = anchored.node
            node.location = location
            add(node, size: anchored.size)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard building else { return }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor =
                isMapping
                ? Self.anchor(event.data.mapping_start.anchor) : Self.anchor(event.data.sequence_start.anchor)
            // A node under the streamed mapping: its events are kept flat (see `record`).
            if isMapping, anchor == nil, depth == 2, fastSink != nil, stack[1].streaming, stack[1].pendingKey != nil {
                startRecording(at: location)
                return
            }
            open(isMapping: isMapping, at: location, anchor: anchor)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard building, depth > 0 else { return }
            close()
        default:
            break
        }
    }

    /// Starts a collection (`handle`'s start events, and `replay`).
    mutating func open(isMapping: Bool, at location: SourceLocation, anchor: String?) {
        guard depth < YAMLEventReader.maxDepth else {
            stop(Diagnostic(.invalidValue, YAMLEventReader.tooDeep, at: location))
            return
        }
        // The root mapping's first stream key, its value a mapping without anchor.
        let streaming = isMapping && streamKeyState == 1 && depth == 1 && anchor == nil && stack[0].isMapping
        if depth < stack.count {
            stack[depth].isMapping = isMapping
            stack[depth].pendingKey = nil
            stack[depth].location = location
            stack[depth].anchor = anchor
            stack[depth].size = 1
            stack[depth].streaming = streaming
        } else {
            stack.append(Frame(isMapping: isMapping, location: location, anchor: anchor, streaming: streaming))
        }
        if streaming { output.streamed = true }
        depth += 1
    }

    /// Ends the innermost collection and adds it to the one around it.
    mutating func close() {
        depth -= 1
        let top = depth
        let kind: YAMLNode.Kind =
            stack[top].isMapping ? .mapping(stack[top].pairs.take()) : .sequence(stack[top].items.take())
        let node = YAMLNode(kind: kind, location: stack[top].location)
        let size = stack[top].size
        if let anchor = stack[top].anchor { anchors[anchor] = (node, size) }
        add(node, size: size)
    }

    // MARK: - A streamed node's events, kept flat

    /// Starts keeping the events of a value under the streamed mapping (its opening
    /// mapping's at `location`) in `recorded` instead of building its tree.
    mutating func startRecording(at location: SourceLocation) {
        recorded.removeAll()
        recorded.append(.mapping, at: location)
        recording = true
    }

    /// Keeps one event of the value being recorded; false when the value needs the tree
    /// after all (an anchor or an alias, or nesting deeper than `NodeEvents.maxDepth`):
    /// what was recorded is then built as `handle` would have built it, and the event
    /// is `handle`'s to take.
    mutating func record(_ event: inout yaml_event_t) -> Bool {
        let location = Self.location(event.start_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            guard event.data.scalar.anchor == nil else { return giveUpRecording() }
            recorded.take(&event, at: location)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let anchor =
                event.type == YAML_MAPPING_START_EVENT
                ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            guard anchor == nil, recorded.openCount < NodeEvents.maxDepth else { return giveUpRecording() }
            recorded.append(event.type == YAML_MAPPING_START_EVENT ? .mapping : .sequence, at: location)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            recorded.appendEnd(at: location)
            if recorded.openCount == 0 { finishRecording() }
        default:
            return giveUpRecording()
        }
        return true
    }

    /// The recorded value is complete: the fast sink decodes it, or (when it declines)
    /// its tree is built and goes to the stream's sink as every other value does.
    mutating func finishRecording() {
        recording = false
        guard let key = stack[1].pendingKey.take() else { return }
        if let fastSink, fastSink(key, recorded) {
            stack[1].size = min(Int.max / 2, stack[1].size + min(Int.max / 4, recorded.nodeCount))
        } else {
            stack[1].pendingKey = key
            replay()
        }
        recorded.removeAll()
    }

    mutating func giveUpRecording() -> Bool {
        recording = false
        replay()
        recorded.removeAll()
        return false
    }

    /// Builds the recorded events into the tree, as `handle` would have built them.
    mutating func replay() {
        for event in recorded.events {
            switch event.kind {
            case .scalar:
                let text = String(decoding: recorded.buffer(event), as: UTF8.self)
                add(YAMLNode(kind: .scalar(text, plain: event.plain), location: event.location), size: 1)
            case .mapping, .sequence:
                open(isMapping: event.kind == .mapping, at: event.location, anchor: nil)
            case .end:
                close()
            }
        }
    }

    /// Adds a finished node to the collection being built, or makes it the root.
    /// `node` is consumed and the pending key taken (not copied), so no node is
    /// retained and released on its way into the tree.
    mutating func add(_ node: consuming YAMLNode, size: Int) {
        let last = depth - 1
        guard last >= 0 else {
            if output.root == nil { output.root = node }
            return
        }
        stack[last].size = min(Int.max / 2, stack[last].size + min(Int.max / 4, size))
        if !stack[last].isMapping {
            stack[last].items.append(node)
        } else if let key = stack[last].pendingKey.take() {
            if stack[last].streaming, let sink = stream?.sink {
                sink(YAMLPair(key: key, value: node))
            } else {
                stack[last].pairs.append(YAMLPair(key: key, value: node))
            }
            if last == 0 && streamKeyState == 1 { streamKeyState = 2 }
        } else {
            if last == 0, streamKeyState == 0, let stream, node.text == stream.key { streamKeyState = 1 }
            stack[last].pendingKey = node
        }
    }
}

/// A growable buffer that hands its elements over by moving them into an exact-size
/// array (`take`), or lends them in place (`elements`), and is then empty again with its
/// capacity kept. Not copyable in spirit: one owner (a `TreeBuilder.Frame`, a
/// `NodeEvents`), which calls `free` once.
struct Scratch<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity = 8
    private(set) var count = 0

    init() { base = .allocate(capacity: 8) }

    mutating func append(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The elements, in order, in place (valid until the next change).
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Destroys the elements; the buffer keeps its capacity.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// The elements, moved out in order; the buffer is left empty.
    mutating func take() -> [Element] {
        let taken = count
        count = 0
        guard taken > 0 else { return [] }
        // Appended one by one after `reserveCapacity` (not `init(unsafeUninitializedCapacity:)`,
        // which here went through the unspecialised array buffer initialiser and looked up
        // generic metadata at run time for every collection).
        var result: [Element] = []
        result.reserveCapacity(taken)
        for index in 0..<taken { result.append((base + index).move()) }
        return result
    }

    /// Destroys the elements left and frees the buffer.
    mutating func free() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
        capacity = 0
    }
}
