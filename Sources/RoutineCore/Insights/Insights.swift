import Foundation

/// One question's standing answers: the option text that stands for each day.
public struct InsightQuestion: Sendable, Equatable {
    public var routine: String
    public var node: String
    public var text: String
    public var answers: [DayKey: String]

    public init(routine: String, node: String, text: String, answers: [DayKey: String]) {
        self.routine = routine
        self.node = node
        self.text = text
        self.answers = answers
    }
}

/// One habit's days: those it was due (SPEC §13.6) and those it was done.
public struct InsightHabit: Sendable, Equatable {
    public var name: String
    public var due: Set<DayKey>
    public var done: Set<DayKey>

    public init(name: String, due: Set<DayKey>, done: Set<DayKey>) {
        self.name = name
        self.due = due.union(done)
        self.done = done
    }
}

/// One relation between an answer and a habit (SPEC §14.3), with its counts: `with`
/// of `withDays` against `other` of `otherDays`.
public struct Finding: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// The habit on days with the answer, against other answered days.
        case sameDay = "same-day"
        /// The answer on days after the habit was done, against days after it was not.
        case dayBefore = "day-before"
    }

    public var kind: Kind
    public var routine: String
    public var node: String
    public var question: String
    public var option: String
    public var habit: String
    public var with: Int
    public var withDays: Int
    public var other: Int
    public var otherDays: Int
    /// The two-sided Fisher exact p-value of the table.
    public var p: Double
    /// The Benjamini–Hochberg q-value of `p` among the report's findings (SPEC §17.6);
    /// nil for a finding left out as structure.
    public var q: Double?
    /// Set when the routine's structure makes the finding (SPEC §17.6): the answer
    /// decides whether the habit is asked at all.
    public var structure: Structure?

    /// How the answer decides the habit.
    public enum Structure: String, Sendable, Equatable {
        /// The routine asks the habit only after this answer.
        case askedOnlyAfter = "asked only after this answer"
        /// The routine asks the habit only after another answer to the question.
        case notAskedAfter = "not asked after this answer"
    }

    /// The rate on the answer's side is at least the other side's (of two mirrored
    /// findings, the one reported).
    var isTheRiseSide: Bool { with * otherDays >= other * withDays }

    /// The finding in one plain sentence, with its counts, p and q.
    public var sentence: String {
        let rates =
            "\(with) of \(withDays) times (\(Self.percent(with, withDays))), against \(other) of \(otherDays)"
            + " (\(Self.percent(other, otherDays)))"
        let figures = Self.pText(p) + (q.map { ", " + Self.qText($0) } ?? "")
        switch kind {
        case .sameDay:
            return "On days you answered “\(option)” to “\(question)”, you did \(habit) \(rates) on other days"
                + " (\(figures))."
        case .dayBefore:
            return "After days you did \(habit), you answered “\(option)” to “\(question)” \(rates) after days"
                + " you did not (\(figures))."
        }
    }

    static func percent(_ count: Int, _ total: Int) -> String {
        total == 0 ? "–" : "\(Int((100 * Double(count) / Double(total)).rounded()))%"
    }

    /// `p < 0.001`, else p to two significant digits.
    public static func pText(_ p: Double) -> String {
        p < 0.001 ? "p < 0.001" : "p = " + String(format: "%.2g", p)
    }

    /// `q < 0.001`, else q to two significant digits.
    public static func qText(_ q: Double) -> String {
        q < 0.001 ? "q < 0.001" : "q = " + String(format: "%.2g", q)
    }
}

/// What `insights` can say (SPEC §14.3, §17.6): findings that pass the gate, sorted by
/// p, each with its q-value, then those left out as structure; when none passes the
/// gate, how many more days the closest one needs, or why no number of days helps.
public struct InsightReport: Sendable, Equatable {
    /// The findings (each mirrored pair once), sorted by p; those left out as structure
    /// (`structure` set) after the others.
    public var findings: [Finding]
    /// Days with an answer to the questions looked at.
    public var answeredDays: Int
    /// Relations left out for too little data.
    public var belowGate: Int
    /// The fewest more days that would let one more relation through (nil when none is waiting).
    public var daysNeeded: Int?
    /// Questions whose every answer so far is the same option: no number of days makes a
    /// comparison of them, only a different answer (issue 31).
    public var alike: [Alike] = []

    /// A question answered one way only.
    public struct Alike: Sendable, Equatable {
        public var question: String
        public var option: String

        public init(question: String, option: String) {
            self.question = question
            self.option = option
        }
    }

    /// The q-value at or below which a finding is listed by default.
    public static let qThreshold = 0.10

    /// The findings tested for false discoveries (all but structure).
    public var tested: [Finding] { findings.filter { $0.structure == nil } }

    /// What `insights` lists: by default the tested findings with q ≤ 0.10; with `all`,
    /// every finding, structure included.
    public func listed(all: Bool) -> [Finding] {
        all ? findings : tested.filter { ($0.q ?? 1) <= Self.qThreshold }
    }
}

/// Relates answers to habits (SPEC §14.3). Pure: the caller gives each question's
/// standing answers and each habit's due and done days; nothing is stored.
///
/// For each answered option A of each question and each habit H:
/// - **same day**: among the answered days on which H was due, H done on days answered A
///   against H done on the other answered days;
/// - **the day before**: among the answered days D with H due on D−1, A answered on days
///   after H was done against A answered on days after H was due and not done.
/// A relation is a finding only when each of its two sides has at least
/// `minimumDays` days; findings are sorted by p (then by question, option, habit).
public enum Insights {
    public static let minimumDays = 5

