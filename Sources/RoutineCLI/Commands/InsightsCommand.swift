import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore

extension RoutineCommand {
    /// `routine insights [QUESTION]`: how answers and habits go together (SPEC §14.3).
    struct Insights: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "insights",
            abstract: "Relate your answers to your habits: same-day and day-before findings with counts, p and q.",
            discussion: """
                A finding is shown only when each side has at least 5 days; findings are sorted by p (Fisher's \
                exact test, two-sided) and carry a Benjamini-Hochberg q-value over all findings of the call. \
                By default only those with q <= 0.10 are listed; --all lists the rest too, and the findings \
                the routine itself makes (a habit asked only after that answer). Nothing is stored. See \
                docs/metrics.md.
                """)

        @OptionGroup var selection: QuestionSelection

        private var question: String? { selection.question }
        private var routine: String? { selection.routine }
        private var from: DayArgument? { selection.from }
        private var to: DayArgument? { selection.to }

        @Option(help: ArgumentHelp("Show at most N findings as text (0: all).", valueName: "n"))
        var limit = 10

        @Flag(help: "List every finding: those with q above 0.10, and those the routine's structure makes.")
        var all = false

        @Option(help: "Output format.")
        var format: TextOrJSON = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if limit < 0 { throw ValidationError("--limit must be 0 or more") }
        }

        func run() throws {
            let settings = try Settings(options: global)
            let to = try self.to.map { try settings.day($0) } ?? settings.time.today
            let from = try self.from.map { try settings.day($0) }
            if let from, from > to { throw CLIError.usage("--from \(from) is after --to \(to): no days to relate") }
            var report = RoutineCore.Insights.report(questions: [], habits: [])
            if let store = try Session.current.existingStore(settings) {
                let known = try selection.known(in: store)
                report = try InsightsService.report(
                    store: store, question: known, from: from, to: to, time: settings.time)
                if known == nil, let routine {
                    report.findings.removeAll { $0.routine.lowercased() != routine.lowercased() }
                }
            } else if let question {
                throw CLIError("no question '\(question)': the store holds no routine yet")
            }
            switch format {
            case .json: Output.json(InsightsText.json(report, all: all))
            case .text:
                Output.block(
                    InsightsText.text(report, limit: limit, all: all, narrowed: from != nil || question != nil))
            }
        }
    }
}

/// How `insights` prints a report.
enum InsightsText {
    /// - Parameter narrowed: a question or a first day was given (no answers then says so).
    static func text(_ report: InsightReport, limit: Int, all: Bool = false, narrowed: Bool = false) -> String {
        let gate = RoutineCore.Insights.minimumDays
        guard report.answeredDays > 0 else {
            if narrowed { return "No answers to relate in what you asked for.\n" }
            return "No answers yet: insights relate the answers you give in runs to the habits you do.\n"
        }
        let days = "\(report.answeredDays) answered day\(report.answeredDays == 1 ? "" : "s")"
        // Questions answered one way only: no number of days helps them (issue 31).
        let alike = report.alike.map {
            "Every answer to “\($0.question)” so far is “\($0.option)”: there is nothing to compare it with."
        }
        guard !report.findings.isEmpty else {
            guard report.daysNeeded != nil || report.alike.isEmpty else {
                return (alike + [""]).joined(separator: "\n")
            }
            var line = "Not enough data yet in \(days): a finding needs at least \(gate) days on each side"
            if let needed = report.daysNeeded {
                line += "; the closest needs \(needed) more day\(needed == 1 ? "" : "s") of answers"
            }
            return ([line + "."] + alike + [""]).joined(separator: "\n")
        }
        let listed = report.listed(all: all)
        let tested = report.tested.count
        let threshold = String(format: "%.2f", InsightReport.qThreshold)
        guard !listed.isEmpty else {
            let line =
                tested == 0
                ? "From \(days): nothing beyond what the routine itself makes (a habit it asks only after an "
                    + "answer); --all lists it."
                : "From \(days): \(tested) finding\(tested == 1 ? "" : "s") tested, none with q ≤ \(threshold) "
                    + "(what could be chance among so many); --all lists them."
            return ([line] + alike + [""]).joined(separator: "\n")
        }
        let shown = limit == 0 ? listed : Array(listed.prefix(limit))
        let which = all ? "every finding" : "findings with q ≤ \(threshold)"
        var lines = [
            "From \(days), \(which), sorted by p (Fisher's exact test; q: Benjamini–Hochberg over \(tested); "
                + "at least \(gate) days on each side):"
        ]
        for (number, finding) in shown.enumerated() {
            let mark = finding.structure.map { " [\($0.rawValue)]" } ?? ""
            lines.append("\(number + 1). \(finding.sentence)\(mark)")
        }
        if shown.count < listed.count {
            lines.append("… and \(listed.count - shown.count) more (--limit 0 shows all).")
        }
        if !all, listed.count < report.findings.count {
            let left = report.findings.count - listed.count
            lines.append("\(left) more with q above \(threshold) or made by the routine itself (--all lists them).")
        }
        lines += alike
        if report.belowGate > 0 {
            lines.append("\(report.belowGate) more relation\(report.belowGate == 1 ? "" : "s") wait for more days.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ report: InsightReport, all: Bool = false) -> JSONValue {
        let findings = report.listed(all: all).map { finding -> JSONValue in
            [
                "kind": .string(finding.kind.rawValue), "routine": .string(finding.routine),
                "node": .string(finding.node), "question": .string(finding.question), "option": .string(finding.option),
                "habit": .string(finding.habit), "with": .integer(finding.with), "withDays": .integer(finding.withDays),
                "other": .integer(finding.other), "otherDays": .integer(finding.otherDays), "p": .number(finding.p),
                "q": JSONValue(finding.q), "structure": JSONValue(finding.structure?.rawValue),
                "sentence": .string(finding.sentence),
            ]
        }
        return [
            "answeredDays": .integer(report.answeredDays), "minimumDays": .integer(RoutineCore.Insights.minimumDays),
            "belowGate": .integer(report.belowGate), "daysNeeded": JSONValue(report.daysNeeded),
            "tested": .integer(report.tested.count), "qThreshold": .number(InsightReport.qThreshold),
            "alike": .array(report.alike.map { ["question": .string($0.question), "option": .string($0.option)] }),
            "findings": .array(findings),
        ]
    }
}
