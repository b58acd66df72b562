import RoutineCore

/// One case walked in memory (SPEC §15.1): the same `Walker` and condition evaluator as
/// a real run, given the case's history as its `DayContext`, and no store.
///
/// The answers are typed one by one, as `routine run` reads scripted input: a rejected
/// line leaves the prompt where it is (the next answer goes to it), `back`, `pause` and
/// `abort` act as they do in a run, and input that ends mid-run pauses it. The walk is
/// bounded by the answers: each line is handled once, and a run visits each node at most
/// once between them.
public struct CaseRun: Sendable {
    /// A prompt the run showed: a new prompt after an answer or `back` (a prompt asked
    /// again after a rejected line counts once).
    public struct Asked: Sendable, Equatable {
        public var node: String
        /// The habit's name for a habit prompt, else nil.
        public var habit: String?
    }

    /// An answer the run would not take, and what it said.
    public struct Rejection: Sendable {
        public var answer: Marked<String>
        public var node: String
        public var hint: String
    }

    public private(set) var asked: [Asked] = []
    public private(set) var steps: [Step] = []
    public private(set) var entries: [EntryDraft] = []
    public private(set) var status: RunStatus = .active
    public private(set) var rejections: [Rejection] = []
    /// The answers left when the run had ended.
    public private(set) var unused: [Marked<String>] = []

    /// Walks `testCase` through `routine`. `storeMeasures`: the store's habits, when a
    /// store is configured; their measures (and targets) are used as a run uses them, so
    /// a habit the file uses without declaring it is asked as a run asks it (issue 31 item
    /// 14). Their schedules are not: a case's history is only what the case says.
    public init(_ testCase: TestCase, routine: Routine, storeMeasures: [HabitKey: HabitSpec] = [:]) {
        let context = Self.context(for: testCase)
        let doneToday = Set(testCase.history.entries.filter { $0.day == testCase.day }.map { HabitKey($0.habit) })
        let measured = storeMeasures.compactMapValues { spec in
            spec.measure.map { HabitSpec(name: spec.name, measure: $0, target: spec.target) }
        }
        var walker = Walker(
            routine: routine, dayKey: testCase.day, habitSpecs: measured, alreadyDone: doneToday, context: context)
        noteAsked(walker.prompt)
        for (index, answer) in testCase.answers.enumerated() {
            guard let prompt = walker.prompt else {
                unused = Array(testCase.answers[index...])
                break
            }
            let event = walker.handle(answer.value)
            switch event {
            case .answered, .wentBack: noteAsked(walker.prompt)
            case .rejected(let hint): rejections.append(Rejection(answer: answer, node: prompt.node, hint: hint))
            case .nothingToUndo:
                rejections.append(Rejection(answer: answer, node: prompt.node, hint: "nothing to undo"))
            default: break
            }
        }
        // Input that ends mid-run pauses the run (SPEC §4.3), as it does for `routine run`.
        walker.pause()
        steps = walker.steps
        entries = walker.entries
        status = walker.status
    }

    private mutating func noteAsked(_ prompt: Prompt?) {
        guard let prompt else { return }
        asked.append(Asked(node: prompt.node, habit: prompt.kind == .habit ? prompt.text : nil))
    }

    /// The case's history as the walker reads it: live entries per habit (those of the
    /// case's day too: they make their habits already done), pauses and archived habits.
    /// The routine's own declarations give the schedules, as for a file outside any store.
    static func context(for testCase: TestCase) -> DayContext {
        var tallies: [HabitKey: [DayKey: DayTally]] = [:]
        for entry in testCase.history.entries {
            var tally = tallies[HabitKey(entry.habit), default: [:]][entry.day] ?? DayTally(day: entry.day, count: 0)
            tally.count += 1
            tally.sum += entry.value ?? 0
            tallies[HabitKey(entry.habit), default: [:]][entry.day] = tally
        }
        var context = DayContext(
            day: testCase.day, history: tallies.mapValues { Array($0.values) },
            pauses: testCase.history.pauses.map(\.value))
        context.archived = Set(testCase.history.archived.map { HabitKey($0.value) })
        // Answers of earlier days, for `answer(NODE, N)` and `answered(…)` (SPEC §14.4).
        for past in testCase.history.answers where past.day < testCase.day {
            context.pastAnswers[past.question, default: [:]][past.day] = past.answer
        }
        return context
    }
}
