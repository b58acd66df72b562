/// The recursive-descent parser of SPEC §10.3's expressions, with the character offset
/// of every token, lowest precedence first:
///
///     expression := and ("or" and)*
///     and        := not ("and" not)*
///     not        := "not" not | comparison
///     comparison := primary [("==" | "!=" | "<" | "<=" | ">" | ">=") primary
///                           | "in" "[" primary ("," primary)* "]"]
///     primary    := "(" expression ")" | number | string | "true" | "false"
///                 | weekday-name | "weekday" | function "(" argument ("," argument)* ")"
///     argument   := quoted string | raw text up to "," or ")" (a habit name, a node id, a number)
///
/// Keywords and weekday names are case-insensitive. Numbers are those of SPEC §4.2
/// (`12`, `12.5`, `.5`). Strings are `"…"` or `'…'`, without escapes. Offsets count
/// Unicode scalars, as every column of SPEC §3 does (a decomposed "é" is two, a family
/// emoji seven), so the parser reads scalars, not grapheme clusters. Nesting deeper
/// than 100 levels is an error, so no input can exhaust the stack; a flat `and`/`or`
/// chain is one n-ary node, however long (it nests nothing).
public struct ConditionParser {
    private let chars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    static let maxDepth = 100

    private init(_ text: String) {
        chars = Array(text.unicodeScalars)
    }

    /// The expression of `text`, or its first syntax error.
    public static func parse(_ text: String) -> Result<ConditionExpr, ConditionError> {
        var parser = ConditionParser(text)
        do {
            parser.skipSpaces()
            guard !parser.atEnd else { throw ConditionError("the condition is empty", at: 0) }
            let expr = try parser.expression()
            parser.skipSpaces()
            guard parser.atEnd else {
                let at = parser.position
                let hint = parser.symbolHint()
                throw ConditionError("unexpected '\(parser.word())' after the condition" + hint, at: at)
            }
            return .success(expr)
        } catch let error as ConditionError {
            return .failure(error)
        } catch {
            return .failure(ConditionError("cannot read the condition", at: 0))
        }
    }

    // MARK: - Grammar

    private mutating func expression() throws -> ConditionExpr {
        try nested {
            var terms = [try $0.conjunction()]
            while $0.keyword("or") { terms.append(try $0.conjunction()) }
            return terms.count == 1 ? terms[0] : .or(terms)
        }
    }

