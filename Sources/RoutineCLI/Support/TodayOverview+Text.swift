import RoutineCore

/// `routine today`'s text (SPEC §13.2), its short line (`today --short`, SPEC §20) and
/// what a reminder says (`remind`), drawn from the day planner's `TodayOverview`.
extension TodayOverview {
    var dayPhrase: String { isToday ? "today" : "on \(day)" }

    /// The overview as text lines (no colour, no trailing spaces).
    var lines: [String] {
        let weekday = Weekday(day).longName
        var lines = [isToday ? "Today, \(day) (\(weekday))" : "\(weekday), \(day)"]
        guard !sections.isEmpty else {
            lines.append("No routines or habits yet — import a routine or `routine log HABIT` to start.")
            return lines
        }
        for section in sections {
            lines.append(Self.heading(section))
            lines += section.items("done").map { "  ✓ " + HabitHints.doneHint($0.stats) }
            for item in section.dueItems {
                lines.append(
                    "  · " + HabitHints.openHint(item.stats) + (item.state == .later ? " (left for later)" : ""))
            }
            let possible = section.items("possible")
            if showAll {
                for item in possible {
                    if case .possible(let why) = item.state { lines.append("  ○ \(item.name): depends on \(why)") }
                }
                for item in section.items("optional") {
                    if case .optional(let why) = item.state {
                        lines.append("  ○ \(item.name): asked if your answers lead there (not due: \(Self.short(why)))")
                    }
                }
            } else if !possible.isEmpty {
                lines.append("  + \(possible.count) more depending on your answers")
            }
            lines += section.items("skipped").map { "  – \($0.name): skipped" }
            lines += section.items("declined").map { "  – \($0.name): declined (not due)" }
            let notDue = section.items("not-due") + section.items("paused") + (showAll ? [] : section.items("optional"))
            if showAll {
                for item in notDue {
                    lines.append(
                        "  · \(item.name): not due (\(item.state == .paused ? "paused" : item.state.detail ?? ""))")
                }
            } else if !notDue.isEmpty {
                lines.append("  \(notDue.count) not due \(dayPhrase)")
            }
        }
        if allDone { lines.append("All done — nice.") }
        return lines
    }

    /// `tue, thu, sun` for `schedule: tue, thu, sun`.
    static func short(_ reason: String) -> String {
        reason.hasPrefix("schedule: ") ? String(reason.dropFirst(10)) : reason
    }

    var text: String { lines.joined(separator: "\n") }

    static func heading(_ section: Section) -> String {
        guard let slug = section.slug, let state = section.state else { return "By hand" }
        switch state {
        case .notStarted: return "\(slug): not started"
        case .paused(let prompt?): return "\(slug): paused at “\(prompt)”"
        case .paused(nil): return "\(slug): paused, nothing left to ask (resume finishes it)"
        case .completed(let time): return "\(slug): completed at \(time)"
        case .aborted(let time): return "\(slug): aborted at \(time)"
        }
    }

    /// `3 left: Meditate, Journal, Floss · 4 done`; nil when nothing is left to do.
    var shortLine: String? {
        let left = self.left
        guard !left.isEmpty else { return nil }
        let done = doneCount
        return "\(left.count) left: " + left.map(\.name).joined(separator: ", ") + (done > 0 ? " · \(done) done" : "")
    }

    /// What a reminder says: a line per routine with what is left in it, then the habits
    /// by hand (`By hand: Floss`); empty when nothing is left.
    var reminderLines: [String] {
        sections.compactMap { section in
            let left = Self.left(section)
            guard !left.isEmpty else { return nil }
            return "\(section.slug ?? "By hand"): " + left.map(\.text).joined(separator: ", ")
        }
    }
}

extension TodayOverview.Left {
    /// `Journal`, or `Journal (later)`.
    var text: String { later ? "\(name) (later)" : name }
}
