/// What a run asks now: one question or one habit.
public struct Prompt: Sendable, Equatable {
    /// The node id.
    public var node: String
    public var kind: StepKind
    /// The question text, or the habit's shown name.
    public var text: String
    /// A question's offered option texts, in order (shown numbered from 1); empty for a habit.
    public var options: [String]
    /// For each offered option, its index among the question's options (those whose
    /// `when:` is false are not offered, SPEC §10.4). An option keeps its number from
    /// the file (index + 1) when others are hidden (SPEC §17.7).
    public var optionIndices: [Int]
    /// The texts of the question's options hidden by their `when:`, by index among the
    /// question's options: typing one's number says it is not offered.
    public var hiddenOptions: [Int: String] = [:]
    /// A quantity habit's measure; nil for a question or a binary habit.
    public var measure: Measure?
    /// A quantity habit's default value (`y` records it), if it has one.
    public var target: Double?
    /// For an optional habit (SPEC §13.4: not due by its schedule or a pause, led to by
    /// the person's answer), why it is not due (`schedule: tue, thu, sun`, `paused`):
    /// `n` or an empty line declines it. Nil for every other prompt.
    public var notDueReason: String?
    /// How the prompt names the run's day when it says "not due": `today`, or `on D`
    /// for a backfill. The host sets it.
    public var dayPhrase = "today"
    /// The habit's day target (SPEC §18.1), if any: an at-least habit is asked for the
    /// amount (`y` = one more), an at-most one `how many today?` (0 is fine).
    public var dayTarget: DayTarget?
    /// The day's amount before this answer (entries of D: count, or sum with a measure).
    public var soFar: Double?

    public init(
        node: String, kind: StepKind, text: String, options: [String] = [], measure: Measure? = nil,
        target: Double? = nil
    ) {
        self.node = node
        self.kind = kind
        self.text = text
        self.options = options
        self.optionIndices = Array(options.indices)
        self.measure = measure
        self.target = target
    }

    /// True for a habit measured in a unit.
    public var isQuantity: Bool { kind == .habit && measure != nil }

    /// The unit with a leading space, or nothing for a plain count.
    private var unitSuffix: String {
        guard let unit = measure?.unit, !unit.isEmpty else { return "" }
        return " " + unit
    }

    /// The prompt as lines for a terminal, without a trailing newline (the host adds
    /// its input marker, `> `):
    ///
    ///     How are you feeling today?
    ///       1. Great!
    ///       2. Okay
    ///
    ///     Drink Water: done? (y = done, n = skip, l = later)
    ///     Meditate: how much, in min? (a number, y = 10 min, n = skip, l = later)
    public func render() -> String {
        if let notDueReason, kind == .habit {
            let why = notDueReason.hasPrefix("schedule: ") ? String(notDueReason.dropFirst(10)) : notDueReason
            var answers = "y, n"
            if isQuantity {
                let unit = measure?.unit ?? ""
                let byDefault = target.map { ", y = \(JSONValue.numberText($0))\(unitSuffix)" } ?? ""
                answers = (unit.isEmpty ? "a number" : "a number in \(unit)") + byDefault + ", n = no"
            }
            return "\(text) — not due \(dayPhrase) (\(why)); done anyway? (\(answers))"
        }
        switch kind {
        case .question:
            var lines = [text]
            for (index, option) in options.enumerated() { lines.append("  \(number(ofOffered: index)). \(option)") }
            return lines.joined(separator: "\n")
        case .habit:
            if let dayTarget { return render(dayTarget) }
            guard isQuantity else { return "\(text): done? (y = done, n = skip, l = later)" }
            let unit = measure?.unit ?? ""
            let question = unit.isEmpty ? "how much?" : "how much, in \(unit)?"
            let byDefault = target.map { ", y = \(JSONValue.numberText($0))\(unitSuffix)" } ?? ""
            return "\(text): \(question) (a number\(byDefault), n = skip, l = later)"
        }
    }

