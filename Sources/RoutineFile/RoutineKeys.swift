import RoutineCore

/// The keys of a routine file, each with the shape of its value and what it means: the
/// one home of the format's keys. `RoutineDecoder` takes its allowed keys from here,
/// `RoutineSchema` (`routine schema`) builds the JSON Schema from it, and the language
/// server completes and explains keys from it, so a key added here reaches all three.
public struct RoutineKey: Sendable, Hashable {
    /// The shape of a key's value, as far as a schema can say it.
    public enum Value: Sendable, Hashable {
        /// A slug: `[a-z0-9][a-z0-9-]*`.
        case slug
        /// Non-empty text (scalars are text: `Yes`, `12` and `true` are text).
        case text
        /// A node id: `[A-Za-z0-9_.-]+`.
        case nodeID
        /// A list of node refs (ids or inline nodes); `nonEmpty` refuses `[]` and nothing.
        case refs(nonEmpty: Bool)
        /// `nodes:` — node id to node.
        case nodes
        /// `habits:` — habit name to properties (or nothing).
        case habits
        /// `options:` — a list of options.
        case options
        /// `measure:` — `unit` and `type`.
        case measure
        /// A measure's type: text, the known types suggested.
        case measureType
        /// A number greater than zero, at most `maximum` when given.
        case positiveNumber(maximum: Double?)
        /// `days:` — a non-empty list of distinct weekdays, any letter case.
        case weekdays
        /// `every:` — a whole number of days, 1 to `RoutineDecoder.maxInterval`.
        case interval
        /// `per:` — `N/P`, 1 ≤ N ≤ P ≤ 366 (SPEC §18.1).
        case frequency
        /// A whole number from 1 to `maximum`.
        case wholeNumber(maximum: Int)
        /// A number ≥ 0, at most `maximum`.
        case nonNegativeNumber(maximum: Double)
        /// `when:` — a condition written as text.
        case condition
    }

    public let name: String
    public let value: Value
    /// Required where it appears (`routine`, `start`, `nodes`; a measure's two keys).
    public let required: Bool
    /// One or two sentences for a person: the schema's description, the editor's hover.
    public let summary: String

    init(_ name: String, _ value: Value, required: Bool = false, _ summary: String) {
        self.name = name
        self.value = value
        self.required = required
        self.summary = summary
    }
}

/// The tables of keys, one per kind of mapping in a routine file (docs/file-format.md).
public enum RoutineKeys {
    public static let file: [RoutineKey] = [
        RoutineKey(
            "routine", .slug, required: true,
            "The routine's slug: lower-case letters, digits and '-', starting with a letter or digit."),
        RoutineKey("title", .text, "The routine's title, shown instead of the slug."),
        RoutineKey(
            "start", .refs(nonEmpty: true), required: true,
            "The nodes a run starts from: a non-empty list of node ids or inline nodes."),
        RoutineKey(
            "habits", .habits,
            "Habit declarations: habit name to its measure, targets and schedule (nothing for a daily yes/no habit)."),
        RoutineKey(
            "nodes", .nodes, required: true, "The nodes of the graph: node id to a habit node or a question node."),
    ]

    static let habit = RoutineKey(
        "habit", .text, "The habit this node records (a habit node). A node has either 'habit' or 'question'.")
    static let question = RoutineKey(
        "question", .text, "The question this node asks (a question node). A node has either 'habit' or 'question'.")
    static let options = RoutineKey(
        "options", .options, "The answers a question offers, each with its text and the nodes it leads to.")
    static let next = RoutineKey(
        "next", .refs(nonEmpty: false), "The nodes activated after this one: node ids or inline nodes.")
    static let when = RoutineKey(
        "when", .condition,
        "A condition: the node (or option) is due only when it holds, e.g. weekday in [sat, sun] and not done(Run).")

    public static let node: [RoutineKey] = [habit, question, options, next, when]

    public static let inlineNode: [RoutineKey] =
        [RoutineKey("id", .nodeID, "The id of an inline node, so that other nodes can refer to it.")] + node

    public static let option: [RoutineKey] = [
        RoutineKey("text", .text, required: true, "The answer's text, as offered at the prompt."),
        RoutineKey("next", .refs(nonEmpty: false), "The nodes this answer activates."),
        when,
    ]

    public static let habitProperties: [RoutineKey] = [
        RoutineKey(
            "measure", .measure, "Makes the habit a quantity habit: its unit and type, e.g. { unit: min, type: time }."),
        RoutineKey(
            "target", .positiveNumber(maximum: Quantity.maximum),
            "The amount a run records when the answer is 'y' (quantity habits only)."),
        RoutineKey(
            "weekly", .positiveNumber(maximum: nil),
            "Without a measure: per: N/7, N done days a week (1 to 7). For a quantity habit: a weekly goal, a sum of values."
        ),
        RoutineKey(
            "days", .weekdays, "The weekdays the habit is due on, e.g. [mon, wed, fri]; not with 'every' or 'per'."),
        RoutineKey("every", .interval, "Due every N days (1 is daily); not with 'days' or 'per'."),
        RoutineKey(
            "per", .frequency,
            "A frequency N/P: at least N done days in every P days (3/7: three a week); due until met. Not with 'days' or 'every'."
        ),
        RoutineKey("monthly", .wholeNumber(maximum: 30), "N done days in every 30 days: per: N/30."),
        RoutineKey(
            "at-least", .positiveNumber(maximum: Quantity.maximum),
            "A day target: the day is done when its sum (or, without a measure, its number of entries) reaches it."),
        RoutineKey(
            "at-most", .nonNegativeNumber(maximum: Quantity.maximum),
            "A day limit: the day is done when its sum or number of entries is at most this; no entry counts as 0."),
    ]

    public static let measure: [RoutineKey] = [
        RoutineKey("unit", .text, required: true, "The unit of a value, e.g. min, km, glasses."),
        RoutineKey("type", .measureType, required: true, "The kind of quantity, e.g. time, distance, count."),
    ]

    /// Measure types offered as suggestions; any other type is accepted too.
    public static let measureTypes = ["count", "time", "distance", "mass", "volume", "energy"]

    public static func names(_ keys: [RoutineKey]) -> [String] { keys.map(\.name) }

    /// Whether `value` is a valid node id (`[A-Za-z0-9_.-]+`), as the decoder decides it.
    public static func isNodeID(_ value: String) -> Bool { RoutineDecoder.isNodeID(value) }

    /// The key named `name` in any table, for a description (the first table wins).
    public static func find(_ name: String) -> RoutineKey? {
        (file + inlineNode + option + habitProperties + measure).first { $0.name == name }
    }
}
