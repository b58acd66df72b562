import Foundation
import GRDB
import RoutineCore

// The stored forms of the core's value types, each in one place: a day key is its
// `YYYY-MM-DD` text, a run status its word, a schedule its `days:…`/`every:…` text, an
// instant its fixed-width ISO 8601 UTC text. Each converts both ways, and a stored text
// that does not convert back (a `2026-02-30`, a status `done`, a schedule `days:funday`)
// is nil — which `StoredRow` reports as damage naming the table, the row and the column.
// Nothing reads as a default: a damaged day is not 1970-01-01, a damaged status not
// `aborted`, a damaged schedule not daily. The types stay in RoutineCore (which knows
// nothing of GRDB); only these conformances live here.

/// What a stored value of this type is, for the one line that reports a damaged one.
protocol StoredValue: DatabaseValueConvertible {
    static var storedKind: String { get }
}

extension DayKey: DatabaseValueConvertible, StoredValue {
    static var storedKind: String { "a day (YYYY-MM-DD)" }
}

extension RunStatus: DatabaseValueConvertible, StoredValue {
    static var storedKind: String { "a run status (\(allCases.map(\.rawValue).joined(separator: ", ")))" }
}

/// A core value kept as its `StoredText`, in a text column: one conversion for all of them.
extension DatabaseValueConvertible where Self: StoredText {
    public var databaseValue: DatabaseValue { storedText.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        guard case .string(let text) = dbValue.storage else { return nil }
        return Self(storedText: text)
    }
}

extension Schedule: DatabaseValueConvertible, StoredValue {
    static var storedKind: String { "a schedule (days:mon,… or every:N)" }
}

extension DayTarget: DatabaseValueConvertible, StoredValue {
    static var storedKind: String { "a day target (at-least:V or at-most:V)" }
}

/// An instant as the store keeps it: `Instant`'s fixed-width text with milliseconds
/// (`2026-11-22T06:30:00.000Z`), so that text order is time order. A wrapper, not a
/// conformance of `Date`: GRDB already gives `Date` a different text form.
struct StoredInstant: StoredValue, Codable, Hashable, Sendable {
    var date: Date

    init(_ date: Date) {
        self.date = date
    }

    static var storedKind: String { "an instant (YYYY-MM-DDTHH:MM:SS.sssZ)" }

    var databaseValue: DatabaseValue { Instant.format(date).databaseValue }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredInstant? {
        guard case .string(let text) = dbValue.storage, let date = Instant.parse(text) else { return nil }
        return StoredInstant(date)
    }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = Instant.parse(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
        }
        self.date = date
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Instant.format(date))
    }
}
