import RoutineCore

/// A warning of `routine test --explore`, at the place in the routine file it is about,
/// printed as `check` prints a diagnostic: `FILE:LINE:COL: warning: message [code]`.
public struct ExploreFinding: Sendable, Equatable {
    public enum Code: String, Sendable, CaseIterable {
        /// An option whose `when:` never held when its question was asked.
        case neverOffered = "never-offered"
        /// A node whose turn never came.
        case neverReached = "never-reached"
        /// A node reached but always stepped over as not due.
        case neverAsked = "never-asked"
        /// A `when:` that gave the same value every time it was evaluated.
        case constantCondition = "constant-condition"
        /// A habit that no walk recorded.
        case neverRecorded = "never-recorded"
    }

    public var code: Code
    public var location: SourceLocation
    public var message: String

    public func formatted(path: String) -> String {
        "\(Diagnostic.singleLine(path)):\(location.line):\(location.column): warning: "
            + "\(Diagnostic.singleLine(message)) [\(code.rawValue)]"
    }
}