    /// A habit with a day target (SPEC §18.1):
    ///
    ///     Drink water: one more? (5 of 8 today; y = one more, n = skip, l = later)
    ///     Read: how much, in min? (12 of 30 min today; a number, y = 10 min, n = skip, l = later)
    ///     Smoke: how many today? (at most 0; 0 is fine, y = one, n = skip, l = later)
    ///     Coffee: how many today, in cups? (at most 2; a number, 0 is fine, n = skip, l = later)
    private func render(_ dayTarget: DayTarget) -> String {
        let unit = measure?.unit ?? ""
        let amount = MetricNumber.text(soFar ?? 0)
        switch dayTarget {
        case .atLeast(let value):
            let progress = "\(amount) of \(MetricNumber.text(value))\(unitSuffix) today"
            guard isQuantity else { return "\(text): one more? (\(progress); y = one more, n = skip, l = later)" }
            let question = unit.isEmpty ? "how much?" : "how much, in \(unit)?"
            let byDefault = target.map { ", y = \(JSONValue.numberText($0))\(unitSuffix)" } ?? ""
            return "\(text): \(question) (\(progress); a number\(byDefault), n = skip, l = later)"
        case .atMost(let value):
            let limit = "at most \(MetricNumber.text(value))\(unitSuffix)"
            let sofar = (soFar ?? 0) > 0 ? ", \(amount) so far" : ""
            guard isQuantity else {
                return "\(text): how many today? (\(limit)\(sofar); 0 is fine, y = one, n = skip, l = later)"
            }
            let question = unit.isEmpty ? "how many today?" : "how many today, in \(unit)?"
            return "\(text): \(question) (\(limit)\(sofar); a number, 0 is fine, n = skip, l = later)"
        }
    }

    /// The run commands, accepted at every prompt (for help and tab completion).
    public static let runCommands = AnswerReader.Command.allCases.map(\.rawValue)

    /// The words that answer this prompt, for tab completion: option texts, or the
    /// habit answers.
    public var answerWords: [String] {
        switch kind {
        case .question: options
        case .habit: ["yes", "done", "no", "skip", "later"]
        }
    }

    /// The number shown for the offered option at `index`: its place in the file.
    public func number(ofOffered index: Int) -> Int {
        (index < optionIndices.count ? optionIndices[index] : index) + 1
    }

    /// `1-3`, `1` for a single option, or the numbers one by one when some are hidden
    /// (`1, 3, 4`).
    private var numberRange: String {
        let numbers = options.indices.map(number(ofOffered:))
        guard let first = numbers.first, let last = numbers.last else { return "none" }
        if numbers.count == 1 { return "\(first)" }
        if last - first + 1 == numbers.count { return "\(first)-\(last)" }
        return numbers.map(String.init).joined(separator: ", ")
    }

    /// The one-line hint shown after an answer that does not fit.
    var hint: String {
        switch kind {
        case .question:
            return "choose an option by its number (\(numberRange)) or its text; 'help' lists what you can type"
        case .habit:
            guard isQuantity else { return "type y (done), n (skip) or l (later); 'help' lists what you can type" }
            let example = target.map { JSONValue.numberText($0) } ?? "10"
            let byDefault = target == nil ? "" : ", y for \(example)\(unitSuffix)"
            return
                "type a number such as \(example)\(byDefault), n to skip or l for later; 'help' lists what you can type"
        }
    }

    /// The lines `help` shows at this prompt.
    var helpLines: [String] {
        var lines: [String]
        switch kind {
        case .question:
            lines = [
                "Answer with an option's number (\(numberRange)), its text, or the start of its text."
            ]
        case .habit where isQuantity:
            lines = [
                "A number (such as 12 or 12.5) records it done with that value\(unitSuffix.isEmpty ? "" : " in" + unitSuffix)."
            ]
            if let target {
                lines.append("y, yes, d or done records it done with \(JSONValue.numberText(target))\(unitSuffix).")
            }
            lines.append("n, no, s or skip skips it (nothing is recorded).")
        case .habit:
            lines = ["y, yes, d or done records it done; n, no, s or skip skips it (nothing is recorded)."]
        }
        if kind == .habit {
            lines.append("l or later leaves it for later: running the routine again today asks it again.")
        }
        if notDueReason != nil {
            lines.append("It is not due \(dayPhrase), and your answer led here: n or an empty line passes it.")
        }
        lines += [
            "back: undo the last answer    pause: stop here, resume later",
            "abort: end the run (what is recorded stays)    help: this text",
        ]
        return lines
    }
}
