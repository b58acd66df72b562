import Foundation
import RoutineCore
import RoutineStore

/// Finds the question a person names on the command line (SPEC §14.2): a node id or the
/// question's text, case-insensitive, exact first, else a unique prefix of either;
/// `routine` narrows the search. An unknown name gets the closest known one.
public enum QuestionResolver {
    /// What `QUESTION` and `--routine` name together: the question (nil when none is
    /// named); a routine that asks no question and has no answers is an error.
    public static func narrow(
        question: String?, routine: String?, among questions: [KnownQuestion]
    ) throws(AnswerError) -> KnownQuestion? {
        if let question { return try resolve(question, routine: routine, among: questions) }
        if let routine, !questions.contains(where: { $0.routine.lowercased() == routine.lowercased() }) {
            throw .unknownRoutine(routine)
        }
        return nil
    }

    public static func resolve(
        _ name: String, routine: String?, among questions: [KnownQuestion]
    ) throws(AnswerError) -> KnownQuestion {
        let scope = questions.filter { routine == nil || $0.routine.lowercased() == routine?.lowercased() }
        if let routine, scope.isEmpty { throw .unknownRoutine(routine) }
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        let tiers: [(KnownQuestion) -> Bool] = [
            { $0.node.lowercased() == wanted },
            { $0.text.lowercased() == wanted },
            { $0.node.lowercased().hasPrefix(wanted) || $0.text.lowercased().hasPrefix(wanted) },
        ]
        for tier in tiers where !wanted.isEmpty {
            let matches = scope.filter(tier)
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw .ambiguousQuestion(name, matches.map { "\($0.routine)/\($0.node)" }) }
        }
        let suggestion = Suggestion.closest(to: name, among: scope.map(\.node) + scope.map(\.text))
        throw .unknownQuestion(name, suggestion: suggestion)
    }
}

/// Why answers cannot be listed, related or shown.
public enum AnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownQuestion(String, suggestion: String?)
    case ambiguousQuestion(String, [String])
    case unknownRoutine(String)

    public var description: String {
        switch self {
        case .unknownQuestion(let name, let suggestion):
            "no question '\(name)' in any routine\(Suggestion.hint(suggestion))"
        case .ambiguousQuestion(let name, let matches):
            "'\(name)' names several questions: \(matches.joined(separator: ", ")); add --routine or use a node id"
        case .unknownRoutine(let slug):
            "no routine '\(slug)' asks or has asked a question"
        }
    }
}
