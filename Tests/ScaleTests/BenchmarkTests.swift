import Foundation
import RoutineCore
import Testing

@testable import RoutineFile

/// Large routines: correctness asserted, time printed (never asserted).
@Suite struct BenchmarkTests {
    @Test func generatorMatchesTheScriptShape() throws {
        let text = BenchmarkRoutine.generate(nodes: 200)
        let result = RoutineFileReader.read(string: text, path: "test.yaml")
        #expect(!result.hasErrors, "\(result.diagnostics.prefix(3))")
        let routine = try #require(result.routine)
        #expect(routine.nodes.count == 200)
        let edges = routine.nodes.reduce(0) { total, node in
            var count = node.next.count
            if case .question(_, let options) = node.body { count += options.reduce(0) { $0 + $1.next.count } }
            return total + count
        }
        #expect(edges > 400 && edges < 700)
        // Every node is reachable: node i always links to node i+1.
        #expect(!result.diagnostics.contains { $0.code == .unreachableNode })
    }

    @Test func hundredThousandNodesValidateWithoutErrors() throws {
        let text = BenchmarkRoutine.generate(nodes: 100_000)
        let data = Data(text.utf8)
        let clock = ContinuousClock()
        var result: RoutineFileResult?
        let elapsed = clock.measure { result = RoutineFileReader.read(data: data) }
        let checked = try #require(result)
        #expect(!checked.hasErrors, "\(checked.diagnostics.filter { $0.severity == .error }.prefix(3))")
        #expect(checked.routine?.nodes.count == 100_000)
        #expect(checked.diagnostics.allSatisfy { $0.code == .repeatedHabit })
        print(
            "benchmark: 100,000-node routine (\(data.count / 1_000_000) MB, \(checked.warningCount) warnings) read and validated in \(elapsed)"
        )

        // The same work phase by phase, to see where time goes.
        var yaml: YAMLEventReader.Output?
        let parse = clock.measure { yaml = YAMLEventReader.read(data) }
        var decoder = RoutineDecoder()
        var draft = RoutineDraft()
        let decode = clock.measure { draft = decoder.decode(yaml?.root) }
        let validate = clock.measure { _ = RoutineValidator.validate(draft) }
        print("benchmark phases: libyaml events and tree \(parse), draft \(decode), graph validation \(validate)")
    }
}
