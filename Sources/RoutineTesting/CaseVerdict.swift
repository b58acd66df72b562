import RoutineCore

/// A failed expectation: where it is written, and what was expected against what the
/// run did (SPEC §15.1: `FILE:LINE:COL: error: expected …, the run …`).
public struct CaseFailure: Sendable, Equatable {
    public var location: SourceLocation
    /// `asks`, `records`, `not-due`, `status` or `answers`.
    public var expectation: String
    public var message: String
}

/// Compares a case's expectations with its run. Each expectation is checked on its own;
/// an absent one is not checked.
enum CaseVerdict {
    static func failures(of testCase: TestCase, run: CaseRun) -> [CaseFailure] {
        var failures: [CaseFailure] = []
        if let asks = testCase.asks { failures += self.asks(asks, run: run) }
        if let records = testCase.records { failures += self.records(records, run: run) }
        if let notDue = testCase.notDue { failures += notDue.value.compactMap { self.notDue($0, run: run) } }
        if let status = testCase.status, status.value != run.status {
            failures.append(
                CaseFailure(
                    location: status.location, expectation: "status",
                    message: "expected status \(status.value.rawValue), the run ended \(run.status.rawValue)"))
        }
        if let first = run.unused.first {
            let count = run.unused.count
            failures.append(
                CaseFailure(
                    location: first.location, expectation: "answers",
                    message:
                        "expected the run to take answer '\(first.value)', the run had ended (\(run.status.rawValue)) "
                        + "with \(count) answer\(count == 1 ? "" : "s") left"))
        }
        guard !run.rejections.isEmpty else { return failures }
        // What the run said to answers it would not take explains most failures.
        let said = run.rejections.map { "'\($0.answer.value)' at \($0.node): \($0.hint)" }.joined(separator: "; ")
        return failures.map { failure in
            var failure = failure
            failure.message += " (the run rejected \(said))"
            return failure
        }
    }

    /// `asks` matches a prompt by its node id, or a habit prompt by its habit's name.
    static func matches(_ item: String, _ asked: CaseRun.Asked) -> Bool {
        if item == asked.node { return true }
        guard let habit = asked.habit else { return false }
        return HabitKey(item) == HabitKey(habit)
    }

    private static func asks(_ asks: Marked<[Marked<String>]>, run: CaseRun) -> [CaseFailure] {
        let expected = asks.value
        let count = min(expected.count, run.asked.count)
        let firstDifference = (0..<count).first { !matches(expected[$0].value, run.asked[$0]) }
        guard firstDifference != nil || expected.count != run.asked.count else { return [] }
        let position = firstDifference ?? count
        // The run's prompts in the case's own words where they agree.
        let shown = run.asked.enumerated().map { index, asked in
            if index < expected.count, matches(expected[index].value, asked) { return expected[index].value }
            return asked.habit ?? asked.node
        }
        let location = position < expected.count ? expected[position].location : asks.location
        return [
            CaseFailure(
                location: location, expectation: "asks",
                message: "expected asks \(list(expected.map(\.value))), the run asked \(list(shown))")
        ]
    }

    private static func records(_ records: Marked<[RecordExpectation]>, run: CaseRun) -> [CaseFailure] {
        var left = run.entries
        var failures: [CaseFailure] = []
        let recorded = list(run.entries.map { describe($0.habit, $0.value) })
        for expected in records.value {
            let key = HabitKey(expected.habit)
            if let index = left.firstIndex(where: { $0.habitKey == key && sameValue(expected.value, $0.value) }) {
                left.remove(at: index)
                continue
            }
            failures.append(
                CaseFailure(
                    location: expected.location, expectation: "records",
                    message:
                        "expected a record of \(describe(expected.habit, expected.value)), the run recorded \(recorded)"
                ))
        }
        if !left.isEmpty {
            failures.append(
                CaseFailure(
                    location: records.location, expectation: "records",
                    message:
                        "expected records \(list(records.value.map { describe($0.habit, $0.value) })), "
                        + "the run also recorded \(list(left.map { describe($0.habit, $0.value) }))"))
        }
        return failures
    }

    private static func notDue(_ expected: NotDueExpectation, run: CaseRun) -> CaseFailure? {
        let wanted = "expected \(expected.node) not due (\(expected.reason.rawValue))"
        let step = run.steps.first { step in
            step.node == expected.node || (step.kind == .habit && HabitKey(step.text) == HabitKey(expected.node))
        }
        let did: String
        if let step, let reason = step.reason {
            if NotDueReason(walkerReason: reason) == expected.reason { return nil }
            did = "the run found it not due (\(reason))"
        } else if let step {
            did = "the run \(outcome(step))"
        } else {
            did = "the run never reached it"
        }
        return CaseFailure(location: expected.location, expectation: "not-due", message: "\(wanted), \(did)")
    }

    /// What the run did at a step that was not stepped over as not due.
    private static func outcome(_ step: Step) -> String {
        if step.answer == .alreadyDone { return "stepped over it as already done" }
        if case .option(_, let text) = step.answer { return "asked it (answered '\(text)')" }
        return "asked it (\(step.answer.label))"
    }

    private static func sameValue(_ expected: Double?, _ actual: Double?) -> Bool {
        guard let expected else { return true }
        guard let actual else { return false }
        return abs(expected - actual) < 1e-9
    }

    static func describe(_ habit: String, _ value: Double?) -> String {
        value.map { "\(habit) \(JSONValue.numberText($0))" } ?? habit
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
