import Foundation

@testable import RoutineCore

extension Walker {
    /// The node ids of the steps, with their answers: `water=done`.
    var stepSummary: [String] {
        steps.map { "\($0.node)=\($0.answer.label)" }
    }

    /// Encodes to JSON and decodes again, as a store would between sessions.
    func roundTripped() throws -> Walker {
        let data = try JSONEncoder().encode(self)
        return try JSONDecoder().decode(Walker.self, from: data)
    }
}

extension WalkerEvent {
    var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }

    var isAnswered: Bool {
        if case .answered = self { return true }
        return false
    }
}
