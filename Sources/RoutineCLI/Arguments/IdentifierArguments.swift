import ArgumentParser
import RoutineApp
import RoutineCore

/// Entry ids parse at the edge (SPEC §9): `delete abc` is a usage error (exit 64) that
/// names the argument, before any store is opened.
extension EntryID: ExpressibleByArgument {
    public init?(argument: String) {
        guard let id = Int64(argument.trimmingCharacters(in: .whitespaces)), id > 0 else { return nil }
        self.init(rawValue: id)
    }
}

/// A goal as a person names it: its id (`3`) or its title (`"December running"`,
/// case-insensitive). A number is always an id, so a goal titled "3" is named by its id.
enum GoalReference: ExpressibleByArgument, Sendable, Equatable {
    case id(GoalID)
    case title(String)

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if let id = Int64(text) {
            guard id > 0 else { return nil }
            self = .id(GoalID(rawValue: id))
        } else {
            guard !text.isEmpty else { return nil }
            self = .title(text)
        }
    }

    /// The goal it names, or a failure that lists the goals' titles closest to it.
    func goal(in store: AppServices) throws -> GoalInfo {
        switch self {
        case .id(let id):
            guard let goal = try store.goal(id: id) else { throw CLIError("no goal with id \(id) (see 'goal list')") }
            return goal
        case .title(let title):
            let goals = try store.goals()
            let matches = goals.filter { $0.title.lowercased() == title.lowercased() }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                let ids = matches.map { "\($0.id)" }.joined(separator: ", ")
                throw CLIError("\(matches.count) goals are titled '\(title)' (ids \(ids)): name one by its id")
            }
            let hint = Suggestion.hint(Suggestion.closest(to: title, among: goals.map(\.title)))
            throw CLIError("no goal titled '\(title)'\(hint) (see 'goal list')")
        }
    }
}

/// A run as a person names it: its whole id or a prefix of 4 or more of its characters.
/// Only letters, digits and `-` can be in a run id, so anything else is a usage error.
struct RunReference: ExpressibleByArgument, Sendable, Equatable {
    let text: String

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        guard text.count >= 4, text.count <= 100,
            text.unicodeScalars.allSatisfy({
                ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-"
            })
        else { return nil }
        self.text = text
    }

    /// The run it names, with a suggestion among recent runs when none matches.
    func runID(in store: AppServices) throws -> RunID {
        do {
            return try store.resolveRunID(text)
        } catch StoreError.unknownRun {
            let recent = ((try? store.runs()) ?? []).prefix(200).map(\.id.short)
            let hint = Suggestion.hint(Suggestion.closest(to: String(text.prefix(8)), among: recent))
            throw CLIError("no run with id '\(text)'\(hint) (see 'runs')")
        }
    }
}
