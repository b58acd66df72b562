import Foundation
import TestSupport
import Testing

@testable import RoutineCore

/// A `Routine` can only be made by validation: every promise of the type is checked by
/// its one initializer (`RoutineShape`), whoever calls it (the store, a decoder, a test).
@Suite struct RoutineShapeTests {
    private let walk = Node(id: "walk", body: .habit("Walk"))

    private func reason(
        slug: String = "r", start: [Int] = [0], nodes: [Node], habits: [HabitSpec] = []
    ) -> String? {
        do {
            _ = try Routine(slug: slug, title: nil, start: start, nodes: nodes, habits: habits)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aWellFormedGraphIsMade() throws {
        let routine = try Routine(
            slug: "r", title: "R", start: [0],
            nodes: [
                Node(id: "q", body: .question("Q?", options: [Option(text: "Yes", next: [1]), Option(text: "No")])),
                walk,
            ],
            habits: [])
        #expect(routine.nodes.count == 2)
        #expect(routine.displayTitle == "R")
    }

    @Test func eachBrokenPromiseIsRefusedWithItsReason() {
        #expect(reason(slug: "Not a slug", nodes: [walk]) == "the slug must match [a-z0-9][a-z0-9-]*")
        #expect(reason(start: [], nodes: [walk]) == "it has no start nodes")
        #expect(reason(start: [3], nodes: [walk]) == "a start ref is missing")
        #expect(reason(nodes: [walk, walk]) == "node id 'walk' is repeated or empty")
        #expect(reason(nodes: [Node(id: "", body: .habit("Walk"))]) == "node id '' is repeated or empty")
        #expect(reason(nodes: [Node(id: "a", body: .habit("A"), next: [7])]) == "node 'a' refers to a missing node")
        #expect(reason(nodes: [Node(id: "q", body: .question("Q?", options: []))]) == "question 'q' is empty")
        #expect(
            reason(nodes: [Node(id: "q", body: .question("Q?", options: [Option(text: "")]))])
                == "question 'q' has an empty option")
        #expect(
            reason(nodes: [Node(id: "q", body: .question("Q?", options: [Option(text: "A", next: [4])]))])
                == "node 'q' refers to a missing node")
    }

    @Test func optionsMatchAsTheValidatorMatchesThem() {
        let options = [Option(text: "Yes"), Option(text: " yes")]
        #expect(
            reason(nodes: [Node(id: "q", body: .question("Q?", options: options))]) == "question 'q' repeats an option")
        #expect(Option.matchKey(" Yes ") == Option.matchKey("yes"))
    }

    @Test func aCycleIsRefusedWhateverItsLength() {
        let loop = [Node(id: "a", body: .habit("A"), next: [0])]
        #expect(reason(nodes: loop) == "node 'a' is on a cycle")
        let chain = (0..<5).map { Node(id: "n\($0)", body: .habit("H"), next: [($0 + 1) % 5]) }
        #expect(reason(nodes: chain) == "node 'n0' is on a cycle")
    }

    @Test func decodingChecksTooSoADamagedSaveIsADecodingError() throws {
        let routine = try Routine(slug: "r", title: nil, start: [0], nodes: [walk], habits: [])
        let data = try JSONEncoder().encode(routine)
        #expect(try JSONDecoder().decode(Routine.self, from: data) == routine)
        let damaged = try #require(String(data: data, encoding: .utf8)?.replacingOccurrences(of: "[0]", with: "[5]"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Routine.self, from: Data(damaged.utf8)) }
    }
}

/// Changing a routine in a test goes through the same check: a change that breaks a
/// promise cannot produce a routine to hand to the store.
@Suite struct RoutineChangeTests {
    @Test func aChangeIsCheckedAgain() throws {
        let routine = try Routine(
            slug: "r", title: nil, start: [0], nodes: [Node(id: "a", body: .habit("A"))], habits: [])
        #expect(throws: RoutineShape.Error(reason: "node 'a' refers to a missing node")) {
            try routine.changed { $0.nodes[0].next = [99] }
        }
        #expect(throws: RoutineShape.Error(reason: "the slug must match [a-z0-9][a-z0-9-]*")) {
            try routine.changed { $0.slug = "Not A Slug" }
        }
        #expect(try routine.changed { $0.title = "A" }.displayTitle == "A")
    }
}
