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

    /// The finding in one plain sentence, with its counts and p.
    public var sentence: String {
        let rates =
            "\(with) of \(withDays) times (\(Self.percent(with, withDays))), against \(other) of \(otherDays)"
            + " (\(Self.percent(other, otherDays)))"
        switch kind {
        case .sameDay:
            return "On days you answered “\(option)” to “\(question)”, you did \(habit) \(rates) on other days"
                + " (\(Self.pText(p)))."
        case .dayBefore:
            return "After days you did \(habit), you answered “\(option)” to “\(question)” \(rates) after days"
                + " you did not (\(Self.pText(p)))."
        }
    }

    static func percent(_ count: Int, _ total: Int) -> String {
        total == 0 ? "–" : "\(Int((100 * Double(count) / Double(total)).rounded()))%"
    }

    /// `p < 0.001`, else p to two significant digits.
    public static func pText(_ p: Double) -> String {
        p < 0.001 ? "p < 0.001" : "p = " + String(format: "%.2g", p)
    }
}

/// What `insights` can say (SPEC §14.3): findings that pass the gate, sorted by p, and,
/// when none does, how many more days the closest one needs.
public struct InsightReport: Sendable, Equatable {
    public var findings: [Finding]
    /// Days with an answer to the questions looked at.
    public var answeredDays: Int
    /// Relations left out for too little data.
    public var belowGate: Int
    /// The fewest more days that would let one more relation through (nil when none is waiting).
    public var daysNeeded: Int?
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

    public static func report(questions: [InsightQuestion], habits: [InsightHabit]) -> InsightReport {
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
        for question in questions {
            answeredDays.formUnion(question.answers.keys)
            let options = Array(Set(question.answers.values)).sorted()
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
                for option in options {
                    let this = sameDay[option] ?? (0, 0)
                    consider(
                        Finding(
                            kind: .sameDay, routine: question.routine, node: question.node, question: question.text,
                            option: option, habit: habit.name, with: this.done, withDays: this.days,
                            other: sameTotal.done - this.done, otherDays: sameTotal.days - this.days, p: 1))
                    let next = after[option] ?? (0, 0)
                    consider(
                        Finding(
                            kind: .dayBefore, routine: question.routine, node: question.node, question: question.text,
                            option: option, habit: habit.name, with: next.afterDone, withDays: afterTotal.done,
                            other: next.afterMissed, otherDays: afterTotal.missed, p: 1))
                }
            }
        }
        findings.sort {
            ($0.p, $0.routine, $0.node, $0.option, $0.habit, $0.kind.rawValue)
                < ($1.p, $1.routine, $1.node, $1.option, $1.habit, $1.kind.rawValue)
        }
        return InsightReport(
            findings: findings, answeredDays: answeredDays.count, belowGate: belowGate,
            daysNeeded: findings.isEmpty || belowGate > 0 ? needed : nil)
    }
}
