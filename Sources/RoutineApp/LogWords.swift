import Foundation
import RoutineCore
import RoutineStore

/// The words of `log` as a person types them, unquoted (SPEC §17.7): `log Read 25 min`,
/// `log Go for a walk`. Some first words name the habit and the rest, if any, is the
/// amount; which split is meant is decided against the store's habits.
public enum LogWords {
    /// One way to read the words: the habit's name and the amount as typed (nil: none).
    public struct Reading: Sendable, Equatable {
        public var habit: String
        public var amount: String?
    }

    /// What the words mean.
    public enum Resolution: Sendable, Equatable {
        /// One reading names a stored habit (or, when none does, the one to create or to
        /// report as unknown: the shortest amount after the longest name).
        case reading(Reading, known: Bool)
        /// Several readings name stored habits; each is listed.
        case ambiguous([Reading])
    }

    /// Every split of `words` into a name (at least one word) and an amount that starts
    /// like a number (`25 min`, `7,5`, `.5`), the whole line as a name first.
    public static func readings(_ words: [String]) -> [Reading] {
        let words = words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        guard !words.isEmpty else { return [] }
        var found = [Reading(habit: words.joined(separator: " "), amount: nil)]
        for split in stride(from: words.count - 1, through: 1, by: -1) {
            let amount = words[split...].joined(separator: " ")
            guard let first = amount.first, first.isASCII, first.isNumber || first == "." || first == "," else {
                continue
            }
            found.append(Reading(habit: words[..<split].joined(separator: " "), amount: amount))
        }
        return found
    }

    /// The reading of `words` that names a habit the store holds; with none, the one to
    /// use for a new habit or to name as unknown (an amount when one was typed).
    static func resolve(_ words: [String], store: AppDatabase) throws -> Resolution? {
        let all = readings(words)
        var known: [Reading] = []
        var names = Set<HabitKey>()
        for reading in all where try store.habits.habit(named: reading.habit) != nil {
            if names.insert(HabitKey(reading.habit)).inserted { known.append(reading) }
        }
        if known.count > 1 { return .ambiguous(known) }
        if let only = known.first { return .reading(only, known: true) }
        guard let fallback = all.dropFirst().first ?? all.first else { return nil }
        return .reading(fallback, known: false)
    }
}
