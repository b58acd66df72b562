import ArgumentParser
import Foundation
import RoutineCore

/// A `--day`, `--from` or `--to` value as the person wrote it (SPEC §12): a date
/// (`2026-11-22`), `today`, `yesterday`, `-N` (N days back) or a weekday name (the most
/// recent such day, today included).
///
/// ArgumentParser parses the word (a bad word is a usage error naming the flag, with a
/// suggestion), but what a word means depends on the resolved settings (time zone, day
/// start, `ROUTINE_NOW`, a config file), which are known only when the command runs:
/// so the word is kept, and ``resolve(today:)`` turns it into a DayKey then.
public enum DayArgument: Sendable, Equatable {
    case date(DayKey)
    /// N days before today (`today` is 0, `yesterday` 1, `-3` 3).
    case daysBack(Int)
    /// The most recent day with this weekday (0 Monday … 6 Sunday), today included.
    case weekday(Int)

    /// The weekday words, Monday first, as `DayKey.weekday` numbers them.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    /// The words a suggestion may offer.
    static let words = ["today", "yesterday"] + weekdays

    /// The transform of every date option.
    static func parse(_ text: String) throws -> DayArgument {
        guard let day = DayArgument(text) else {
            let word = text.trimmingCharacters(in: .whitespaces)
            let hint = word.first?.isLetter == true ? Suggestion.hint(Suggestion.closest(to: word, among: words)) : ""
            throw ValidationError("expected a date: YYYY-MM-DD, today, yesterday, -N or a weekday name\(hint)")
        }
        return day
    }

    /// Reads a word; nil when it is none of the accepted forms. Words are
    /// case-insensitive; weekdays may be shortened to three letters (`mon`).
    public init?(_ text: String) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let day = DayKey(word) {
            self = .date(day)
        } else if word == "today" {
            self = .daysBack(0)
        } else if word == "yesterday" {
            self = .daysBack(1)
        } else if word.hasPrefix("-"), word.count > 1, word.count <= 6,
            word.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), let back = Int(word.dropFirst())
        {
            self = .daysBack(back)
        } else if let index = Self.weekdays.firstIndex(where: { $0 == word || (word.count == 3 && $0.hasPrefix(word)) })
        {
            self = .weekday(index)
        } else {
            return nil
        }
    }

    /// The DayKey this word names when today is `today`.
    public func resolve(today: DayKey) -> DayKey {
        switch self {
        case .date(let day): day
        case .daysBack(let count): today.adding(days: -count)
        case .weekday(let weekday): today.adding(days: -((today.weekday - weekday + 7) % 7))
        }
    }
}

extension Settings {
    /// The DayKey of a date option, or today's when it was not given. A word that
    /// lands outside the days a DayKey can be (0001-01-01 to 9999-12-31: `yesterday` on
    /// the first of them, `-99999` early on) is a usage error naming the day it would
    /// be, never a day stored out of range or written as another.
    func day(_ argument: DayArgument?) throws -> DayKey {
        let day = argument?.resolve(today: time.today) ?? time.today
        guard DayKey.supportedRange.contains(day) else {
            let range = DayKey.supportedRange
            throw CLIError.usage(
                "that day falls outside \(range.lowerBound)…\(range.upperBound), the days routine can record")
        }
        return day
    }
}
