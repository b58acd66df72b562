import Foundation
import RoutineApp
import RoutineCore

/// How `review` prints a `Review`.
enum ReviewText {
    static let weekdayLetters = ["M", "T", "W", "T", "F", "S", "S"]

    static func text(_ review: Review) -> String {
        let previous = review.span == .week ? "last week" : "last month"
        var lines = [
            review.span == .week
                ? "Week of \(review.from) to \(review.to)" : "\(monthName(review.from.month)) \(review.from.year)"
        ]
        let width = min(30, max(6, review.habits.map(\.name.count).max() ?? 0))
        func pad(_ text: String) -> String {
            let clipped = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return clipped + String(repeating: " ", count: width - clipped.count)
        }
        let days = (review.from.ordinal...review.to.ordinal).map(DayKey.init(ordinal:))
        let spaced = review.span == .week
        if review.habits.isEmpty {
            lines.append("No habits due in this \(review.span.rawValue).")
        } else {
            let header = spaced ? days.map { weekdayLetters[$0.weekday] }.joined(separator: " ") : monthHeader(days)
            lines.append(pad("") + "  " + header)
            for habit in review.habits {
                let marks = habit.marks.map(\.symbol).joined(separator: spaced ? " " : "")
                lines.append(
                    pad(habit.name) + "  " + marks + "  \(habit.done) of \(habit.due) due"
                        + " (\(previous) \(habit.previousDone) of \(habit.previousDue))")
            }
            lines.append("● done  ○ due, not done  · not due")
        }
        if !review.questions.isEmpty {
            lines.append("Answers")
            for question in review.questions {
                let counts = question.counts.map { "\($0.option) \($0.days)" }.joined(separator: ", ")
                lines.append("  \(question.text) (\(question.routine)/\(question.node)): \(counts)")
            }
        }
        if !review.goals.isEmpty {
            lines.append("Goals")
            for goal in review.goals {
                let unit = goal.unit.map { " " + $0 } ?? ""
                var line = "  \(goal.title): \(number(goal.total)) of \(number(goal.target))\(unit)"
                if let perDay = goal.perDay {
                    line += ", \(number(goal.remaining)) left in \(goal.daysLeft) day\(goal.daysLeft == 1 ? "" : "s")"
                    line += ": \(number(perDay))\(unit) a day"
                } else if goal.remaining <= 0 {
                    line += ", reached"
                } else {
                    line += ", \(number(goal.remaining)) short; the goal has ended"
                }
                lines.append(line)
            }
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n") + "\n"
    }

    /// Day numbers over a month's marks (one column a day): 1, 5, 10, 15, 20, 25, 30.
    static func monthHeader(_ days: [DayKey]) -> String {
        var header = ""
        for (column, day) in days.enumerated() where day.day == 1 || day.day % 5 == 0 {
            header += String(repeating: " ", count: max(0, column - header.count)) + String(day.day)
        }
        return header
    }

    static func number(_ value: Double) -> String { MetricNumber.text(value, decimals: 2) }

    static func monthName(_ month: Int) -> String {
        CalendarNames.months[max(0, min(11, month - 1))]
    }

    static func json(_ review: Review) -> JSONValue {
        let habits = review.habits.map { habit -> JSONValue in
            [
                "habit": .string(habit.name), "days": JSONValue(habit.marks.map(\.rawValue)),
                "states": JSONValue(habit.states), "done": .integer(habit.done), "due": .integer(habit.due),
                "previousDone": .integer(habit.previousDone), "previousDue": .integer(habit.previousDue),
            ]
        }
        let questions = review.questions.map { question -> JSONValue in
            [
                "routine": .string(question.routine), "node": .string(question.node),
                "question": .string(question.text),
                "answers": .array(question.counts.map { ["answer": .string($0.option), "days": .integer($0.days)] }),
            ]
        }
        let goals = review.goals.map { goal -> JSONValue in
            [
                "goal": .string(goal.title), "unit": JSONValue(goal.unit), "total": .number(goal.total),
                "target": .number(goal.target), "remaining": .number(goal.remaining),
                "daysLeft": .integer(goal.daysLeft),
                "perDay": JSONValue(goal.perDay),
            ]
        }
        return [
            "span": .string(review.span.rawValue), "from": .string(review.from.description),
            "to": .string(review.to.description), "day": .string(review.day.description), "habits": .array(habits),
            "questions": .array(questions), "goals": .array(goals),
        ]
    }
}
