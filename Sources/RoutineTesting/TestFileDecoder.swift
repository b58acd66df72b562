import Foundation
import RoutineCore
import RoutineFile

/// Reads a test file (SPEC §15.1) into a `TestFile`, reporting every problem of shape in
/// one pass, with the codes and positions `routine check` uses for routine files:
/// `syntax`, `unknown-key` (with a suggestion), `missing-key`, `invalid-value`.
/// A case with a problem is left out of the file; the others are still read.
struct TestFileDecoder {
    static let topKeys = ["routine", "cases"]
    static let caseKeys = ["name", "day", "history", "answers", "asks", "records", "not-due", "status"]
    static let historyKeys = ["entries", "pauses", "answers", "archived"]
    static let entryKeys = ["habit", "day", "value"]
    static let pauseKeys = ["habits", "from", "to"]
    static let pastAnswerKeys = ["question", "day", "answer"]
    static let recordKeys = ["habit", "value"]
    /// More answers than any routine a person writes could take; a longer list is a
    /// mistake (or a file made to keep the runner busy), refused before anything runs.
    static let maxAnswers = 10_000

    private(set) var diagnostics: [Diagnostic] = []

    /// Decodes the bytes of a test file; nil when it has no usable top level.
    static func decode(_ data: Data) -> (file: TestFile?, diagnostics: [Diagnostic]) {
        let yaml = YAMLEventReader.read(data)
        if yaml.stopped { return (nil, yaml.diagnostics) }
        var decoder = TestFileDecoder()
        decoder.diagnostics = yaml.diagnostics
        let file = decoder.file(yaml.root)
        return (
            file,
            decoder.diagnostics.sorted {
                ($0.location ?? .init(line: 0, column: 0)) < ($1.location ?? .init(line: 0, column: 0))
            }
        )
    }

    private mutating func file(_ root: YAMLNode?) -> TestFile? {
        let origin = SourceLocation(line: 1, column: 1)
        guard let root, !root.isNull else {
            report(.missingKey, "the test file is empty: missing keys 'routine' and 'cases'", at: origin)
            return nil
        }
        guard case .mapping = root.kind else {
            report(
                .invalidValue, "a test file must be a mapping with 'routine' and 'cases', not \(root.kindName)",
                at: root.location)
            return nil
        }
        let fields = keyed(root, allowed: Self.topKeys, what: "test file")
        var routine: String?
        if let node = fields["routine"] {
            routine = text(node, what: "'routine'")
        } else {
            report(
                .missingKey,
                "missing key 'routine' in the test file (a routine file's path, or a stored routine's name)",
                at: root.location)
        }
        var cases: [TestCase] = []
        if let node = fields["cases"] {
            if let items = list(node, what: "'cases'") {
                if items.isEmpty {
                    report(.invalidValue, "'cases' is empty: a test file has at least one case", at: node.location)
                }
                for (index, item) in items.enumerated() {
                    if let value = testCase(item, number: index + 1) { cases.append(value) }
                }
            }
        } else {
            report(.missingKey, "missing key 'cases' in the test file", at: root.location)
        }
        guard let routine, let routineNode = fields["routine"] else { return nil }
        return TestFile(routine: routine, routineLocation: routineNode.location, cases: cases)
    }

    // MARK: - Cases

    private mutating func testCase(_ node: YAMLNode, number: Int) -> TestCase? {
        guard case .mapping = node.kind else {
            report(.invalidValue, "case \(number) must be a mapping, not \(node.kindName)", at: node.location)
            return nil
        }
        let before = diagnostics.count
        let fields = keyed(node, allowed: Self.caseKeys, what: "case")
        let name = fields["name"].flatMap { text($0, what: "a case's name") } ?? "case \(number)"
        var day: DayKey?
        if let dayNode = fields["day"] {
            day = date(dayNode)
        } else {
            report(.missingKey, "missing key 'day' in case '\(name)' (a date, YYYY-MM-DD)", at: node.location)
        }
        var result = TestCase(
            name: name, location: node.location, day: day ?? DayKey(ordinal: 0), history: CaseHistory(), answers: [])
        if let history = fields["history"] { result.history = self.history(history, day: day) }
        if let answers = fields["answers"], let items = list(answers, what: "'answers'") {
            if items.count > Self.maxAnswers {
                report(
                    .invalidValue, "\(items.count) answers: a case takes at most \(Self.maxAnswers)",
                    at: answers.location)
            }
            result.answers = items.compactMap { item in
                guard let line = item.text else {
                    report(.invalidValue, "an answer must be text or a number, not \(item.kindName)", at: item.location)
                    return nil
                }
                return Marked(value: line, location: item.location)
            }
        }
        if let asks = fields["asks"], let items = list(asks, what: "'asks'") {
            let names = items.compactMap { item in
                text(item, what: "an item of 'asks'").map { Marked(value: $0, location: item.location) }
            }
            result.asks = Marked(value: names, location: asks.location)
        }
        if let records = fields["records"], let items = list(records, what: "'records'") {
            result.records = Marked(value: items.compactMap { record($0) }, location: records.location)
        }
        if let notDue = fields["not-due"] { result.notDue = self.notDue(notDue) }
        if let status = fields["status"], let word = text(status, what: "'status'") {
            if let value = RunStatus(rawValue: word.lowercased()) {
                result.status = Marked(value: value, location: status.location)
            } else {
                let words = RunStatus.allCases.map(\.rawValue)
                report(
                    .invalidValue,
                    "unknown status '\(word)': use one of \(words.joined(separator: ", "))\(Suggestion.hint(Suggestion.closest(to: word, among: words)))",
                    at: status.location)
            }
        }
        return diagnostics[before...].contains { $0.severity == .error } ? nil : result
    }

