/// Splits a REPL line into words the way a shell would for simple cases: white space
/// separates words; single quotes keep everything literally; double quotes keep white
/// space and allow `\"` and `\\`; a backslash outside quotes escapes the next character.
public enum CommandWords {
    public enum SplitError: Error, Equatable, CustomStringConvertible {
        case unterminatedQuote(Character)

        public var description: String {
            switch self {
            case .unterminatedQuote(let quote): "unterminated \(quote) quote"
            }
        }
    }

    public static func split(_ line: String) throws(SplitError) -> [String] {
        let scan = scan(line)
        if let open = scan.openQuote { throw .unterminatedQuote(open) }
        return scan.words + (scan.current.map { [$0] } ?? [])
    }

    /// The words of `line` so far: the complete ones, the word still being typed (nil
    /// after white space), and the quote left open, if any. Completion reads a line
    /// this way, since a half-typed line may end inside quotes.
    static func scan(_ line: String) -> (words: [String], current: String?, openQuote: Character?) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            case _ where character.isWhitespace:
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            default:
                current.append(character)
                inWord = true
            }
        }
        if escaped { current.append("\\") }
        return (words, inWord ? current : nil, quote)
    }

    /// Quotes a word for the command line when it needs it (completion inserts these).
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { !$0.isWhitespace && !"'\"\\$`;&|<>()*?#".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
