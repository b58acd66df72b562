import Foundation
import RoutineCore
import RoutineFile

/// A case's history, and the days and amounts written in it.
extension TestFileDecoder {
    mutating func history(_ node: YAMLNode, day: DayKey?) -> CaseHistory {
        var history = CaseHistory()
        guard case .mapping = node.kind else {
            report(
                .invalidValue, "'history' must be a mapping (entries, pauses, answers, archived), not \(node.kindName)",
                at: node.location)
            return history
        }
        let fields = keyed(node, allowed: Self.historyKeys, what: "history")
        for item in fields["entries"].flatMap({ list($0, what: "'entries'") }) ?? [] {
            let keys = keyed(item, allowed: Self.entryKeys, what: "entry", mapping: "an entry is {habit, day, value?}")
            guard case .mapping = item.kind else { continue }
            guard
                let habit = required(keys, "habit", in: item, what: "an entry").flatMap({
                    text($0, what: "an entry's habit")
                }),
                let when = required(keys, "day", in: item, what: "an entry").flatMap({
                    relativeDay($0, from: day, latest: 0)
                })
            else { continue }
            let value = keys["value"].flatMap { amount($0) }
            history.entries.append(HistoryEntry(habit: habit, day: when, value: value, location: item.location))
        }
        for item in fields["pauses"].flatMap({ list($0, what: "'pauses'") }) ?? [] {
            let keys = keyed(item, allowed: Self.pauseKeys, what: "pause", mapping: "a pause is {habits?, from, to}")
            guard case .mapping = item.kind else { continue }
            let habits =
                keys["habits"].flatMap { list($0, what: "a pause's 'habits'") }?.compactMap {
                    text($0, what: "a paused habit")
                } ?? []
            guard
                let from = required(keys, "from", in: item, what: "a pause").flatMap({
                    relativeDay($0, from: day, latest: nil)
                }),
                let to = required(keys, "to", in: item, what: "a pause").flatMap({
                    relativeDay($0, from: day, latest: nil)
                })
            else { continue }
            if to < from {
                report(.invalidValue, "a pause ends (\(to)) before it starts (\(from))", at: item.location)
                continue
            }
            let span = PauseSpan(from: from, to: to, habitKeys: habits.map { HabitKey($0) })
            history.pauses.append(Marked(value: span, location: item.location))
        }
        for item in fields["answers"].flatMap({ list($0, what: "history's 'answers'") }) ?? [] {
            let keys = keyed(
                item, allowed: Self.pastAnswerKeys, what: "past answer",
                mapping: "a past answer is {question, day, answer}")
            guard case .mapping = item.kind else { continue }
            guard
                let question = required(keys, "question", in: item, what: "a past answer").flatMap({
                    text($0, what: "a question")
                }),
                let when = required(keys, "day", in: item, what: "a past answer").flatMap({
                    relativeDay($0, from: day, latest: -1)
                }),
                let answer = required(keys, "answer", in: item, what: "a past answer").flatMap({
                    text($0, what: "an answer")
                })
            else { continue }
            history.answers.append(PastAnswer(question: question, day: when, answer: answer, location: item.location))
        }
        for item in fields["archived"].flatMap({ list($0, what: "'archived'") }) ?? [] {
            if let name = text(item, what: "an archived habit") {
                history.archived.append(Marked(value: name, location: item.location))
            }
        }
        return history
    }

    /// A date, or an offset in days from the case's day (`-1` is the day before).
    /// `latest`: the latest offset allowed (0: the day itself; -1: before it). Nil when
    /// the case's day is not known (already reported) and this day depends on it.
    mutating func relativeDay(_ node: YAMLNode, from day: DayKey?, latest: Int?) -> DayKey? {
        guard let raw = node.text?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            report(
                .invalidValue, "a day must be a date (YYYY-MM-DD) or an offset such as -1, not \(node.kindName)",
                at: node.location)
            return nil
        }
        var result: DayKey?
        if let offset = Int(raw), abs(offset) <= 100_000 {
            result = day?.adding(days: offset)
        } else {
            result = date(node)
        }
        guard let result, let day else { return nil }
        guard result.isInSupportedRange else {
            let range = DayKey.supportedRange
            let beyond =
                result < range.lowerBound
                ? "before \(range.lowerBound), the first day" : "after \(range.upperBound), the last day"
            report(.invalidValue, "history day \(raw) is \(beyond) routine knows", at: node.location)
            return nil
        }
        if let latest, result.ordinal - day.ordinal > latest {
            let limit = latest == 0 ? "on or before the case's day" : "before the case's day"
            report(.invalidValue, "history is what happened \(limit) (\(day)); \(raw) is \(result)", at: node.location)
            return nil
        }
        return result
    }

    mutating func date(_ node: YAMLNode) -> DayKey? {
        guard let raw = node.text?.trimmingCharacters(in: .whitespacesAndNewlines), raw.count == 10,
            let day = DayKey(raw), day.isInSupportedRange
        else {
            report(.invalidValue, "'\(node.text ?? node.kindName)' is not a date: use YYYY-MM-DD", at: node.location)
            return nil
        }
        return day
    }

    mutating func amount(_ node: YAMLNode) -> Double? {
        guard let raw = node.text else {
            report(.invalidValue, "a value must be a number, not \(node.kindName)", at: node.location)
            return nil
        }
        if let problem = Quantity.problem(raw) {
            report(.invalidValue, problem, at: node.location)
            return nil
        }
        return Quantity.parse(raw)
    }
}
