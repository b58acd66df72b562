import Testing

@testable import LineEditor

@Suite struct LineWordsTests {
    @Test func whiteSpaceSeparatesWords() {
        #expect(
            LineWords.split("  check routines/   morning.yaml ") == [
                "check", "routines/", "morning.yaml",
            ])
        #expect(LineWords.split("\tstats\tMeditate") == ["stats", "Meditate"])
        #expect(LineWords.split("   ").isEmpty)
    }

    @Test func quotesGroupWords() {
        #expect(LineWords.split(#"log "Drink Water" 2"#) == ["log", "Drink Water", "2"])
        #expect(LineWords.split("log 'Drink \"Water\"'") == ["log", "Drink \"Water\""])
        #expect(LineWords.split(#"a"b c"d"#) == ["ab cd"])
    }

    @Test func emptyQuotesAreAnEmptyWord() {
        #expect(LineWords.split(#"note """#) == ["note", ""])
    }

    @Test func anUnclosedQuoteRunsToTheEnd() {
        #expect(LineWords.split(#"log "Drink Wa"#) == ["log", "Drink Wa"])
    }

    @Test func backslashIsOrdinary() {
        #expect(LineWords.split(#"a\ b"#) == [#"a\"#, "b"])
    }

    @Test func quotedReadsBackAsOneWord() {
        for word in ["plain", "Drink Water", "say \"hi\"", "it's", "", "tab\there"] {
            #expect(LineWords.split("x " + LineWords.quoted(word)) == ["x", word])
        }
        #expect(LineWords.quoted("plain") == "plain")
        #expect(LineWords.quoted("Drink Water") == "\"Drink Water\"")
    }

    @Test func requestSplitsTheLineAtTheCursor() {
        let request = CompletionRequest(lineBeforeCursor: "stats --day 2026-11 mor")
        #expect(request.precedingWords == ["stats", "--day", "2026-11"])
        #expect(request.word == "mor")
        #expect(request.typedWord == "mor")
        #expect(request.precedingWords.count == 3)
        #expect(request.openQuote == nil)
    }

    @Test func requestAfterASpaceStartsANewWord() {
        let request = CompletionRequest(lineBeforeCursor: "run ")
        #expect(request.precedingWords == ["run"])
        #expect(request.word == "")
        #expect(request.precedingWords.count == 1)
        #expect(CompletionRequest(lineBeforeCursor: "").precedingWords.count == 0)
    }

    @Test func requestInsideAQuoteKeepsTheSpaceInTheWord() {
        let request = CompletionRequest(lineBeforeCursor: "log \"Drink ")
        #expect(request.precedingWords == ["log"])
        #expect(request.word == "Drink ")
        #expect(request.typedWord == "\"Drink ")
        #expect(request.openQuote == "\"")
    }
}
