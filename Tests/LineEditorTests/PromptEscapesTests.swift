import Testing

@testable import LineEditor

@Suite struct PromptEscapesTests {
    @Test func plainPromptsAreUnchanged() {
        #expect(PromptEscapes.marked("routine> ") == "routine> ")
        #expect(PromptEscapes.marked("Café? > ") == "Café? > ")
        #expect(PromptEscapes.marked("") == "")
    }

    @Test func colourSequencesAreEnclosed() {
        #expect(
            PromptEscapes.marked("\u{1b}[1;32mcheck>\u{1b}[0m ")
                == "\u{1}\u{1b}[1;32m\u{1}check>\u{1}\u{1b}[0m\u{1} ")
    }

    @Test func oscAndShortEscapesAreEnclosed() {
        #expect(
            PromptEscapes.marked("\u{1b}]0;title\u{07}> ") == "\u{1}\u{1b}]0;title\u{07}\u{1}> ")
        #expect(PromptEscapes.marked("\u{1b}]0;t\u{1b}\\> ") == "\u{1}\u{1b}]0;t\u{1b}\\\u{1}> ")
        #expect(PromptEscapes.marked("\u{1b}7> ") == "\u{1}\u{1b}7\u{1}> ")
    }

    @Test func aCutEscapeIsEnclosedAsItIs() {
        #expect(PromptEscapes.marked("> \u{1b}[1") == "> \u{1}\u{1b}[1\u{1}")
        #expect(PromptEscapes.marked("> \u{1b}") == "> \u{1}\u{1b}\u{1}")
    }

    @Test func strayMarkersAreDropped() {
        #expect(PromptEscapes.marked("a\u{1}b> ") == "ab> ")
        #expect(PromptEscapes.marked("\u{1b}[\u{1}1m> ") == "\u{1}\u{1b}[1m\u{1}> ")
    }
}
