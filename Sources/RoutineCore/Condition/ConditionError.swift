/// A problem in a `when:` expression, at a character offset of its text.
public struct ConditionError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Syntax, unknown function, wrong number or type of arguments, bad comparison.
        case invalid
        /// `answer(X)` of a node id that does not exist.
        case undefinedNode
        /// A habit named in a condition that the file neither uses nor declares.
        case unknownHabit
        /// An option text (in `answered()`, or compared with `answer()`) that the question
        /// does not offer (SPEC §14.4): a warning, as an old option may be meant.
        case unknownOption
    }

    public var kind: Kind
    public var message: String
    /// Characters from the start of the expression text.
    public var offset: Int

    public init(_ kind: Kind, _ message: String, at offset: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    /// An `invalid-condition` problem.
    public init(_ message: String, at offset: Int) {
        self.init(.invalid, message, at: offset)
    }
}
