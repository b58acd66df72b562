/// A routine as written, before validation: every value the file gave, with the
/// source position of each, and node refs not yet resolved.
///
/// `RoutineFile` builds a draft from YAML (reporting shape problems: unknown and
/// missing keys, wrong types); `RoutineValidator` turns a draft into a `Routine`
/// (reporting graph problems: undefined refs, duplicates, cycles, reachability).
/// Keeping the draft free of YAML lets the graph checks stay pure and testable.
public struct RoutineDraft: Sendable, Equatable {
    /// The slug as written, or nil when `routine:` is missing or not text.
    public var slug: String?
    public var title: String?
    /// Start refs in declared order; nil when `start:` is missing or not a list.
    public var start: [DraftRef]?
    /// Every node: top-level ones (under `nodes:`) and inline ones, in the order the
    /// reader met them. Refs of kind `.inline` index into this array.
    public var nodes: [DraftNode]
    /// Declarations under `habits:`, in file order.
    public var habits: [DraftHabit]
    /// Where the whole document starts (for a missing key with nothing better to point at).
    public var location: SourceLocation

    public init(
        slug: String? = nil, title: String? = nil, start: [DraftRef]? = nil,
        nodes: [DraftNode] = [], habits: [DraftHabit] = [],
        location: SourceLocation = SourceLocation(line: 1, column: 1)
    ) {
        self.slug = slug
        self.title = title
        self.start = start
        self.nodes = nodes
        self.habits = habits
        self.location = location
    }
}

/// A node ref as written: an id to look up, or an inline node of the draft.
public struct DraftRef: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        /// A node id, looked up among all ids of the file (top-level and inline).
        case id(String)
        /// An inline node, by index in `RoutineDraft.nodes`.
        case inline(Int)
    }

    public var target: Target
    /// The ref's scalar, or the inline node's mapping.
    public var location: SourceLocation

    public init(_ target: Target, at location: SourceLocation) {
        self.target = target
        self.location = location
    }
}

/// A node as written.
public struct DraftNode: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        /// `habit: NAME`, with the position of the name.
        case habit(String, at: SourceLocation)
        /// `question: TEXT` with its options (empty when `options:` is missing or empty).
        case question(String, options: [DraftOption], at: SourceLocation)
        /// Neither (already reported by the reader); the node still takes part in the graph.
        case missing
    }

    /// The id: the key under `nodes:`, an inline node's `id:`, or a generated one (with `/`).
    public var id: String
    /// Where the id is written (the key, or the `id:` value); for a generated id, the mapping.
    public var idLocation: SourceLocation
    /// The node's definition: the key under `nodes:`, or an inline node's mapping.
    public var location: SourceLocation
    public var isInline: Bool
    public var body: Body
    public var next: [DraftRef]
    /// `when:`, when given as text.
    public var when: DraftCondition?

    public init(
        id: String, idLocation: SourceLocation, location: SourceLocation,
        isInline: Bool, body: Body, next: [DraftRef] = []
    ) {
        self.when = nil
        self.id = id
        self.idLocation = idLocation
        self.location = location
        self.isInline = isInline
        self.body = body
        self.next = next
    }
}

/// An option of a question as written.
public struct DraftOption: Sendable, Equatable {
    public var text: String
    /// The `text:` value (or the option's mapping when the text is missing).
    public var location: SourceLocation
    public var next: [DraftRef]
    /// `when:`, when given as text.
    public var when: DraftCondition?

    public init(text: String, at location: SourceLocation, next: [DraftRef] = []) {
        self.when = nil
        self.text = text
        self.location = location
        self.next = next
    }
}

/// One declaration under `habits:`.
public struct DraftHabit: Sendable, Equatable {
    public var name: String
    /// The name key.
    public var location: SourceLocation
    public var measure: Measure?
    /// The `measure:` value, when there is one.
    public var measureLocation: SourceLocation?
    public var target: Double?
    public var weekly: Double?
    /// `days:`, `every:` or a frequency (`per:`, `monthly:`, a binary habit's
    /// `weekly:`), when one is given and valid.
    public var schedule: Schedule?
    /// `at-least:` or `at-most:`, when one is given and valid.
    public var dayTarget: DayTarget?

    public init(
        name: String, at location: SourceLocation, measure: Measure? = nil,
        measureLocation: SourceLocation? = nil, target: Double? = nil, weekly: Double? = nil,
        schedule: Schedule? = nil, dayTarget: DayTarget? = nil
    ) {
        self.schedule = schedule
        self.dayTarget = dayTarget
        self.name = name
        self.location = location
        self.measure = measure
        self.measureLocation = measureLocation
        self.target = target
        self.weekly = weekly
    }
}

/// A `when:` expression as written, with where its text starts.
public struct DraftCondition: Sendable, Equatable {
    public var text: String
    /// The scalar's position.
    public var location: SourceLocation
    /// Columns from the scalar's position to the first character of `text` when the
    /// scalar is on one line (0 plain, 1 quoted); nil otherwise (a problem is then
    /// reported at the scalar).
    public var shift: Int?

    public init(text: String, at location: SourceLocation, shift: Int?) {
        self.text = text
        self.location = location
        self.shift = shift
    }

    /// The position of the character at `offset` in `text`.
    public func location(ofOffset offset: Int) -> SourceLocation {
        guard let shift else { return location }
        return SourceLocation(line: location.line, column: location.column + shift + offset)
    }
}
