/// A row's identity as its own type, so an entry id cannot be passed where a goal id is
/// meant. It reads, writes, prints and encodes (JSON) as the bare raw value, exactly as
/// the plain number or text did before.
public protocol StoreIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
where RawValue: Codable & Sendable & CustomStringConvertible {
    init(rawValue: RawValue)
}

extension StoreIdentifier {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue.description }
}

/// A `habit_entry` row's id.
public struct EntryID: StoreIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A `goal` row's id.
public struct GoalID: StoreIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A run's id: a lower-case UUID text (`run.id`).
public struct RunID: StoreIdentifier {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The first 8 characters: how messages and lists show a run.
    public var short: String { String(rawValue.prefix(8)) }
}
