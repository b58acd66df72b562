import Foundation
import RoutineCore
import TestSupport
import Testing

@testable import RoutineFile

/// Seeded random damage to a good file: the reader must stay total and consistent.
@Suite struct MutationTests {

    private static let alphabet = Array(":-[]{},#&*!|>'\"\n\t ?%@`~aZ09\u{00E9}\u{1F642}".utf8)

    @Test func damagedFilesNeverCrashAndAgreeWithThemselves() {
        var rng = SeededGenerator(seed: 1234)
        let original = Array(specExample.utf8)
        for round in 0..<600 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                guard !bytes.isEmpty else { break }
                let position = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[position] = Self.alphabet.randomElement(using: &rng) ?? 0x20
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(Self.alphabet.randomElement(using: &rng) ?? 0x20, at: position)
                default: bytes = Array(bytes[..<position])
                }
            }
            let result = RoutineFileReader.read(data: Data(bytes))
            // A routine exactly when there is no error; positions inside the file.
            #expect((result.routine != nil) == !result.hasErrors, "round \(round)")
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
            for diagnostic in result.diagnostics {
                if let location = diagnostic.location {
                    #expect(location.line >= 1 && location.line <= lines + 1, "round \(round): \(diagnostic)")
                    #expect(location.column >= 1, "round \(round)")
                }
            }
            #expect(result.diagnostics == result.diagnostics.sorted(by: RoutineValidator.positionOrder))
            // Whatever was read back must export and read again to the same routine.
            if let routine = result.routine {
                #expect(readYAML(RoutineExporter.yaml(routine)).routine == routine, "round \(round)")
            }
        }
    }
}

/// Seeded random damage to conditions, in a file and on their own (SPEC §10.3: no
/// expression crashes or hangs `check`).
@Suite struct ConditionMutationTests {
    private static let alphabet = Array("()[],'\" =!<>.-0123456789abdeinortwxyz\u{00E9}\n\t".unicodeScalars)
    private static let seeds = [
        "weekday in [sat, sun] and days-since(Long run) >= 2",
        "not done(Sleep 8h, 1) or (week-count(Run) >= 2 and weekday > fri)",
        "answer(q) == \"Tired\" and streak(Run) < 3.5 or due(Run) != false",
    ]

    private func mutate(_ text: String, _ rng: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...5, using: &rng) {
            guard !scalars.isEmpty else { break }
            let position = Int.random(in: 0..<scalars.count, using: &rng)
            let replacement = Self.alphabet.randomElement(using: &rng) ?? " "
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: scalars[position] = replacement
            case 1: scalars.remove(at: position)
            case 2: scalars.insert(replacement, at: position)
            default: scalars.insert(contentsOf: scalars[position...].prefix(8), at: position)
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    @Test func damagedExpressionsParseOrFailAtAPositionInside() {
        var rng = SeededGenerator(seed: 4242)
        let checker = ConditionChecker(node: { $0 == "q" ? .question : nil }, knowsHabit: { _ in true })
        for round in 0..<3000 {
            let text = mutate(Self.seeds[round % Self.seeds.count], &rng)
            for problem in checker.check(text) {
                #expect(problem.offset >= 0 && problem.offset <= text.count, "round \(round): \(text)")
                #expect(!problem.message.isEmpty)
            }
        }
    }

    @Test func damagedConditionsInAFileAreDiagnosedInsideTheFile() {
        var rng = SeededGenerator(seed: 777)
        for round in 0..<600 {
            let when = mutate(Self.seeds[round % Self.seeds.count], &rng).replacingOccurrences(of: "\n", with: " ")
            let yaml = """
                routine: r
                start: [q, run]
                nodes:
                  q:
                    question: How?
                    options:
                      - {text: Tired, when: 'done(Run)'}
                      - {text: Fine}
                  run:
                    habit: Run
                    when: "\(when.replacingOccurrences(of: "\\", with: "").replacingOccurrences(of: "\"", with: "'"))"
                """
            let result = readYAML(yaml)
            #expect((result.routine != nil) == !result.hasErrors, "round \(round)")
            for diagnostic in result.diagnostics {
                guard let location = diagnostic.location else { continue }
                #expect(location.line >= 1 && location.line <= 11, "round \(round): \(diagnostic)")
                #expect(location.column >= 1)
            }
            if let routine = result.routine {
                #expect(readYAML(RoutineExporter.yaml(routine)).routine == routine, "round \(round): \(when)")
            }
        }
    }
}
