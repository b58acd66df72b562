/// Splits a command line into words, the way completion sees it.
///
/// The rules are deliberately small, so that the REPL can parse with the same
/// ones: white space separates words; a single or double quote starts a quoted
/// part that runs to the same quote and may contain white space (`log "Drink
/// Water"` is two words); quotes may appear inside a word (`a"b c"d` is `ab cd`);
/// an unclosed quote runs to the end of the line. There are no escapes: a
/// backslash is an ordinary character. `""` is one empty word.
public enum LineWords {
    /// The words of `line`, quotes removed.
    public static func split(_ line: String) -> [String] {
        var scanner = Scanner()
        for character in line {
            scanner.consume(character)
        }
        return scanner.finish().words
    }

    /// The words before the cursor, the (possibly empty) word at the cursor, and
    /// the quote that is still open there. `text` is the line up to the cursor.
    static func splitForCompletion(
        _ text: String
    ) -> (
        preceding: [String], current: String, raw: String, openQuote: Character?
    ) {
        var scanner = Scanner()
        for character in text {
            scanner.consume(character)
        }
        if !scanner.inWord {
            return (scanner.words, "", "", nil)
        }
        return (scanner.words, scanner.current, scanner.raw, scanner.quote)
    }

    /// A quoted spelling of `word` that ``split(_:)`` reads back as `word`: the
    /// word itself when it needs no quotes, else the word in double quotes
    /// (single quotes if it contains a double quote).
    public static func quoted(_ word: String) -> String {
        guard needsQuotes(word) else { return word }
        let quote: Character = word.contains("\"") ? "'" : "\""
        return "\(quote)\(word)\(quote)"
    }

    /// Whether `word` must be quoted to stay one word.
    static func needsQuotes(_ word: String) -> Bool {
        word.isEmpty || word.contains { $0.isWhitespace || $0 == "\"" || $0 == "'" }
    }

    /// The state of a left-to-right scan.
    private struct Scanner {
        var words: [String] = []
        var current = ""
        /// The current word as typed, quotes included.
        var raw = ""
        var inWord = false
        var quote: Character?

        mutating func consume(_ character: Character) {
            if quote != nil || !character.isWhitespace {
                raw.append(character)
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else {
                    current.append(character)
                }
                return
            }
            if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                endWord()
            } else {
                current.append(character)
                inWord = true
            }
        }

        mutating func endWord() {
            if inWord {
                words.append(current)
            }
            current = ""
            raw = ""
            inWord = false
        }

        mutating func finish() -> Scanner {
            endWord()
            quote = nil
            return self
        }
    }
}
