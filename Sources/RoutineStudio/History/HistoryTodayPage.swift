import RoutineCore

/// `today` as a page (SPEC §19.5): what `routine today --all` lists — each routine's
/// state on the day and every habit it shows with its ledger state's name — from the
/// day planner's `TodayOverview`, not a second reading of the store.
struct HistoryTodayPage {
    var overview: TodayOverview

    var html: String {
        let weekday = Weekday(overview.day).longName
        var out = "<main class=\"history history-today\">\n"
        out += "<p><a href=\"/history\">All history</a></p>\n"
        out += "<h1>\(overview.isToday ? "Today, " : "")\(weekday) \(overview.day)</h1>\n"
        guard !overview.sections.isEmpty else {
            return out + "<p>No routines or habits yet: import a routine or log a habit to start.</p>\n</main>\n"
        }
        for section in overview.sections {
            let slug = section.slug.map(HistoryHTML.escape)
            out += "<section class=\"today-routine\"\(slug.map { " data-routine=\"\($0)\"" } ?? "")>\n"
            out += "<h2>\(slug ?? "By hand")"
            if let state = section.state { out += " <span class=\"routine-state\">\(Self.words(state))</span>" }
            out += "</h2>\n"
            if section.items.isEmpty { out += "<p>No habits shown.</p>\n" }
            out += "<ul class=\"today-habits\">\n"
            for item in section.items {
                let state = item.state
                let words = HistoryHabitPage.words(state.name)
                out += "<li data-habit=\"\(HistoryHTML.escape(item.name))\" data-state=\"\(state.name)\">"
                out += "<span class=\"badge \(HistoryStyle.cssClass(state))\" aria-hidden=\"true\"></span>"
                out += HistoryHTML.link("/history/habit/" + HistoryHTML.pathSegment(item.name), item.name)
                out += ": <span class=\"state\">\(words)</span>"
                if let detail = state.detail { out += " (\(HistoryHTML.escape(detail)))" }
                if item.stats.currentStreak >= 2 { out += " · \(item.stats.currentStreak)-day streak" }
                out += "</li>\n"
            }
            out += "</ul>\n</section>\n"
        }
        if overview.allDone { out += "<p>All done — nice.</p>\n" }
        return out + "</main>\n"
    }

    /// A routine's state in the words `today` uses (escaped).
    static func words(_ state: TodayOverview.State) -> String {
        switch state {
        case .notStarted: "not started"
        case .paused(let prompt?): "paused at “\(HistoryHTML.escape(prompt))”"
        case .paused(nil): "paused, nothing left to ask (resume finishes it)"
        case .completed(let time): "completed at \(HistoryHTML.escape(time))"
        case .aborted(let time): "aborted at \(HistoryHTML.escape(time))"
        }
    }
}
