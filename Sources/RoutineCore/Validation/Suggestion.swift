/// "Did you mean …?" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word` (optimal-string-alignment distance, so a swap
    /// of two neighbouring letters counts once, compared case-insensitively), when it
    /// is close enough to be a likely typo: at most 1 edit for words of up to 5
    /// characters, 2 for longer ones. Ties go to the earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = target.count <= 5 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            before = previous
            previous = current
        }
        return previous[b.count]
    }

    /// The message tail for a suggestion: `; did you mean 'next'?`, or empty.
    public static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
