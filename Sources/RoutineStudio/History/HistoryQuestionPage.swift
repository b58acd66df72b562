import RoutineApp
import RoutineCore

/// One question's history page (SPEC §19.5): a year in pixels — each day of the last
/// year coloured by the option that stands for it (the last answer recorded that day,
/// as `answers --calendar` counts it) — and the insights of SPEC §17.6 about the
/// question as sentences. Pure: the caller passes the standing answers and the report.
struct HistoryQuestionPage {
    var question: KnownQuestion
    var answers: [AnswerDay]
    var report: InsightReport
    var grid: HistoryYearGrid

    /// The options in the routine's order, then texts it no longer offers, by first use
    /// (as `answers --calendar` orders them): the legend's order and the colours' positions.
    var options: [String] { AnswerCalendar.options(offered: question.options, answers: answers) }

    var html: String {
        let source = HistoryHTML.escape(question.routine) + "/" + HistoryHTML.escape(question.node)
        return HistoryHTML.page(
            "question", heading: question.text, lead: "<p class=\"history-source\">\(source)</p>\n",
            sections: [("The last year", pixels), ("Insights", insights)])
    }

    var pixels: String {
        let options = options
        let index = Dictionary(options.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var byDay: [Int: String] = [:]
        for answer in answers where grid.days.contains(answer.day.ordinal) { byDay[answer.day.ordinal] = answer.answer }
        var counts: [String: Int] = [:]
        var cells: [HistoryYearGrid.Cell] = []
        for ordinal in grid.days {
            let day = DayKey(ordinal: ordinal)
            let weekday = HistorySVG.weekdayNames[day.weekday]
            guard let answer = byDay[ordinal], let position = index[answer] else {
                cells.append(.init(day: day, cssClass: "opt-none", tooltip: "\(day) (\(weekday)): no answer"))
                continue
            }
            counts[answer, default: 0] += 1
            cells.append(
                .init(
                    day: day, cssClass: HistoryStyle.optionClass(position),
                    attributes: " data-answer=\"\(HistoryHTML.escape(answer))\"",
                    tooltip: "\(day) (\(weekday)): \(answer)"
                ))
        }
        let unanswered = grid.days.count - byDay.count
        var legend = options.enumerated().map { position, option in
            HistoryYearGrid.LegendItem(
                cssClass: HistoryStyle.optionClass(position), text: "\(Self.clipped(option)) \(counts[option] ?? 0)")
        }
        legend.append(.init(cssClass: "opt-none", text: "no answer \(unanswered)"))
        let spoken = options.map { "\($0) \(HistoryHTML.days(counts[$0] ?? 0))" } + ["no answer \(unanswered)"]
        let label =
            "\(question.text), \(DayKey(ordinal: grid.start)) to \(grid.today), answered on "
            + "\(byDay.count) of \(grid.days.count) days: " + spoken.joined(separator: ", ")
        return grid.svg(
            id: "pixels", title: "\(question.text): each day of the last year by its answer", label: label,
            cells: cells, legend: legend)
    }

    /// An option's text short enough for its legend slot (the full text is in the label).
    static func clipped(_ text: String) -> String {
        text.count <= 14 ? text : String(text.prefix(13)) + "…"
    }

    /// The report's findings as sentences: those with q ≤ 0.10 listed, the rest (and
    /// those the routine's own structure makes) behind a disclosure; with too little
    /// data, how much more it needs.
    var insights: String {
        let days = HistoryHTML.days(report.answeredDays)
        guard report.answeredDays > 0 else { return "<p>No answers yet: insights relate answers to habits.</p>" }
        var out = ""
        for alike in report.alike {
            out += "<p>Every answer so far is “\(HistoryHTML.escape(alike.option))”: there is nothing to compare it"
            out += " with.</p>\n"
        }
        let listed = report.listed(all: false)
        let rest = report.findings.filter { finding in !listed.contains(finding) }
        if report.findings.isEmpty {
            var line = "Not enough data yet in \(days) of answers: a finding needs at least "
            line += "\(Insights.minimumDays) days on each side"
            if let needed = report.daysNeeded { line += "; the closest needs \(HistoryHTML.days(needed)) more" }
            return out + "<p>\(line).</p>"
        }
        let threshold = String(format: "%.2f", InsightReport.qThreshold)
        if listed.isEmpty {
            out += "<p>From \(days) of answers: nothing stands out (no finding with q ≤ \(threshold)).</p>\n"
        } else {
            out += "<p>From \(days) of answers, sorted by p (Fisher's exact test; q: Benjamini–Hochberg):</p>\n"
            out += "<ol class=\"insights\">" + listed.map { "<li>\(HistoryHTML.escape($0.sentence))</li>" }.joined()
            out += "</ol>\n"
        }
        if !rest.isEmpty {
            out += "<details><summary>\(rest.count) more with q above \(threshold) or made by the routine itself"
            out += "</summary><ol class=\"insights-rest\">"
            out += rest.map { finding in
                let mark = finding.structure.map { " [\($0.rawValue)]" } ?? ""
                return "<li>\(HistoryHTML.escape(finding.sentence + mark))</li>"
            }.joined()
            out += "</ol></details>\n"
        }
        return out
    }
}
