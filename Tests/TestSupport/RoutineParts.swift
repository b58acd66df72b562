import RoutineCore

/// The parts of a routine, for a test to change and check again: `Routine` has no
/// public setters (it keeps its promises), so a test edits these and rebuilds.
public struct RoutineParts {
    public var slug: String
    public var title: String?
    public var start: [Int]
    public var nodes: [Node]
    public var habits: [HabitSpec]
}

extension Routine {
    /// A copy with `edit` applied to its parts, checked as any routine is: a change that
    /// breaks a promise (a cycle, a repeated option) throws `RoutineShape.Error`.
    public func changed(_ edit: (inout RoutineParts) -> Void) throws(RoutineShape.Error) -> Routine {
        var parts = RoutineParts(slug: slug, title: title, start: start, nodes: nodes, habits: habits)
        edit(&parts)
        return try Routine(
            slug: parts.slug, title: parts.title, start: parts.start, nodes: parts.nodes, habits: parts.habits)
    }
}

/// A routine the test built to be valid; a refusal is a bug in the test, and traps with
/// its reason (as an unknown node name in a test's builder does).
public func checked(_ make: () throws -> Routine) -> Routine {
    do {
        return try make()
    } catch {
        fatalError("the test built an invalid routine: \(error)")
    }
}
