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
