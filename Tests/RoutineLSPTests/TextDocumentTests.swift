import RoutineCore
import RoutineLSP
import Testing

/// The one place positions are converted: LSP's UTF-16 columns, the reader's scalar
/// columns, and edits.
@Suite struct TextDocumentTests {
    // "😀" is 2 UTF-16 units and 1 scalar; "é" written as e + U+0301 is 2 scalars, 2 units.
    let text = "a: 😀x\nb: e\u{301}y\r\nlast"

    @Test func readerColumnsBecomeUTF16Columns() {
        let document = TextDocument(text: text, version: 1)
        // `x` is the 5th scalar of line 1 (column 5), after a 2-unit emoji: character 5.
        #expect(document.position(of: SourceLocation(line: 1, column: 5)) == LSPPosition(line: 0, character: 5))
        // `y` follows e and a combining mark: column 6, character 5.
        #expect(document.position(of: SourceLocation(line: 2, column: 6)) == LSPPosition(line: 1, character: 5))
        #expect(document.location(of: LSPPosition(line: 0, character: 5)) == SourceLocation(line: 1, column: 5))
        #expect(document.location(of: LSPPosition(line: 1, character: 5)) == SourceLocation(line: 2, column: 6))
    }

    @Test func positionsPastTheEndClamp() {
        let document = TextDocument(text: text, version: 1)
        #expect(document.location(of: LSPPosition(line: 0, character: 999)) == SourceLocation(line: 1, column: 6))
        #expect(document.location(of: LSPPosition(line: 50, character: 3)) == SourceLocation(line: 3, column: 4))
        #expect(document.index(of: LSPPosition(line: 50, character: 0)) == document.text.endIndex)
        #expect(document.line(1) == "b: e\u{301}y")  // the CR of CRLF is not part of the line
        // Inside the emoji's surrogate pair: the start of the emoji.
        #expect(document.location(of: LSPPosition(line: 0, character: 4)) == SourceLocation(line: 1, column: 4))
    }

    @Test func incrementalEditsUseUTF16Ranges() {
        var document = TextDocument(text: text, version: 1)
        // Replace `x` (after the emoji) with `zz`.
        document.apply(
            range: LSPRange(start: LSPPosition(line: 0, character: 5), end: LSPPosition(line: 0, character: 6)),
            text: "zz")
        #expect(document.line(0) == "a: 😀zz")
        // Insert a line break after the combining mark.
        document.apply(
            range: LSPRange(start: LSPPosition(line: 1, character: 5), end: LSPPosition(line: 1, character: 5)),
            text: "\nc: ")
        #expect(document.line(1) == "b: e\u{301}")
        #expect(document.line(2) == "c: y")
        #expect(document.lineCount == 4)
        // A whole-text change.
        document.apply(range: nil, text: "new")
        #expect(document.text == "new")
        #expect(document.lineCount == 1)
    }
}
