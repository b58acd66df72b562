import Testing

@testable import RoutineCLI

@Suite struct CommandWordsTests {
    @Test func splitsOnWhiteSpace() throws {
        #expect(try CommandWords.split("  run   morning-checkin --dry-run ") == ["run", "morning-checkin", "--dry-run"])
        #expect(try CommandWords.split("") == [])
    }

    @Test func keepsQuotedWhiteSpace() throws {
        #expect(try CommandWords.split("log 'Drink  Water' --note \"a \\\"good\\\" day\"") == ["log", "Drink  Water", "--note", "a \"good\" day"])
        #expect(try CommandWords.split("log Read\\ a\\ book") == ["log", "Read a book"])
        #expect(try CommandWords.split("log ''") == ["log", ""])
    }

    @Test func rejectsAnUnterminatedQuote() {
        #expect(throws: CommandWords.SplitError.unterminatedQuote("'")) { try CommandWords.split("log 'Drink") }
    }

    @Test func quotingRoundTrips() throws {
        for word in ["plain", "two words", "it's", "", "a\"b", "#tag"] {
            #expect(try CommandWords.split("x " + CommandWords.quoted(word)) == ["x", word])
        }
    }
}
