import CYaml
import Foundation
import RoutineCore

/// The events of one value under the streamed `nodes:` mapping, kept flat instead of
/// built into a `YAMLNode` tree, with for each collection where it ends.
/// `YAMLEventReader` records them (no anchors, no aliases: a value with either is built
/// into the tree as before) and hands them to the decoder, which reads the usual node
/// from them without a tree (`RoutineDecoder.topLevelNode(key:events:)`).
///
/// A scalar's bytes stay in libyaml's own buffer, which the recording takes over from
/// its event (`take`) instead of copying it: `removeAll` frees them, once the value has
/// been decoded or built. The event array keeps its capacity from one node to the next.
/// One owner (`TreeBuilder`), which calls `removeAll` before it is dropped.
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
        /// A scalar's bytes (libyaml's buffer, taken from its event; nil when empty).
        var bytes: UnsafeMutablePointer<yaml_char_t>?
        var count = 0
        /// For a collection, the index of its `end` event.
        var end = 0

        /// The scalar's bytes.
        var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count) }
    }

    private(set) var events: [Event] = []
    /// The collections not yet ended, innermost last.
    private var open: [Int] = []

    var openCount: Int { open.count }

    /// How many nodes (scalars and collections) the value holds.
    private(set) var nodeCount = 0

    /// Frees the scalars' buffers and empties the recording.
    mutating func removeAll() {
        for event in events where event.bytes != nil { free(event.bytes) }
        events.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        nodeCount = 0
    }

    mutating func append(_ kind: Kind, at location: SourceLocation) {
        open.append(events.count)
        nodeCount += 1
        events.append(Event(kind: kind, location: location))
    }

    /// Records a scalar event, taking its value's buffer over (the event's pointer is
    /// set to nil, so that `yaml_event_delete` leaves it).
    mutating func take(_ event: inout yaml_event_t, at location: SourceLocation) {
        let scalar = event.data.scalar
        nodeCount += 1
        events.append(
            Event(
                kind: .scalar, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, location: location,
                bytes: scalar.value, count: scalar.length))
        event.data.scalar.value = nil
    }

    mutating func appendEnd(at location: SourceLocation) {
        guard let opened = open.popLast() else { return }
        events[opened].end = events.count
        events.append(Event(kind: .end, location: location))
    }
}
