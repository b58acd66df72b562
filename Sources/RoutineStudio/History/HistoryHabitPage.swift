import RoutineApp
import RoutineCore

/// One habit's history page (SPEC §19.5): its figures, a year heat map of its ledger
/// states, its best streaks as bars, a weekday punch card and its momentum over the
/// year. Pure: the caller passes what the application layer computed (the ledger's
/// states, the figures of `stats`, the momentum of each day).
struct HistoryHabitPage {
    var habit: HabitInfo
    /// The habit's states (the ledger's); nil when the ledger holds none.
    var days: HabitDays?
    /// Its figures today, as `stats` computes them.
    var stats: HabitStats
    /// Its figures on each day of the year drawn from its first day: momentum's line.
    var series: [HabitStats]
    var grid: HistoryYearGrid

    var name: String { HabitName.display(habit.name) }
    var today: DayKey { grid.today }

    func state(_ ordinal: Int) -> DayState {
        days?.state(ordinal) ?? .notDue(.beforeFirstDay)
    }

    var html: String {
        HistoryHTML.page(
            "habit", heading: name, lead: figures + "\n",
            sections: [
                ("The last year", heatMap), ("Best streaks", streakBars), ("Done per weekday", punchCard),
                ("Momentum", momentumLine),
            ])
    }

    /// `3 of 7 days`, or for a habit with a weekly target `3 of the last 4 weeks`.
    var momentumText: String {
        stats.habit.isWeekly
            ? "\(stats.momentum) of the last \(stats.dueDays) weeks"
            : "\(stats.momentum) of \(HistoryHTML.days(stats.dueDays)) done or due in the last 7"
    }

    var figures: String {
        var rows = [
            ("Today", state(today.ordinal).name.replacingOccurrences(of: "-", with: " ")),
            ("Current streak", HistoryHTML.days(stats.currentStreak)),
            ("Best streak", HistoryHTML.days(stats.bestStreak)),
            ("Momentum", momentumText),
        ]
        if let frequency = stats.habit.frequency, let streak = stats.periodStreak {
            rows.append(
                (
                    "Periods met in a row",
                    "\(streak) (at least \(frequency.times) of \(HistoryHTML.days(frequency.period)) each)"
                ))
        }
        let items = rows.map { "<dt>\($0.0)</dt><dd>\(HistoryHTML.escape($0.1))</dd>" }
        return "<dl class=\"history-figures\">" + items.joined() + "</dl>"
    }

    // MARK: The heat map

    var heatMap: String {
        var counts: [String: Int] = [:]
        var cells: [HistoryYearGrid.Cell] = []
        for ordinal in grid.days {
            let day = DayKey(ordinal: ordinal)
            let state = state(ordinal)
            counts[state.name, default: 0] += 1
            var tooltip = "\(day) (\(HistorySVG.weekdayNames[day.weekday])): \(Self.words(state.name))"
            if let detail = state.detail { tooltip += " (\(detail))" }
            cells.append(.init(day: day, cssClass: HistoryStyle.cssClass(state), tooltip: tooltip))
        }
        let legend = HistoryStyle.states.map {
            HistoryYearGrid.LegendItem(cssClass: "st-" + $0.name, text: "\($0.words) \(counts[$0.name] ?? 0)")
        }
        let total = grid.days.count
        let others = HistoryStyle.states.dropFirst().compactMap { state -> String? in
            guard let count = counts[state.name], count > 0 else { return nil }
            return "\(state.words) \(count)"
        }
        var label = "\(name), \(DayKey(ordinal: grid.start)) to \(today): done \(counts["done"] ?? 0) of \(total) days"
        if !others.isEmpty { label += " (" + others.joined(separator: ", ") + ")" }
        label += "; current streak \(HistoryHTML.days(stats.currentStreak)), best streak "
        label += HistoryHTML.days(stats.bestStreak)
        return grid.svg(
            id: "heatmap", title: "\(name): each day of the last year by its state", label: label, cells: cells,
            legend: legend)
    }

    /// A state's name in words: `not due` for `not-due`.
    static func words(_ name: String) -> String {
        HistoryStyle.states.first { $0.name == name }?.words ?? name
    }

    // MARK: The streaks

    var streakBars: String {
        guard let days else { return "<p>No streak yet.</p>" }
        let best = HistoryStreak.best(HistoryStreak.runs(days, through: today), count: 5)
        guard let longest = best.first?.length else { return "<p>No streak yet.</p>" }
        let (labelWidth, barWidth, row) = (170, 400, 24)
        // Room after the longest bar for its label, "1,234 days (current)".
        let width = labelWidth + barWidth + 150
        let height = best.count * row + 4
        let spoken = best.map { run in
            "\(HistoryHTML.days(run.length)) (\(run.first) to \(run.last)\(run.isCurrent ? ", current" : ""))"
        }
        let label = "Best streaks of \(name): " + spoken.joined(separator: ", ")
        var out = HistorySVG.open(
            id: "streaks", width: width, height: height, title: "\(name): the \(best.count) longest streaks",
            label: label)
        for (index, run) in best.enumerated() {
            let y = index * row + 4
            let length = max(2, Double(barWidth) * Double(run.length) / Double(longest))
            let kind = run.isCurrent ? "streak-bar streak-bar-current" : "streak-bar"
            out += "<text class=\"axis\" x=\"0\" y=\"\(y + 13)\">\(run.first) – \(run.last)</text>"
            out += "<rect class=\"\(kind)\" x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(HistoryHTML.number(length))\""
            out += " height=\"18\" data-length=\"\(run.length)\" data-first=\"\(run.first)\" data-last=\"\(run.last)\">"
            out += "<title>\(HistoryHTML.days(run.length)), \(run.first) to \(run.last)</title></rect>"
            out += "<text x=\"\(HistoryHTML.number(Double(labelWidth) + length + 6))\" y=\"\(y + 13)\">"
            out += "\(HistoryHTML.days(run.length))\(run.isCurrent ? " (current)" : "")</text>\n"
        }
        return out + "</svg>"
    }

