import TestSupport
import Testing

@testable import LineEditor

/// Random candidates and typed prefixes: whatever Tab inserts, the words the
/// REPL reads back (with ``LineWords``) are the candidate, exactly.
@Suite struct CompletionPropertyTests {
    /// SplitMix64: small, seeded, the same sequence on every run.

    private static let alphabet: [Character] = ["a", "B", "c", " ", "\"", "'", "é", "/", "-"]

    /// A non-empty candidate that can be written as one word: not both kinds of
    /// quote (there are no escapes) and not only white space.
    private func candidate(_ random: inout SeededGenerator) -> String {
        while true {
            let length = 1 + random.below(8)
            let text = String(
                (0..<length).map { _ in Self.alphabet[random.below(Self.alphabet.count)] })
            let bothQuotes = text.contains("\"") && text.contains("'")
            if !bothQuotes && !text.allSatisfy(\.isWhitespace) {
                return text
            }
        }
    }

    /// Applies an edit to the text before the cursor.
    private func apply(_ action: CompletionAction, to line: String) -> String? {
        guard case .edit(let deleteBefore, let insert) = action else { return nil }
        var scalars = line.unicodeScalars
        scalars.removeLast(deleteBefore)
        return String(scalars) + insert
    }

    /// What a person might have typed of `candidate`: a prefix, perhaps in
    /// another case, quoted when it has to be (or `nil` when it cannot be).
    private func typed(
        _ candidate: String, _ random: inout SeededGenerator
    ) -> (
        text: String, word: String
    )? {
        var prefix = String(candidate.prefix(random.below(candidate.count + 1)))
        if random.below(2) == 0 {
            prefix = prefix.lowercased()
        }
        guard LineWords.needsQuotes(prefix) && !prefix.isEmpty else { return (prefix, prefix) }
        let quote: Character = candidate.contains("\"") ? "'" : "\""
        return prefix.contains(quote) ? nil : ("\(quote)\(prefix)", prefix)
    }

    @Test func aSingleCandidateReadsBackAsOneWord() {
        var random = SeededGenerator(seed: 2026)
        var checked = 0
        for _ in 0..<2000 {
            let target = candidate(&random)
            guard let (text, word) = typed(target, &random) else { continue }
            let line = "cmd " + text
            let request = CompletionRequest(lineBeforeCursor: line)
            #expect(request.word == word, "typed \(text.debugDescription)")
            let action = CompletionEngine.action(for: request, candidates: [target])
            guard let completed = apply(action, to: line) else {
                Issue.record("no edit for \(text.debugDescription) -> \(target.debugDescription)")
                continue
            }
            #expect(
                LineWords.split(completed) == ["cmd", target],
                "\(line.debugDescription) -> \(completed.debugDescription)")
            // Complete words end the word (a space follows) unless they are directories.
            #expect(completed.hasSuffix(" ") != target.hasSuffix("/"))
            checked += 1
        }
        #expect(checked > 1000)
    }

    @Test func aCommonPrefixBecomesTheCurrentWord() {
        var random = SeededGenerator(seed: 7)
        var checked = 0
        for _ in 0..<2000 {
            let first = candidate(&random)
            // Half the time, a second candidate that shares a start with the first.
            let second =
                random.below(2) == 0
                ? candidate(&random)
                : String(first.prefix(random.below(first.count + 1))) + candidate(&random)
            guard !(second.contains("\"") && second.contains("'")) else { continue }
            let shared = CompletionEngine.commonPrefix([first, second])
            guard first != second, let (text, word) = typed(shared, &random) else { continue }
            let line = "cmd " + text
            let request = CompletionRequest(lineBeforeCursor: line)
            let action = CompletionEngine.action(for: request, candidates: [first, second])
            if shared.count <= word.count {
                #expect(
                    action == .list([first, second]) || first.lowercased() == second.lowercased())
                continue
            }
            guard let completed = apply(action, to: line) else {
                Issue.record("no edit for \(text.debugDescription) with \([first, second])")
                continue
            }
            let after = CompletionRequest(lineBeforeCursor: completed)
            #expect(after.precedingWords == ["cmd"])
            #expect(
                after.word == shared, "\(line.debugDescription) -> \(completed.debugDescription)")
            checked += 1
        }
        #expect(checked > 300)
    }
}
