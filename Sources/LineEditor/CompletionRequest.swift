/// What Tab asks the completer: the line up to the cursor, split into words.
///
/// Words are split by ``LineWords`` (white space separates words; single or
/// double quotes group them). The completer may return every candidate that
/// fits the position; ``CompletionEngine`` keeps only those that start with
/// ``word`` (ignoring case), so it need not filter itself.
public struct CompletionRequest: Equatable, Sendable {
    /// The text of the line from its start to the cursor, exactly as typed.
    public var lineBeforeCursor: String
    /// The words before the one being completed, quotes removed.
    public var precedingWords: [String]
    /// The part of the current word before the cursor, quotes removed; empty
    /// when the cursor follows white space (a new word starts there).
    public var word: String
    /// The quote character that opened the current word and is not yet closed,
    /// if any (`"` or `'`).
    public var openQuote: Character?
    /// The current word as typed (quotes included), which a replacement deletes.
    public var typedWord: String

    /// A request as given; `typedWord` defaults to `word` (no quotes typed).
    public init(
        lineBeforeCursor: String, precedingWords: [String], word: String,
        openQuote: Character? = nil, typedWord: String? = nil
    ) {
        self.lineBeforeCursor = lineBeforeCursor
        self.precedingWords = precedingWords
        self.word = word
        self.openQuote = openQuote
        self.typedWord = typedWord ?? (openQuote.map { String($0) } ?? "") + word
    }

    /// Splits `lineBeforeCursor` into the request Tab makes at its end.
    public init(lineBeforeCursor: String) {
        let split = LineWords.splitForCompletion(lineBeforeCursor)
        self.init(
            lineBeforeCursor: lineBeforeCursor, precedingWords: split.preceding,
            word: split.current, openQuote: split.openQuote, typedWord: split.raw)
    }
}
