import Foundation
import RoutineCore
import RoutineFile

/// Reads a test file (SPEC §15.1) into a `TestFile`, reporting every problem of shape in
/// one pass, with the codes and positions `routine check` uses for routine files:
/// `syntax`, `unknown-key` (with a suggestion), `missing-key`, `invalid-value`.
/// A case with a problem is left out of the file; the others are still read.
struct TestFileDecoder {
    static let topKeys = TestFileShape.top.map(\.name)
    static let caseKeys = TestFileShape.testCase.map(\.name)
    static let historyKeys = TestFileShape.history.map(\.name)
    static let entryKeys = TestFileShape.entry.map(\.name)
    static let pauseKeys = TestFileShape.pause.map(\.name)
    static let pastAnswerKeys = TestFileShape.pastAnswer.map(\.name)
    static let recordKeys = TestFileShape.record.map(\.name)
    /// More answers than any routine a person writes could take; a longer list is a
    /// mistake (or a file made to keep the runner busy), refused before anything runs.
    static let maxAnswers = 10_000

    var diagnostics: [Diagnostic] = []

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

    mutating func file(_ root: YAMLNode?) -> TestFile? {
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

    mutating func testCase(_ node: YAMLNode, number: Int) -> TestCase? {
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

    mutating func record(_ node: YAMLNode) -> RecordExpectation? {
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

    mutating func notDue(_ node: YAMLNode) -> Marked<[NotDueExpectation]>? {
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

    // MARK: - Shapes

    mutating func keyed(
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

    mutating func required(
        _ fields: [String: YAMLNode], _ key: String, in node: YAMLNode, what: String
    ) -> YAMLNode? {
        if let value = fields[key] { return value }
        report(.missingKey, "missing key '\(key)' in \(what)", at: node.location)
        return nil
    }

    mutating func list(_ node: YAMLNode, what: String) -> [YAMLNode]? {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.kind else {
            report(.invalidValue, "\(what) must be a list, not \(node.kindName)", at: node.location)
            return nil
        }
        return items
    }

    mutating func text(_ node: YAMLNode, what: String) -> String? {
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

    mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code, message, at: location))
    }
}
