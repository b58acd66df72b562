/// The completion rules, kept pure so they are tested without a terminal.
///
/// - One candidate: the word becomes it, followed by a space (or, inside an
///   open quote, the closing quote and a space) — unless it ends in `/`, so a
///   directory path can be continued.
/// - Several: the word is extended to their longest common prefix; when that
///   adds nothing (the second Tab, or candidates that already diverge), they are
///   listed instead.
/// - Matching ignores case; when the typed word differs in case from the
///   candidate (or needs quotes it lacks) the word is replaced, not appended to.
/// - A candidate containing white space or a quote is inserted in quotes, so
///   that ``LineWords/split(_:)`` reads it back as one word.
public enum CompletionEngine {
    /// The candidates that start with `word` (ignoring case), first occurrences
    /// only, in the completer's order.
    public static func matches(_ candidates: [String], for word: String) -> [String] {
        var seen = Set<String>()
        return candidates.filter { candidate in
            hasPrefixIgnoringCase(candidate, word) && seen.insert(candidate).inserted
        }
    }

    /// What Tab does for `request` given the completer's `candidates`.
    public static func action(
        for request: CompletionRequest, candidates: [String]
    )
        -> CompletionAction
    {
        let found = matches(candidates, for: request.word)
        guard let first = found.first else { return .none }
        let target: String
        let complete: Bool
        if found.count == 1 {
            target = first
            complete = true
        } else {
            let prefix = commonPrefix(found)
            guard prefix.count > request.word.count else { return .list(found) }
            target = prefix
            complete = false
        }
        return edit(for: request, target: target, complete: complete)
    }

    /// The longest prefix shared by all `items`, ignoring case, spelled as in
    /// the first item.
    public static func commonPrefix(_ items: [String]) -> String {
        guard var prefix = items.first.map({ Array($0) }) else { return "" }
        for item in items.dropFirst() {
            prefix = Array(prefix.prefix(commonLength(prefix, Array(item))))
        }
        return String(prefix)
    }

    /// The edit that turns the typed word into `target`.
    private static func edit(
        for request: CompletionRequest, target: String, complete: Bool
    )
        -> CompletionAction
    {
        let keepsGoing = target.hasSuffix("/")
        let ending: (String) -> String = { quote in
            guard complete, !keepsGoing else { return "" }
            return quote + " "
        }
        if let open = request.openQuote {
            let closing = ending(String(open))
            if target.hasPrefix(request.word) {
                return .edit(
                    deleteBefore: 0, insert: String(target.dropFirst(request.word.count)) + closing)
            }
            return .edit(
                deleteBefore: request.typedWord.unicodeScalars.count,
                insert: String(open) + target + closing)
        }
        if LineWords.needsQuotes(target) {
            let quote = target.contains("\"") ? "'" : "\""
            return .edit(
                deleteBefore: request.typedWord.unicodeScalars.count,
                insert: quote + target + ending(quote))
        }
        if target.hasPrefix(request.word) && request.typedWord == request.word {
            return .edit(
                deleteBefore: 0, insert: String(target.dropFirst(request.word.count)) + ending(""))
        }
        return .edit(
            deleteBefore: request.typedWord.unicodeScalars.count, insert: target + ending(""))
    }

    /// Lays `items` out in columns, filled top to bottom then left to right
    /// (as `ls` does), within `width` characters; one item per line when an
    /// item is wider than the width. Lines carry no trailing spaces.
    public static func layout(_ items: [String], width: Int) -> [String] {
        guard !items.isEmpty else { return [] }
        let columnWidth = (items.map(\.count).max() ?? 0) + 2
        let columns = max(1, min(items.count, (width + 2) / columnWidth))
        let rows = (items.count + columns - 1) / columns
        return (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < items.count else { break }
                let item = items[index]
                line += item
                let isLast = column == columns - 1 || index + rows >= items.count
                if !isLast {
                    line += String(repeating: " ", count: columnWidth - item.count)
                }
            }
            return line
        }
    }

    private static func commonLength(_ a: [Character], _ b: [Character]) -> Int {
        var length = 0
        while length < a.count, length < b.count, sameIgnoringCase(a[length], b[length]) {
            length += 1
        }
        return length
    }

    private static func sameIgnoringCase(_ a: Character, _ b: Character) -> Bool {
        a == b || a.lowercased() == b.lowercased()
    }

    private static func hasPrefixIgnoringCase(_ text: String, _ prefix: String) -> Bool {
        let textCharacters = Array(text)
        let prefixCharacters = Array(prefix)
        return commonLength(textCharacters, prefixCharacters) == prefixCharacters.count
    }
}