    // MARK: The punch card

    /// Done days per weekday (0 = Monday) over the habit's whole history.
    var donePerWeekday: [Int] {
        var counts = Array(repeating: 0, count: 7)
        guard let days, min(today.ordinal, days.last) >= days.first else { return counts }
        for ordinal in days.first...min(today.ordinal, days.last) where days.state(ordinal) == .done {
            counts[DayKey(ordinal: ordinal).weekday] += 1
        }
        return counts
    }

    var punchCard: String {
        let counts = donePerWeekday
        let most = max(1, counts.max() ?? 0)
        let (column, radius) = (64, 22.0)
        let order = (0..<7).map { (grid.weekStart + $0) % 7 }
        let since = days.map { " since \(DayKey(ordinal: $0.first))" } ?? ""
        let spoken = order.map { "\(HistorySVG.weekdayNames[$0]) \(counts[$0])" }.joined(separator: ", ")
        var out = HistorySVG.open(
            id: "punchcard", width: 7 * column, height: 90, title: "\(name): done days per weekday",
            label: "\(name), done days per weekday\(since): \(spoken)")
        for (position, weekday) in order.enumerated() {
            let x = position * column + column / 2
            let count = counts[weekday]
            let r = count == 0 ? radius : max(2, radius * (Double(count) / Double(most)).squareRoot())
            out += "<circle class=\"\(count == 0 ? "punch-empty" : "punch")\" cx=\"\(x)\" cy=\"26\""
            out += " r=\"\(HistoryHTML.number(r))\" data-weekday=\"\(HistorySVG.weekdayNames[weekday])\""
            out += " data-count=\"\(count)\"><title>\(HistorySVG.weekdayNames[weekday]): \(count) done</title></circle>"
            out += "<text x=\"\(x)\" y=\"64\" text-anchor=\"middle\">\(count)</text>"
            out += "<text class=\"axis\" x=\"\(x)\" y=\"80\" text-anchor=\"middle\">"
            out += "\(HistorySVG.weekdayNames[weekday])</text>\n"
        }
        return out + "</svg>"
    }

    // MARK: Momentum

    /// Momentum as a share of the days it counts (nil on a day that counts none).
    static func share(_ stats: HabitStats) -> Double? {
        stats.dueDays > 0 ? Double(stats.momentum) / Double(stats.dueDays) : nil
    }

    var momentumLine: String {
        let plotLeft = Double(HistoryYearGrid.left)
        let plotWidth = Double(HistoryYearGrid.columns * HistoryYearGrid.pitch)
        let (top, plotHeight) = (8.0, 80.0)
        let perDay = plotWidth / Double(HistoryYearGrid.columns * 7)
        var path = ""
        var drawing = false
        var shares: [Double] = []
        for figures in series {
            guard let share = Self.share(figures) else {
                drawing = false
                continue
            }
            shares.append(share)
            let x = plotLeft + Double(figures.day.ordinal - grid.start) * perDay
            let y = top + (1 - share) * plotHeight
            path += (drawing ? " L" : (path.isEmpty ? "M" : " M")) + "\(HistoryHTML.number(x)) \(HistoryHTML.number(y))"
            drawing = true
        }
        var label = "Momentum of \(name) (done days among those done or due in the last 7), day by day"
        label += " over the last year: now \(momentumText)"
        if let low = shares.min(), let high = shares.max() {
            let mean = shares.reduce(0, +) / Double(shares.count)
            label += "; between \(Self.percent(low)) and \(Self.percent(high)), on average \(Self.percent(mean))"
        } else {
            label += "; no day to count yet"
        }
        var out = HistorySVG.open(
            id: "momentum", width: grid.gridWidth, height: Int(top + plotHeight) + 20,
            title: "\(name): momentum over the last year", label: label)
        for (share, text) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
            let y = HistoryHTML.number(top + (1 - share) * plotHeight)
            out += "<line class=\"momentum-grid\" x1=\"\(Int(plotLeft))\" x2=\"\(Int(plotLeft + plotWidth))\""
            out += " y1=\"\(y)\" y2=\"\(y)\"/><text class=\"axis\" x=\"0\" y=\"\(y)\">\(text)</text>\n"
        }
        if !path.isEmpty { out += "<path class=\"momentum-line\" d=\"\(path)\"/>\n" }
        return out + "</svg>"
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }
}
