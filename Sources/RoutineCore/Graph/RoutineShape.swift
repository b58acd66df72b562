/// The promises of the `Routine` type, checked in one place: every way of making a
/// routine other than the validator (the store reading its tables, a saved walker being
/// decoded, a test building a graph) goes through `check`, so a malformed value is a
/// clear error where it is made rather than an index out of range where it is walked.
///
/// The validator reports the same faults of a file as diagnostics with line and
/// column; this is the short form for values that never had a file.
public enum RoutineShape {
    /// What is wrong with a would-be routine, in a few words.
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Throws the first broken promise: a slug that is not `Slug.pattern`, no start
    /// node, an empty or repeated node id, an empty question or option, a question
    /// without options or with two options of one `Option.matchKey`, a ref to a missing
    /// node, a cycle. Linear in nodes plus edges (a 100,000-node chain is fine).
    static func check(_ routine: Routine) throws(Error) {
        func fail(_ reason: String) -> Error { Error(reason: reason) }
        guard Slug.isValid(routine.slug) else { throw fail("the slug must match \(Slug.pattern)") }
        guard !routine.start.isEmpty else { throw fail("it has no start nodes") }
        let range = routine.nodes.indices
        var ids = Set<String>()
        ids.reserveCapacity(routine.nodes.count)
        for node in routine.nodes {
            guard !node.id.isEmpty, ids.insert(node.id).inserted else {
                throw fail("node id '\(node.id)' is repeated or empty")
            }
            guard node.next.allSatisfy(range.contains) else { throw fail("node '\(node.id)' refers to a missing node") }
            guard case .question(let text, let options) = node.body else { continue }
            guard !text.isEmpty, !options.isEmpty else { throw fail("question '\(node.id)' is empty") }
            var keys = Set<String>()
            for option in options {
                guard !option.text.isEmpty else { throw fail("question '\(node.id)' has an empty option") }
                guard option.next.allSatisfy(range.contains) else {
                    throw fail("node '\(node.id)' refers to a missing node")
                }
                guard keys.insert(Option.matchKey(option.text)).inserted else {
                    throw fail("question '\(node.id)' repeats an option")
                }
            }
        }
        guard routine.start.allSatisfy(range.contains) else { throw fail("a start ref is missing") }
        if let cycle = CycleFinder.cycles(successors: routine.nodes.indices.map(routine.successors(of:))).first,
            let node = cycle.first
        {
            throw fail("node '\(routine.nodes[node].id)' is on a cycle")
        }
    }
}
