import CYaml
import Foundation
import RoutineCore

/// The events of one value under the streamed `nodes:` mapping, kept flat instead of
/// built into a `YAMLNode` tree, with for each collection where it ends.
/// `YAMLEventReader` records them (no anchors, no aliases: a value with either is built
/// into the tree as before) and hands them to the decoder, which reads the usual node
/// from them without a tree (`RoutineDecoder.topLevelNode(key:events:)`).
///
/// A scalar's bytes are copied into the recording's own byte buffer and libyaml's are
/// freed at once (`take`): libyaml mallocs a buffer for every scalar, and one freed
/// right away is the one its next scalar gets back from the allocator's cache, where
/// buffers kept until the whole node was read went through its slower lists. The events
/// live in a buffer of the recording's own too (an array's uniqueness and capacity checks
/// on every append cost more than the appends), and the open collections in a fixed one
/// (at most `maxDepth`). All keep their capacity from one node to the next. One owner
/// (`TreeBuilder`), which calls `deallocate` once, before it is dropped; a copy (the
/// decoder's view) only reads, until the next change.
struct NodeEvents {
    /// Collections nested deeper than this in one value are built into the tree.
    static let maxDepth = 16

    enum Kind: UInt8 {
        case scalar, sequence, mapping, end
    }

    struct Event {
        var kind: Kind
        /// A plain scalar (not quoted, not a block).
        var plain = false
        var location: SourceLocation
        /// Where a scalar's bytes start in the recording's byte buffer, and how many.
        var offset = 0
        var count = 0
        /// For a collection, the index of its `end` event.
        var end = 0
    }

    private var storage = Scratch<Event>()
    /// The collections not yet ended (indexes of their events), innermost last.
    private var open: UnsafeMutablePointer<Int>
    private(set) var openCount = 0
    private var bytes: UnsafeMutablePointer<UInt8>
    private var byteCapacity: Int
    private var byteCount = 0

    /// How many nodes (scalars and collections) the value holds.
    private(set) var nodeCount = 0

    init() {
        open = .allocate(capacity: Self.maxDepth + 1)
        byteCapacity = 1_024
        bytes = .allocate(capacity: byteCapacity)
    }

    /// The events recorded, in order (valid until the next change).
    var events: UnsafeBufferPointer<Event> { storage.elements }

    /// A scalar event's bytes (valid until the next change).
    func buffer(_ event: Event) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + event.offset, count: event.count)
    }

    /// Empties the recording (its buffers keep their capacity).
    mutating func removeAll() {
        storage.removeAll()
        openCount = 0
        nodeCount = 0
        byteCount = 0
    }

    /// Frees the recording's buffers (`removeAll`, then no more use).
    mutating func deallocate() {
        removeAll()
        storage.free()
        open.deallocate()
        bytes.deallocate()
        byteCapacity = 0
    }

    /// Opens a collection. The caller keeps `openCount` below `maxDepth` (deeper values
    /// are built into the tree), so the fixed room for open collections always holds.
    mutating func append(_ kind: Kind, at location: SourceLocation) {
        precondition(openCount <= Self.maxDepth)
        open[openCount] = storage.count
        openCount += 1
        nodeCount += 1
        storage.append(Event(kind: kind, location: location))
    }

    /// Records a scalar event: its value's bytes are copied and libyaml's buffer freed
    /// (the event's pointer is set to nil, so that `yaml_event_delete` leaves it).
    mutating func take(_ event: inout yaml_event_t, at location: SourceLocation) {
        let scalar = event.data.scalar
        let length = scalar.value == nil ? 0 : scalar.length
        if byteCount + length > byteCapacity {
            var grown = byteCapacity * 2
            while byteCount + length > grown { grown *= 2 }
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.initialize(from: bytes, count: byteCount)
            bytes.deallocate()
            bytes = larger
            byteCapacity = grown
        }
        if let value = scalar.value, length > 0 {
            (bytes + byteCount).initialize(from: value, count: length)
        }
        nodeCount += 1
        storage.append(
            Event(
                kind: .scalar, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, location: location,
                offset: byteCount, count: length))
        byteCount += length
        free(scalar.value)
        event.data.scalar.value = nil
    }

    mutating func appendEnd(at location: SourceLocation) {
        guard openCount > 0 else { return }
        openCount -= 1
        storage[open[openCount]].end = storage.count
        storage.append(Event(kind: .end, location: location))
    }
}