    private mutating func conjunction() throws -> ConditionExpr {
        var terms = [try negation()]
        while keyword("and") { terms.append(try negation()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func negation() throws -> ConditionExpr {
        skipSpaces()
        let start = position
        if keyword("not") { return try nested { .not(try $0.negation(), at: start) } }
        return try comparison()
    }

    private mutating func comparison() throws -> ConditionExpr {
        let left = try primary()
        skipSpaces()
        let at = position
        if let op = comparisonOperator() { return .compare(op, left, try primary(), at: at) }
        if keyword("in") {
            skipSpaces()
            guard take("[") else { throw ConditionError("expected '[' after 'in'", at: position) }
            var items: [ConditionExpr] = []
            repeat {
                skipSpaces()
                if items.isEmpty, peek == "]" { throw ConditionError("the list after 'in' is empty", at: position) }
                items.append(try primary())
                skipSpaces()
            } while take(",")
            guard take("]") else { throw ConditionError("expected ',' or ']' in the list", at: position) }
            return .member(left, items, at: at)
        }
        return left
    }

    private mutating func primary() throws -> ConditionExpr {
        skipSpaces()
        let start = position
        guard let char = peek else { throw ConditionError("the condition ends too early", at: position) }
        if char == "(" {
            position += 1
            let inner = try expression()
            skipSpaces()
            guard take(")") else { throw ConditionError("missing ')' for the '(' here", at: start) }
            return inner
        }
        if char == "\"" || char == "'" { return .string(try quoted(), at: start) }
        if Self.isDigit(char) || char == "." { return .number(try number(), at: start) }
        guard char.properties.isAlphabetic else {
            throw ConditionError("unexpected '\(char)'" + symbolHint(), at: start)
        }
        let name = identifier()
        let lower = name.lowercased()
        skipSpaces()
        if peek == "(" {
            guard let function = ConditionFunction(rawValue: lower) else {
                let known = ConditionFunction.allCases.map(\.rawValue)
                throw ConditionError(
                    "unknown function '\(name)'" + Suggestion.hint(Suggestion.closest(to: lower, among: known)),
                    at: start)
            }
            return .call(function, try arguments(), at: start)
        }
        switch lower {
        case "true": return .bool(true, at: start)
        case "false": return .bool(false, at: start)
        case "weekday": return .weekday(at: start)
        default:
            if let day = Weekday(name: lower) { return .weekdayName(day, at: start) }
            if let function = ConditionFunction(rawValue: lower) {
                throw ConditionError("'\(function.rawValue)' needs its argument in parentheses", at: start)
            }
            // Weekday names too: `weekday in [mon, fir]` is a typo of `fri`.
            let known =
                ["weekday", "true", "false"] + ConditionFunction.allCases.map(\.rawValue)
                + Weekday.allCases.map(\.description)
            throw ConditionError(
                "unknown name '\(name)'" + Suggestion.hint(Suggestion.closest(to: lower, among: known)), at: start)
        }
    }

    /// `(a, b)`: raw text (trimmed) or quoted strings.
    private mutating func arguments() throws -> [ConditionArgument] {
        let open = position
        position += 1
        var result: [ConditionArgument] = []
        while true {
            skipSpaces()
            let start = position
            if let char = peek, char == "\"" || char == "'" {
                result.append(ConditionArgument(text: try quoted(), quoted: true, offset: start))
                skipSpaces()
            } else {
                var text = ""
                while let char = peek, char != ",", char != ")" {
                    if char == "(" {
                        throw ConditionError("quote a name that holds a parenthesis: \"…\"", at: position)
                    }
                    text.unicodeScalars.append(char)
                    position += 1
                }
                while text.last?.isWhitespace == true { text.removeLast() }
                guard !text.isEmpty else { throw ConditionError("missing argument", at: start) }
                result.append(ConditionArgument(text: text, quoted: false, offset: start))
            }
            if take(",") { continue }
            if take(")") { return result }
            if atEnd { throw ConditionError("missing ')' for the '(' here", at: open) }
            throw ConditionError("expected ',' or ')' after an argument", at: position)
        }
    }

    // MARK: - Tokens

    private var atEnd: Bool { position >= chars.count }
    private var peek: Unicode.Scalar? { atEnd ? nil : chars[position] }

    private mutating func skipSpaces() {
        while let char = peek, char.properties.isWhitespace { position += 1 }
    }

    private mutating func take(_ char: Unicode.Scalar) -> Bool {
        guard peek == char else { return false }
        position += 1
        return true
    }

    /// Consumes `word` when it stands next, as a whole word (case-insensitive).
    private mutating func keyword(_ word: String) -> Bool {
        skipSpaces()
        let end = position + word.count
        guard end <= chars.count, Self.text(chars[position..<end]).lowercased() == word else { return false }
        if end < chars.count, Self.isNameCharacter(chars[end]) { return false }
        position = end
        return true
    }

    private mutating func comparisonOperator() -> ConditionOperator? {
        for op in [ConditionOperator.lessOrEqual, .greaterOrEqual, .equal, .notEqual, .less, .greater] {
            let symbol = Array(op.rawValue.unicodeScalars)
            if position + symbol.count <= chars.count, Array(chars[position..<position + symbol.count]) == symbol {
                position += symbol.count
                return op
            }
        }
        return nil
    }

    /// Letters, digits, `-`, `_`, and combining marks (which belong to the letter
    /// before them: `and\u{301}` is not the keyword `and`).
    private static func isNameCharacter(_ char: Unicode.Scalar) -> Bool {
        if char.properties.isAlphabetic || char.properties.numericType != nil || char == "-" || char == "_" {
            return true
        }
        switch char.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isDigit(_ char: Unicode.Scalar) -> Bool { ("0"..."9").contains(char) }

    private static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    private mutating func identifier() -> String {
        var name = ""
        while let char = peek, Self.isNameCharacter(char) {
            name.unicodeScalars.append(char)
            position += 1
        }
        return name
    }

    /// `; did you mean 'and'?` when the text here is another language's spelling of an
    /// operator (`&&`, `||`, `!`, a single `=`); empty otherwise.
    private func symbolHint() -> String {
        let rest = chars[position...]
        let next = rest.dropFirst().first
        let meant: String? =
            switch rest.first {
            case "&": "and"
            case "|": "or"
            case "!" where next != "=": "not"
            case "=" where next != "=": "=="
            default: nil
            }
        return Suggestion.hint(meant)
    }

    /// The next word, for a message.
    private mutating func word() -> String {
        guard let first = peek else { return "" }
        guard Self.isNameCharacter(first) else {
            // A run of operator characters is one word: `&&`, not `&`.
            var symbol = ""
            while let char = peek, "&|=!<>".unicodeScalars.contains(char) || symbol.isEmpty {
                symbol.unicodeScalars.append(char)
                position += 1
            }
            return symbol
        }
        return identifier()
    }

    private mutating func quoted() throws -> String {
        let start = position
        guard let quote = peek else { throw ConditionError("expected a quoted text", at: start) }
        position += 1
        var text = ""
        while let char = peek, char != quote {
            text.unicodeScalars.append(char)
            position += 1
        }
        guard take(quote) else { throw ConditionError("this quoted text is not closed", at: start) }
        return text
    }

    /// `12`, `12.5`, `.5` (SPEC §4.2); no exponent, sign, `nan` or `inf`.
    private mutating func number() throws -> Double {
        let start = position
        var text = ""
        while let char = peek, Self.isDigit(char) || char == "." {
            text.unicodeScalars.append(char)
            position += 1
        }
        if let char = peek, Self.isNameCharacter(char) {
            throw ConditionError("'\(text)\(char)…' is not a number", at: start)
        }
        guard let value = Quantity.parse(text) else { throw ConditionError("'\(text)' is not a number", at: start) }
        return value
    }

    private mutating func nested<T>(_ body: (inout ConditionParser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            throw ConditionError("the condition nests deeper than \(Self.maxDepth) levels", at: position)
        }
        return try body(&self)
    }
}
