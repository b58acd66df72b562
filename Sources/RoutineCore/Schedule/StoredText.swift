/// A value kept as one short text wherever it is kept: the store's column, a saved
/// walker, a sync payload, a routine's JSON. Its `Codable` form is that text, in one
/// place for every such type (`Schedule`, `DayTarget`), and the store's column
/// conversion is written once over it too (RoutineStore's `StoredValues`).
public protocol StoredText: Codable, Sendable {
    /// The text kept: `days:mon,thu`, `at-most:2`.
    var storedText: String { get }
    /// Reads `storedText` back; nil for anything else (damage, never a default).
    init?(storedText: String)
    /// What the text should have been, for the line that reports one that is not: "a schedule".
    static var storedTextKind: String { get }
}

extension StoredText {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(storedText: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not \(Self.storedTextKind): \(text)"))
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storedText)
    }
}
