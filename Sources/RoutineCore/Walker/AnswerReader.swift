/// Reads one line of input at a prompt (SPEC §4.2).
///
/// The line is trimmed and matched case-insensitively; run commands win over option
/// texts. At a question: the option's number, else its exact text, else a unique
/// prefix of its text. At a habit: `y`/`yes`/`d`/`done`, `n`/`no`/`s`/`skip` or
/// `l`/`later` (SPEC §17.4); at a
/// quantity habit also an amount as people type it (`12`, `12 min`, `7,5`: `TypedAmount`).
enum AnswerReader {
    enum Command: String, CaseIterable {
        case back, pause, abort, help
    }

    enum Reading: Equatable {
        case empty
        case command(Command)
        case option(Int)
        case done(Double?)
        /// `0` at a binary habit's at-most prompt: none today, nothing to record (SPEC §18.1).
        case noneToday
        case skip
        case later
        case rejected(String)
    }

    static func read(_ line: String, at prompt: Prompt) -> Reading {
        let answer = line.trimmingWhitespace()
        if answer.isEmpty { return .empty }
        let lowered = answer.lowercased()
        if let command = Command(rawValue: lowered) { return .command(command) }
        switch prompt.kind {
        case .question:
            return option(lowered, prompt)
        case .habit:
            switch lowered {
            case "y", "yes", "d", "done":
                guard prompt.isQuantity else { return .done(nil) }
                guard let target = prompt.target else {
                    return .rejected("\(prompt.text) has no target: type the number to record, or n to skip")
                }
                return .done(target)
            case "n", "no", "s", "skip":
                return .skip
            case "l", "later":
                return .later
            case "0" where !prompt.isQuantity && prompt.dayTarget?.isAtMost == true:
                return .noneToday
            default:
                guard prompt.isQuantity else { return .rejected(prompt.hint) }
                switch TypedAmount.read(answer, unit: prompt.measure?.unit) {
                case .value(let value): return .done(value)
                case .problem(let message):
                    // An amount with a problem (a wrong unit, `1,500`, too large) gets its
                    // own line; text that is no amount at all gets the prompt's hint.
                    let amountShaped =
                        TypedAmount.parts(answer) != nil || answer.contains(",") || Quantity.read(answer) == .tooLarge
                    return .rejected(amountShaped ? message : prompt.hint)
                }
            }
        }
    }

    private static func option(_ lowered: String, _ prompt: Prompt) -> Reading {
        if let number = plainInteger(lowered) {
            // Numbers are the options' places in the file (SPEC §17.7): a hidden option's
            // number never picks another option.
            if let offered = prompt.optionIndices.firstIndex(of: number - 1) { return .option(offered) }
            if let hidden = prompt.hiddenOptions[number - 1] {
                return .rejected("\(number). \(hidden) is not offered \(prompt.dayPhrase) (its when: does not hold)")
            }
        }
        let texts = prompt.options.map { $0.trimmingWhitespace().lowercased() }
        if let exact = texts.firstIndex(of: lowered) { return .option(exact) }
        let matches = texts.indices.filter { texts[$0].hasPrefix(lowered) }
        if matches.count == 1, let only = matches.first { return .option(only) }
        if matches.count > 1 {
            let numbers = matches.map { String($0 + 1) }.joined(separator: ", ")
            return .rejected("'\(lowered)' starts several options (\(numbers)): type more of it, or its number")
        }
        return .rejected(prompt.hint)
    }

    /// ASCII digits only, as an Int; nil otherwise or when too large.
    private static func plainInteger(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}
