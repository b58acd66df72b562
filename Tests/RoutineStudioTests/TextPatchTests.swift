import RoutineFile
import Testing

@Suite struct TextPatchTests {
    @Test func applyThenInverseGivesTheTextBackByteForByte() throws {
        let text = "# é comment\nnodes:\n  a:\n    habit: Read\n"
        let offset = Array(text.utf8).count - "Read\n".utf8.count
        let patch = TextPatch(offset: offset, length: 4, replacement: "Lire à voix haute")
        let changed = try patch.applied(to: text)
        #expect(changed == "# é comment\nnodes:\n  a:\n    habit: Lire à voix haute\n")
        let undo = try patch.inverse(on: text)
        #expect(try undo.applied(to: changed) == text)
    }

    @Test func aPatchOutsideTheTextOrInsideACharacterIsRefused() {
        #expect(throws: TextPatch.Mismatch.self) {
            try TextPatch(offset: 3, length: 5, replacement: "").applied(to: "abc")
        }
        // "é" is two bytes: replacing only its first byte would leave invalid UTF-8.
        #expect(throws: TextPatch.Mismatch.self) {
            try TextPatch(offset: 1, length: 1, replacement: "x").applied(to: "aé")
        }
    }
}
