import Foundation
import RoutineCore
import Testing

/// Which characters are control characters, and how output shows them (SPEC §11).
@Suite struct TerminalTextTests {
    @Test func controlsAreC0ButTabAndDelAndC1() {
        for value: UInt32 in [0x00, 0x07, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0x9B, 0x9F] {
            let scalar = Unicode.Scalar(value)!
            #expect(TerminalText.isControl(scalar), "U+\(String(value, radix: 16))")
            #expect(TerminalText.firstControl(in: "ok" + String(Character(scalar)) + "ok") == scalar)
        }
        for text in ["plain", "tab\there", "é ü 中文 🙂", "\u{A0}non-breaking", ""] {
            #expect(TerminalText.firstControl(in: text) == nil, "\(text)")
        }
    }

    @Test func escapedShowsEveryControlAndKeepsTheRest() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(TerminalText.escaped("\u{1B}]52;c;aGk=\u{07}") == "\\u{1B}]52;c;aGk=\\u{7}")
        #expect(TerminalText.escaped("x\u{9B}31m") == "x\\u{9B}31m")
        #expect(TerminalText.escaped("two\nlines") == "two\\u{A}lines")
        #expect(TerminalText.escaped("two\nlines", keepingLines: true) == "two\nlines")
        #expect(TerminalText.escaped("tab\tstays é") == "tab\tstays é")
    }

    @Test func forTerminalKeepsOnlyThisProcessStyleEscapes() {
        let styled = TerminalText.sgr("1") + "bold" + TerminalText.sgr("0")
        #expect(TerminalText.forTerminal(styled) == "\u{1B}[1mbold\u{1B}[0m")
        let hostile = "title \u{1B}[2J and \u{1B}]52;c;aGk=\u{07}\nnext line"
        let shown = TerminalText.forTerminal(styled + hostile)
        #expect(shown.hasPrefix("\u{1B}[1mbold\u{1B}[0m"))
        #expect(!shown.dropFirst(("\u{1B}[1mbold\u{1B}[0m").count).contains("\u{1B}"))
        #expect(!shown.contains("\u{07}"))
        #expect(shown.hasSuffix("\nnext line"))
    }

    @Test func refusalNamesTheCharacter() {
        #expect(TerminalText.refusal("ok", what: "the note") == nil)
        let line = TerminalText.refusal("a\u{1B}b", what: "the note")
        #expect(line == "the note holds the control character U+001B; text cannot carry terminal commands")
    }
}
