import Foundation
import RoutineCore

/// A test file's shape as an editor needs it (SPEC §15.3): the keys each level takes,
/// and what the decoder says of a text, without resolving the routine or running a case.
///
/// The decoder reads its allowed keys from here, so the keys an editor completes and the
/// keys `routine test` accepts are one list.
public enum TestFileShape {
    /// A key of a test file, and one line on what it holds (an editor shows it).
    public struct Key: Sendable, Equatable {
        public var name: String
        public var summary: String
    }

    public static let top = [
        Key(name: "routine", summary: "the routine tested: a file relative to this one, or a stored name"),
        Key(name: "cases", summary: "the cases: a list of {day, history, answers, expectations}"),
    ]
    public static let testCase = [
        Key(name: "name", summary: "the case's name (default: case N)"),
        Key(name: "day", summary: "the run's day: YYYY-MM-DD"),
        Key(name: "history", summary: "what happened before: entries, pauses, archived, answers"),
        Key(name: "answers", summary: "the lines typed at the prompts, in order"),
        Key(name: "asks", summary: "expected: the prompts the run shows, in order (node ids or habits)"),
        Key(name: "records", summary: "expected: the entries recorded (habit, or {habit, value})"),
        Key(name: "not-due", summary: "expected: nodes stepped over, {node: schedule|paused|archived|when}"),
        Key(name: "status", summary: "expected: the run's status at its end"),
    ]
    public static let history = [
        Key(name: "entries", summary: "entries before the run: {habit, day, value?}"),
        Key(name: "pauses", summary: "pauses: {habits?, from, to}, inclusive"),
        Key(name: "answers", summary: "earlier answers: {question, day, answer}"),
        Key(name: "archived", summary: "archived habit names"),
    ]
    public static let entry = [
        Key(name: "habit", summary: "the habit's name"),
        Key(name: "day", summary: "a date, or an offset from the case's day (-1: the day before)"),
        Key(name: "value", summary: "a quantity habit's value"),
    ]
    public static let pause = [
        Key(name: "habits", summary: "the habits paused (default: every habit)"),
        Key(name: "from", summary: "the first day paused: a date or an offset"),
        Key(name: "to", summary: "the last day paused: a date or an offset"),
    ]
    public static let pastAnswer = [
        Key(name: "question", summary: "the question's node id"),
        Key(name: "day", summary: "a date, or an offset from the case's day"),
        Key(name: "answer", summary: "the option's text answered"),
    ]
    public static let record = [
        Key(name: "habit", summary: "the habit's name"),
        Key(name: "value", summary: "a quantity habit's value"),
    ]

    /// The keys of the mapping at `path` (outermost key first, `-` for a list item), as
    /// the decoder reads it; none where the file has no mapping with known keys.
    public static func keys(at path: [String]) -> [Key] {
        switch path {
        case []: top
        case ["cases", "-"]: testCase
        case ["cases", "-", "history"]: history
        case ["cases", "-", "history", "entries", "-"]: entry
        case ["cases", "-", "history", "pauses", "-"]: pause
        case ["cases", "-", "history", "answers", "-"]: pastAnswer
        case ["cases", "-", "records", "-"]: record
        default: []
        }
    }

    /// What `routine test` says of a test file's shape (syntax, unknown, missing and
    /// invalid keys and values), at the reader's line:col, in file order. The checks
    /// against the routine it names are left out: they need the routine's file or a store.
    public static func diagnostics(of text: String) -> [Diagnostic] {
        diagnostics(of: Data(text.utf8))
    }

    /// The same, of a file's bytes as read (`routine check` naming a test file).
    public static func diagnostics(of data: Data) -> [Diagnostic] {
        TestFileDecoder.decode(data).diagnostics
    }
}
