/// A validated routine: a DAG of habit and question nodes, ready to plan and walk.
///
/// Nodes are addressed by their index in `nodes`; every index in `start`, `next` and
/// option `next` lists is valid. A `Routine` can only be made by validation: the
/// validator assembles one from a file with no errors, and everything else (the store
/// reading its tables, a saved walker, a test) goes through the throwing initializer,
/// which checks the promises of the type (`RoutineShape`). Code that takes one may rely
/// on: a valid slug, unique non-empty ids, no cycles, non-empty `start`, non-empty
/// option lists, option texts unique case-insensitively within a question.
public struct Routine: Sendable, Equatable {
    /// The slug, `[a-z0-9][a-z0-9-]*`; unique in a store.
    public internal(set) var slug: String
    /// The display title as written, or nil when the file has none (the slug is shown).
    public internal(set) var title: String?
    /// Start nodes, in declared order.
    public internal(set) var start: [Int]
    /// Every node of the file: top-level ones in file order, inline ones in order of appearance.
    public internal(set) var nodes: [Node]
    /// Properties of habits declared under `habits:`, in file order.
    public internal(set) var habits: [HabitSpec]

    /// A routine from its parts, checked: throws when they break a promise of the type.
    public init(
        slug: String, title: String?, start: [Int], nodes: [Node], habits: [HabitSpec]
    ) throws(RoutineShape.Error) {
        self.init(assembled: slug, title: title, start: start, nodes: nodes, habits: habits)
        try RoutineShape.check(self)
    }

    /// A routine the validator has already checked (`RoutineAssembler`), or one derived
    /// inside this module from a checked one (`pruned(for:)`).
    init(assembled slug: String, title: String?, start: [Int], nodes: [Node], habits: [HabitSpec]) {
        self.slug = slug
        self.title = title
        self.start = start
        self.nodes = nodes
        self.habits = habits
    }

    /// The title to show: the file's title, else the slug.
    public var displayTitle: String { title ?? slug }

    /// The declared properties of a habit, matched by `HabitName.key`.
    public func spec(forHabit name: String) -> HabitSpec? {
        let key = HabitKey(name)
        return habits.first { HabitKey($0.name) == key }
    }
}

/// Decoding (a saved walker carries its routine) goes through the same check as any
/// other way of making one: a damaged save is a `DecodingError`, not a broken graph.
extension Routine: Codable {
    private enum CodingKeys: String, CodingKey {
        case slug, title, start, nodes, habits
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                slug: container.decode(String.self, forKey: .slug),
                title: container.decodeIfPresent(String.self, forKey: .title),
                start: container.decode([Int].self, forKey: .start),
                nodes: container.decode([Node].self, forKey: .nodes),
                habits: container.decode([HabitSpec].self, forKey: .habits))
        } catch let error as RoutineShape.Error {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.reason))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(slug, forKey: .slug)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(start, forKey: .start)
        try container.encode(nodes, forKey: .nodes)
        try container.encode(habits, forKey: .habits)
    }
}

/// One node of a routine graph.
public struct Node: Codable, Sendable, Equatable {
    /// The node id. Inline nodes without an explicit `id:` get a generated id that
    /// contains `/` (never valid in a written id), e.g. `feeling/3/1` for the first
    /// `next` entry of the third option of `feeling`, `walk/next/2`, `start/1`.
    public var id: String
    /// True when the node was written inline in a ref list rather than under `nodes:`.
    public var isInline: Bool
    public var body: NodeBody
    /// The node's own `next` nodes, in declared order.
    public var next: [Int]
    /// The `when:` condition as written (SPEC §10.3), checked on import; nil: always.
    public var when: String?

    public init(id: String, isInline: Bool = false, body: NodeBody, next: [Int] = [], when: String? = nil) {
        self.id = id
        self.isInline = isInline
        self.body = body
        self.next = next
        self.when = when
    }

    /// True when the id was generated for an inline node written without `id:`.
    public var hasGeneratedID: Bool { id.contains("/") }
}

/// What a node asks: do a habit, or answer a question.
public enum NodeBody: Codable, Sendable, Equatable {
    /// A habit node; the name as written in the file.
    case habit(String)
    /// A question node with its options in declared order.
    case question(String, options: [Option])
}

/// An answer of a question node (ConditionalOption).
public struct Option: Codable, Sendable, Equatable {
    public var text: String
    public var next: [Int]
    /// The `when:` condition as written; an option whose condition is false is not offered.
    public var when: String?

    public init(text: String, next: [Int] = [], when: String? = nil) {
        self.text = text
        self.next = next
        self.when = when
    }

    /// What makes two options of a question the same (`Yes` and ` yes`): SPEC §2's
    /// duplicate-option rule, written once for the validator and `RoutineShape`.
    public static func matchKey(_ text: String) -> String {
        text.trimmingWhitespace().lowercased()
    }
}

/// Declared properties of a habit (the `habits:` section of a file).
public struct HabitSpec: Codable, Sendable, Equatable {
    public var name: String
    /// Present for quantity habits.
    public var measure: Measure?
    /// Default value per entry (`y` at a quantity prompt records it).
    public var target: Double?
    /// Weekly target: a count for binary habits, a sum for quantity ones.
    public var weekly: Double?
    /// When the habit is due (`days:`, `every:` or `per:`); nil when not declared (daily,
    /// or as stored).
    public var schedule: Schedule?
    /// The day target (`at-least:`/`at-most:`, SPEC §18.1); nil when not declared.
    public var dayTarget: DayTarget?

    public init(
        name: String, measure: Measure? = nil, target: Double? = nil, weekly: Double? = nil,
        schedule: Schedule? = nil, dayTarget: DayTarget? = nil
    ) {
        self.name = name
        self.measure = measure
        self.target = target
        self.weekly = weekly
        self.schedule = schedule
        self.dayTarget = dayTarget
    }
}

/// A unit and its type (`km`/`distance`, `min`/`time`).
public struct Measure: Codable, Sendable, Equatable, Hashable {
    public var unit: String
    public var type: String

    /// The types the tool itself gives (`log --unit km` is a distance): another type is
    /// allowed, but `routine check` warns, since `cout` is more likely a typo than a kind.
    public static let knownTypes = ["count", "distance", "time", "mass", "volume", "energy"]

    public init(unit: String, type: String) {
        self.unit = unit
        self.type = type
    }
}