    private mutating func record(_ node: YAMLNode) -> RecordExpectation? {
        if let name = node.text {
            guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                report(.invalidValue, "a record names a habit; this one is empty", at: node.location)
                return nil
            }
            return RecordExpectation(habit: name, value: nil, location: node.location)
        }
        guard case .mapping = node.kind else {
            report(.invalidValue, "a record is a habit name or {habit, value}, not \(node.kindName)", at: node.location)
            return nil
        }
        let fields = keyed(node, allowed: Self.recordKeys, what: "record")
        guard let habitNode = fields["habit"] else {
            report(.missingKey, "missing key 'habit' in a record", at: node.location)
            return nil
        }
        guard let habit = text(habitNode, what: "a record's habit") else { return nil }
        let value = fields["value"].flatMap { amount($0) }
        return RecordExpectation(habit: habit, value: value, location: node.location)
    }

    private mutating func notDue(_ node: YAMLNode) -> Marked<[NotDueExpectation]>? {
        guard case .mapping(let pairs) = node.kind else {
            report(
                .invalidValue,
                "'not-due' must be a mapping of node to reason (e.g. {stretch: paused}), not \(node.kindName)",
                at: node.location)
            return nil
        }
        var items: [NotDueExpectation] = []
        let words = NotDueReason.allCases.map(\.rawValue)
        for pair in pairs {
            guard let subject = text(pair.key, what: "a node in 'not-due'"),
                let word = text(pair.value, what: "a not-due reason")
            else { continue }
            guard let reason = NotDueReason(rawValue: word.lowercased()) else {
                report(
                    .invalidValue,
                    "unknown not-due reason '\(word)': use one of \(words.joined(separator: ", "))\(Suggestion.hint(Suggestion.closest(to: word, among: words)))",
                    at: pair.value.location)
                continue
            }
            items.append(NotDueExpectation(node: subject, reason: reason, location: pair.key.location))
        }
        return Marked(value: items, location: node.location)
    }

    // MARK: - History

    private mutating func history(_ node: YAMLNode, day: DayKey?) -> CaseHistory {
        var history = CaseHistory()
        guard case .mapping = node.kind else {
            report(
                .invalidValue, "'history' must be a mapping (entries, pauses, answers, archived), not \(node.kindName)",
                at: node.location)
            return history
        }
        let fields = keyed(node, allowed: Self.historyKeys, what: "history")
        for item in fields["entries"].flatMap({ list($0, what: "'entries'") }) ?? [] {
            let keys = keyed(item, allowed: Self.entryKeys, what: "entry", mapping: "an entry is {habit, day, value?}")
            guard case .mapping = item.kind else { continue }
            guard
                let habit = required(keys, "habit", in: item, what: "an entry").flatMap({
                    text($0, what: "an entry's habit")
                }),
                let when = required(keys, "day", in: item, what: "an entry").flatMap({
                    relativeDay($0, from: day, latest: 0)
                })
            else { continue }
            let value = keys["value"].flatMap { amount($0) }
            history.entries.append(HistoryEntry(habit: habit, day: when, value: value, location: item.location))
        }
        for item in fields["pauses"].flatMap({ list($0, what: "'pauses'") }) ?? [] {
            let keys = keyed(item, allowed: Self.pauseKeys, what: "pause", mapping: "a pause is {habits?, from, to}")
            guard case .mapping = item.kind else { continue }
            let habits =
                keys["habits"].flatMap { list($0, what: "a pause's 'habits'") }?.compactMap {
                    text($0, what: "a paused habit")
                } ?? []
            guard
                let from = required(keys, "from", in: item, what: "a pause").flatMap({
                    relativeDay($0, from: day, latest: nil)
                }),
                let to = required(keys, "to", in: item, what: "a pause").flatMap({
                    relativeDay($0, from: day, latest: nil)
                })
            else { continue }
            if to < from {
                report(.invalidValue, "a pause ends (\(to)) before it starts (\(from))", at: item.location)
                continue
            }
            let span = PauseSpan(from: from, to: to, habitKeys: habits.map { HabitKey($0) })
            history.pauses.append(Marked(value: span, location: item.location))
        }
        for item in fields["answers"].flatMap({ list($0, what: "history's 'answers'") }) ?? [] {
            let keys = keyed(
                item, allowed: Self.pastAnswerKeys, what: "past answer",
                mapping: "a past answer is {question, day, answer}")
            guard case .mapping = item.kind else { continue }
            guard
                let question = required(keys, "question", in: item, what: "a past answer").flatMap({
                    text($0, what: "a question")
                }),
                let when = required(keys, "day", in: item, what: "a past answer").flatMap({
                    relativeDay($0, from: day, latest: -1)
                }),
                let answer = required(keys, "answer", in: item, what: "a past answer").flatMap({
                    text($0, what: "an answer")
                })
            else { continue }
            history.answers.append(PastAnswer(question: question, day: when, answer: answer, location: item.location))
        }
        for item in fields["archived"].flatMap({ list($0, what: "'archived'") }) ?? [] {
            if let name = text(item, what: "an archived habit") {
                history.archived.append(Marked(value: name, location: item.location))
            }
        }
        return history
    }

    /// A date, or an offset in days from the case's day (`-1` is the day before).
    /// `latest`: the latest offset allowed (0: the day itself; -1: before it). Nil when
    /// the case's day is not known (already reported) and this day depends on it.
    private mutating func relativeDay(_ node: YAMLNode, from day: DayKey?, latest: Int?) -> DayKey? {
        guard let raw = node.text?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            report(
                .invalidValue, "a day must be a date (YYYY-MM-DD) or an offset such as -1, not \(node.kindName)",
                at: node.location)
            return nil
        }
        var result: DayKey?
        if let offset = Int(raw), abs(offset) <= 100_000 {
            result = day?.adding(days: offset)
        } else {
            result = date(node)
        }
        guard let result, let day else { return nil }
        if let latest, result.ordinal - day.ordinal > latest {
            let limit = latest == 0 ? "on or before the case's day" : "before the case's day"
            report(.invalidValue, "history is what happened \(limit) (\(day)); \(raw) is \(result)", at: node.location)
            return nil
        }
        return result
    }

    private mutating func date(_ node: YAMLNode) -> DayKey? {
        guard let raw = node.text?.trimmingCharacters(in: .whitespacesAndNewlines), raw.count == 10,
            let day = DayKey(raw), day.isInSupportedRange
        else {
            report(.invalidValue, "'\(node.text ?? node.kindName)' is not a date: use YYYY-MM-DD", at: node.location)
            return nil
        }
        return day
    }

    private mutating func amount(_ node: YAMLNode) -> Double? {
        guard let raw = node.text else {
            report(.invalidValue, "a value must be a number, not \(node.kindName)", at: node.location)
            return nil
        }
        if let problem = Quantity.problem(raw) {
            report(.invalidValue, problem, at: node.location)
            return nil
        }
        return Quantity.parse(raw)
    }

    // MARK: - Shapes

    private mutating func keyed(
        _ node: YAMLNode, allowed: [String], what: String, mapping: String? = nil
    ) -> [String: YAMLNode] {
        guard case .mapping(let pairs) = node.kind else {
            if let mapping { report(.invalidValue, "\(mapping), not \(node.kindName)", at: node.location) }
            return [:]
        }
        var fields: [String: YAMLNode] = [:]
        var firstLine: [String: Int] = [:]
        for pair in pairs {
            guard let key = pair.key.text else {
                report(
                    .invalidValue, "a key of the \(what) must be text, not \(pair.key.kindName)", at: pair.key.location)
                continue
            }
            guard allowed.contains(key) else {
                let hint = Suggestion.hint(Suggestion.closest(to: key, among: allowed))
                report(.unknownKey, "unknown key '\(key)' in the \(what)\(hint)", at: pair.key.location)
                continue
            }
            if let line = firstLine[key] {
                report(.invalidValue, "duplicate key '\(key)' (first at line \(line))", at: pair.key.location)
                continue
            }
            firstLine[key] = pair.key.location.line
            fields[key] = pair.value
        }
        return fields
    }

    private mutating func required(
        _ fields: [String: YAMLNode], _ key: String, in node: YAMLNode, what: String
    ) -> YAMLNode? {
        if let value = fields[key] { return value }
        report(.missingKey, "missing key '\(key)' in \(what)", at: node.location)
        return nil
    }

    private mutating func list(_ node: YAMLNode, what: String) -> [YAMLNode]? {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.kind else {
            report(.invalidValue, "\(what) must be a list, not \(node.kindName)", at: node.location)
            return nil
        }
        return items
    }

    private mutating func text(_ node: YAMLNode, what: String) -> String? {
        guard let value = node.text else {
            report(.invalidValue, "\(what) must be text, not \(node.kindName)", at: node.location)
            return nil
        }
        guard !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            report(.invalidValue, "\(what) is empty", at: node.location)
            return nil
        }
        if let refusal = TerminalText.refusal(value, what: what) {
            report(.invalidValue, refusal, at: node.location)
            return nil
        }
        return value
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code, message, at: location))
    }
}
