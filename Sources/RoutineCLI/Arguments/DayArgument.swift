import ArgumentParser
import Foundation
import RoutineCore

/// A `--day`, `--from` or `--to` value as the person wrote it (SPEC §12): a date
/// (`2026-11-22`), `today`, `yesterday`, `-N` (N days back), `tomorrow`, `+N` (N days on),
/// a weekday name, or `next fri` / `next-fri` (the first such day after today).
///
/// ArgumentParser parses the word (a bad word is a usage error naming the flag, with a
/// suggestion), but what a word means depends on the resolved settings (time zone, day
/// start, `ROUTINE_NOW`, a config file), which are known only when the command runs:
/// so the word is kept, and ``resolve(today:)`` turns it into a DayKey then.
///
/// A bare weekday is the only word whose direction depends on the option, so the option's
/// declaration decides it: where a day looks back (`--day`, a history's `--from`) it is
/// the most recent such day (``parse(_:)``); where a range ends or a plan starts (`pause
/// --to sun`, `plan --from mon`) it is the coming one (``parseForward(_:)``). Today counts
/// as both (docs/time.md).
public enum DayArgument: Sendable, Equatable {
    case date(DayKey)
    /// N days before today (`today` is 0, `yesterday` 1, `-3` 3; `tomorrow` is -1, `+2` -2).
    case daysBack(Int)
    /// A weekday (0 Monday … 6 Sunday): the nearest such day in the option's direction,
    /// today included.
    case weekday(Int, pointing: Direction)
    /// `next fri`: the first such day after today (7 days on when today is one).
    case nextWeekday(Int)

    /// Which way a bare weekday points.
    public enum Direction: Sendable { case back, forward }

    /// The weekday words, Monday first, as `DayKey.weekday` numbers them.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    /// The words a suggestion may offer.
    static let words = ["today", "yesterday", "tomorrow", "next"] + weekdays
    /// What Tab offers for a day (`log --day <Tab>`).
    static let completions = ["today", "yesterday", "tomorrow"] + weekdays.map { String($0.prefix(3)) }

    /// The most days `-N` and `+N` may move: further than a lifetime, and short of the
    /// calendar's ends.
    static let maximumOffset = 99_999

    /// The transform of an option whose day points forward: the end of a range, the
    /// start of a plan. Only a bare weekday reads differently.
    static func parseForward(_ text: String) throws -> DayArgument {
        let day = try parse(text)
        if case .weekday(let index, _) = day { return .weekday(index, pointing: .forward) }
        return day
    }

    /// The transform of a date option that looks back (a day to show or record).
    static func parse(_ text: String) throws -> DayArgument {
        guard let day = DayArgument(text) else {
            let word = text.trimmingCharacters(in: .whitespaces).lowercased()
            let last = word.split(separator: " ").last.map(String.init) ?? word
            let hint = last.first?.isLetter == true ? Suggestion.hint(Suggestion.closest(to: last, among: words)) : ""
            throw ValidationError(
                "expected a date: YYYY-MM-DD, today, yesterday, tomorrow, -N, +N, a weekday or next WEEKDAY\(hint)")
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
        } else if word == "tomorrow" {
            self = .daysBack(-1)
        } else if let sign = word.first, sign == "-" || sign == "+", let count = Self.count(word.dropFirst()) {
            self = .daysBack(sign == "-" ? count : -count)
        } else if let index = Self.weekday(word) {
            self = .weekday(index, pointing: .back)
        } else if word.hasPrefix("next"), case let rest = word.dropFirst(4), rest.first == " " || rest.first == "-",
            let index = Self.weekday(rest.dropFirst().trimmingCharacters(in: .whitespaces))
        {
            self = .nextWeekday(index)
        } else {
            return nil
        }
    }

    private static func count(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func weekday(_ word: String) -> Int? {
        weekdays.firstIndex { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }
    }

    /// The DayKey this word names when today is `today`.
    public func resolve(today: DayKey) -> DayKey {
        switch self {
        case .date(let day): day
        case .daysBack(let count): today.adding(days: -count)
        case .weekday(let weekday, let pointing):
            switch pointing {
            case .back: today.adding(days: -((today.weekday - weekday + 7) % 7))
            case .forward: today.adding(days: (weekday - today.weekday + 7) % 7)
            }
        case .nextWeekday(let weekday): today.adding(days: (weekday - today.weekday + 6) % 7 + 1)
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
