/// One edit the studio makes to a routine file (SPEC §19.2). `RoutineEditor.patch`
/// turns it into the one `TextPatch` that makes it. Options are numbered from 0.
public enum RoutineEdit: Sendable, Equatable, Codable {
    /// A question node, appended at the end of `nodes:` (created if missing).
    case addQuestion(id: String, text: String, options: [String])
    /// A habit node (`id:` then `habit: NAME`), appended at the end of `nodes:`.
    case addHabit(id: String, name: String)
    /// Appends `to` to the node's `next` (option nil) or to option `option`'s `next`,
    /// creating `next: [to]` when there is none.
    case connect(from: String, option: Int?, to: String)
    /// Removes `to` from the node's or the option's `next`.
    case disconnect(from: String, option: Int?, to: String)
    case addStart(String)
    case removeStart(String)
    case setTitle(String)
    case setQuestionText(node: String, text: String)
    case setHabitName(node: String, name: String)
    case addOption(node: String, text: String)
    case setOptionText(node: String, option: Int, text: String)
    case removeOption(node: String, option: Int)
    /// Removes the node and every reference to it (and to the inline nodes inside it).
    case deleteNode(String)
    /// Renames a node id; every reference follows.
    case renameNode(from: String, to: String)
}

/// Why an edit cannot be made to a file: one sentence for the person.
public struct RoutineEditError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

    static func noNode(_ id: String) -> Self { Self("no node '\(id)' in the file") }
    static let flowMapping = Self("this part is written as a flow mapping; edit it in a text editor")
}
