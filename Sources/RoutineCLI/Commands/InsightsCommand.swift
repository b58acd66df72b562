import ArgumentParser
import Foundation
import RoutineApp
import RoutineCore
import RoutineStore

extension RoutineCommand {
    /// `routine insights [QUESTION]`: how answers and habits go together (SPEC §14.3).
    struct Insights: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "insights",
            abstract: "Relate your answers to your habits: same-day and day-before findings with counts and p-values.",
            discussion: """
                A finding is shown only when each side has at least 5 days; findings are sorted by p (Fisher's \
                exact test, two-sided). Nothing is stored. See docs/metrics.md.
                """)

        @OptionGroup var selection: QuestionSelection

        private var question: String? { selection.question }
        private var routine: String? { selection.routine }
        private var from: DayArgument? { selection.from }
        private var to: DayArgument? { selection.to }

        @Option(help: ArgumentHelp("Show at most N findings as text (0: all).", valueName: "n"))
        var limit = 10

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
            case .json: Output.line(InsightsText.json(report))
            case .text: Output.block(InsightsText.text(report, limit: limit, narrowed: from != nil || question != nil))
            }
        }
    }
}

/// How `insights` prints a report.
enum InsightsText {
    /// - Parameter narrowed: a question or a first day was given (no answers then says so).
    static func text(_ report: InsightReport, limit: Int, narrowed: Bool = false) -> String {
        let gate = RoutineCore.Insights.minimumDays
        guard report.answeredDays > 0 else {
            if narrowed { return "No answers to relate in what you asked for.\n" }
            return "No answers yet: insights relate the answers you give in runs to the habits you do.\n"
        }
        let days = "\(report.answeredDays) answered day\(report.answeredDays == 1 ? "" : "s")"
        guard !report.findings.isEmpty else {
            var line = "Not enough data yet in \(days): a finding needs at least \(gate) days on each side"
            if let needed = report.daysNeeded {
                line += "; the closest needs \(needed) more day\(needed == 1 ? "" : "s") of answers"
            }
            return line + ".\n"
        }
        let shown = limit == 0 ? report.findings : Array(report.findings.prefix(limit))
        var lines = ["From \(days), sorted by p (Fisher's exact test; at least \(gate) days on each side):"]
        for (number, finding) in shown.enumerated() { lines.append("\(number + 1). \(finding.sentence)") }
        if shown.count < report.findings.count {
            lines.append("… and \(report.findings.count - shown.count) more (--limit 0 shows all).")
        }
        if report.belowGate > 0 {
            lines.append("\(report.belowGate) more relation\(report.belowGate == 1 ? "" : "s") wait for more days.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ report: InsightReport) -> String {
        var out = "{\"answeredDays\":\(report.answeredDays),\"minimumDays\":\(RoutineCore.Insights.minimumDays),"
        out += "\"belowGate\":\(report.belowGate),\"daysNeeded\":\(report.daysNeeded.map(String.init) ?? "null"),"
        out += "\"findings\":["
        out += report.findings.map { finding in
            "{\"kind\":\"\(finding.kind.rawValue)\",\"routine\":\(JSONText.string(finding.routine)),"
                + "\"node\":\(JSONText.string(finding.node)),\"question\":\(JSONText.string(finding.question)),"
                + "\"option\":\(JSONText.string(finding.option)),\"habit\":\(JSONText.string(finding.habit)),"
                + "\"with\":\(finding.with),\"withDays\":\(finding.withDays),\"other\":\(finding.other),"
                + "\"otherDays\":\(finding.otherDays),\"p\":\(JSONText.number(finding.p)),"
                + "\"sentence\":\(JSONText.string(finding.sentence))}"
        }.joined(separator: ",")
        return out + "]}"
    }
}
