import Testing

@testable import LineEditor

@Suite struct CompletionEngineTests {
    private let words = ["check", "checkout", "run", "resume", "morning-checkin"]

    private func action(_ line: String, _ candidates: [String]) -> CompletionAction {
        CompletionEngine.action(
            for: CompletionRequest(lineBeforeCursor: line), candidates: candidates)
    }

    @Test func oneCandidateInsertsTheRestAndASpace() {
        #expect(action("mor", words) == .edit(deleteBefore: 0, insert: "ning-checkin "))
    }

    @Test func oneCandidateAfterOtherWordsCompletesTheLastWord() {
        #expect(action("run che", ["checkout"]) == .edit(deleteBefore: 0, insert: "ckout "))
    }

    @Test func aCompleteWordGetsOnlyTheSpace() {
        #expect(action("run", ["run"]) == .edit(deleteBefore: 0, insert: " "))
    }

    @Test func aDirectoryGetsNoSpace() {
        #expect(action("check rout", ["routines/"]) == .edit(deleteBefore: 0, insert: "ines/"))
    }

    @Test func severalCandidatesInsertTheirCommonPrefix() {
        #expect(action("ch", words) == .edit(deleteBefore: 0, insert: "eck"))
    }

    @Test func severalCandidatesWithNothingToInsertAreListed() {
        #expect(action("check", words) == .list(["check", "checkout"]))
    }

    @Test func candidatesThatDivergeAtOnceAreListedOnTheFirstTab() {
        #expect(action("", ["check", "run"]) == .list(["check", "run"]))
    }

    @Test func anEmptyWordExtendsToASharedPrefix() {
        #expect(action("", ["run", "resume"]) == .edit(deleteBefore: 0, insert: "r"))
        #expect(action("r", ["run", "resume"]) == .list(["run", "resume"]))
    }

    @Test func noMatchingCandidateDoesNothing() {
        #expect(action("xyz", words) == .none)
        #expect(action("mor", []) == .none)
    }

    @Test func candidatesNotStartingWithTheWordAreIgnored() {
        #expect(action("ru", ["check", "run", "resume"]) == .edit(deleteBefore: 0, insert: "n "))
    }

    @Test func matchingIgnoresCaseAndReplacesTheWord() {
        #expect(action("log med", ["Meditate"]) == .edit(deleteBefore: 3, insert: "Meditate "))
    }

    @Test func aCandidateWithSpacesIsQuoted() {
        #expect(
            action("log dri", ["Drink Water"]) == .edit(deleteBefore: 3, insert: "\"Drink Water\" ")
        )
    }

    @Test func aCandidateWithADoubleQuoteIsSingleQuoted() {
        #expect(action("x s", ["say \"hi\""]) == .edit(deleteBefore: 1, insert: "'say \"hi\"' "))
    }

    @Test func insideAnOpenQuoteTheQuoteIsClosed() {
        #expect(
            action("log \"Drink W", ["Drink Water"]) == .edit(deleteBefore: 0, insert: "ater\" "))
    }

    @Test func insideAnOpenQuoteADifferentCaseReplacesTheQuotedWord() {
        #expect(
            action("log 'drink w", ["Drink Water"])
                == .edit(deleteBefore: 8, insert: "'Drink Water' "))
    }

    @Test func aCommonPrefixWithASpaceLeavesTheQuoteOpen() {
        let candidates = ["Drink Water", "Drink Tea"]
        #expect(action("log dr", candidates) == .edit(deleteBefore: 2, insert: "\"Drink "))
        #expect(action("log \"Drink ", candidates) == .list(candidates))
    }

    @Test func duplicatesAreDroppedInTheCompletersOrder() {
        #expect(CompletionEngine.matches(["run", "resume", "run"], for: "r") == ["run", "resume"])
        #expect(action("r", ["run", "run"]) == .edit(deleteBefore: 0, insert: "un "))
    }

    @Test func commonPrefixIgnoresCaseAndKeepsTheFirstSpelling() {
        #expect(CompletionEngine.commonPrefix(["Meditate", "meditation"]) == "Meditat")
        #expect(CompletionEngine.commonPrefix(["abc"]) == "abc")
        #expect(CompletionEngine.commonPrefix(["abc", "xyz"]) == "")
        #expect(CompletionEngine.commonPrefix([]) == "")
    }

    @Test func nonASCIIWordsCountScalarsForDeletion() {
        // "é" typed precomposed is one scalar; the candidate differs in case.
        #expect(
            action("café", ["CAFÉ au lait"]) == .edit(deleteBefore: 4, insert: "\"CAFÉ au lait\" "))
    }

    @Test func layoutPutsShortListsOnOneLine() {
        #expect(
            CompletionEngine.layout(["check", "checkout"], width: 80) == ["check     checkout"])
    }

    @Test func layoutFillsColumnsTopToBottom() {
        let lines = CompletionEngine.layout(["aa", "bb", "cc", "dd", "ee"], width: 10)
        #expect(lines == ["aa  cc  ee", "bb  dd"])
    }

    @Test func layoutPutsWideItemsOnePerLine() {
        let lines = CompletionEngine.layout(["a-long-item", "another-long-one"], width: 10)
        #expect(lines == ["a-long-item", "another-long-one"])
        #expect(CompletionEngine.layout([], width: 80).isEmpty)
    }
}