    ///
    /// Findings the routine's structure makes (`leads`, by routine slug: the answer
    /// decides whether the habit is asked) are marked and left out of the q-values; of a
    /// question answered with two options, each habit's finding is kept once (the side
    /// whose rate rises), as the other option's is its mirror with the same p. The
    /// q-values are Benjamini–Hochberg's over the remaining findings of the call.
    public static func report(
        questions: [InsightQuestion], habits: [InsightHabit], leads: [String: AnswerLeads] = [:]
    ) -> InsightReport {
        var fisher = FisherExact(upTo: 64)
        var findings: [Finding] = []
        var belowGate = 0
        var needed: Int?
        func consider(_ finding: Finding) {
            let shortfall = max(0, minimumDays - finding.withDays) + max(0, minimumDays - finding.otherDays)
            if shortfall == 0 {
                var found = finding
                found.p = fisher.pValue(
                    found.with, found.withDays - found.with, found.other, found.otherDays - found.other)
                findings.append(found)
            } else {
                belowGate += 1
                needed = min(needed ?? shortfall, shortfall)
            }
        }
        var answeredDays = Set<DayKey>()
        var alike: [InsightReport.Alike] = []
        for question in questions {
            answeredDays.formUnion(question.answers.keys)
            let options = Array(Set(question.answers.values)).sorted()
            if options.count == 1, let only = options.first {
                // One answer only: more days of it never make a comparison.
                alike.append(InsightReport.Alike(question: question.text, option: only))
                continue
            }
            let structure = leads[question.routine]
            for habit in habits {
                // Same day: answered days on which the habit was due.
                var sameDay: [String: (done: Int, days: Int)] = [:]
                var sameTotal = (done: 0, days: 0)
                // Day before: answered days D with the habit due on D−1.
                var after: [String: (afterDone: Int, afterMissed: Int)] = [:]
                var afterTotal = (done: 0, missed: 0)
                for (day, answer) in question.answers {
                    if habit.due.contains(day) {
                        let done = habit.done.contains(day) ? 1 : 0
                        sameDay[answer, default: (0, 0)].done += done
                        sameDay[answer, default: (0, 0)].days += 1
                        sameTotal.done += done
                        sameTotal.days += 1
                    }
                    let before = day.adding(days: -1)
                    if habit.due.contains(before) {
                        if habit.done.contains(before) {
                            after[answer, default: (0, 0)].afterDone += 1
                            afterTotal.done += 1
                        } else {
                            after[answer, default: (0, 0)].afterMissed += 1
                            afterTotal.missed += 1
                        }
                    }
                }
                let decided = options.map { structure?.structure(node: question.node, option: $0, habit: habit.name) }
                for (option, structure) in zip(options, decided) {
                    let this = sameDay[option] ?? (0, 0)
                    var same = Finding(
                        kind: .sameDay, routine: question.routine, node: question.node, question: question.text,
                        option: option, habit: habit.name, with: this.done, withDays: this.days,
                        other: sameTotal.done - this.done, otherDays: sameTotal.days - this.days, p: 1)
                    // Of a question answered two ways, a pair is structure when either side is.
                    same.structure = options.count == 2 ? (structure ?? decided.compactMap { $0 }.first) : structure
                    let next = after[option] ?? (0, 0)
                    let before = Finding(
                        kind: .dayBefore, routine: question.routine, node: question.node, question: question.text,
                        option: option, habit: habit.name, with: next.afterDone, withDays: afterTotal.done,
                        other: next.afterMissed, otherDays: afterTotal.missed, p: 1)
                    for finding in [same, before] {
                        // Two options: one finding of each mirrored pair (the side whose rate rises;
                        // of equal rates, the first option).
                        if options.count == 2,
                            !finding.isTheRiseSide || (finding.option != options[0] && isTie(finding))
                        {
                            continue
                        }
                        consider(finding)
                    }
                }
            }
        }
        findings.sort {
            if ($0.structure == nil) != ($1.structure == nil) { return $0.structure == nil }
            return ($0.p, $0.routine, $0.node, $0.option, $0.habit, $0.kind.rawValue)
                < ($1.p, $1.routine, $1.node, $1.option, $1.habit, $1.kind.rawValue)
        }
        let tested = findings.indices.filter { findings[$0].structure == nil }
        for (index, q) in zip(tested, benjaminiHochberg(tested.map { findings[$0].p })) { findings[index].q = q }
        return InsightReport(
            findings: findings, answeredDays: answeredDays.count, belowGate: belowGate,
            daysNeeded: findings.isEmpty || belowGate > 0 ? needed : nil, alike: alike)
    }

    /// Equal rates on both sides: the two mirrored findings rise alike.
    private static func isTie(_ finding: Finding) -> Bool {
        finding.with * finding.otherDays == finding.other * finding.withDays
    }

    /// Benjamini–Hochberg q-values of `pValues`, in their order: for the i-th smallest of
    /// m, the least of p·m/rank over it and every larger p, capped at 1.
    public static func benjaminiHochberg(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var q = [Double](repeating: 1, count: m)
        var running = 1.0
        for rank in stride(from: m, through: 1, by: -1) {
            let index = order[rank - 1]
            running = min(running, pValues[index] * Double(m) / Double(rank))
            q[index] = min(1, running)
        }
        return q
    }
}
